import { useEffect, useId, useState } from 'react';
import { Dialog, DialogTitle, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useIntl } from 'react-intl';
import type { FormItem } from '../../../api/forms';
import { FormInfoPanel } from './FormInfoPanel';
import { FormProjectsPanel } from './FormProjectsPanel';

interface Props {
  open: boolean;
  /** null creates a form. */
  form: FormItem | null;
  onClose: () => void;
}

/**
 * New form, or edit with an Info tab (name, description, replacement files) and a Projects tab
 * (permission per project, with a preview of the rendered form) — spec 2 §2, §4, §5.
 */
export function FormDialog({ open, form, onClose }: Props) {
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const [tab, setTab] = useState<'info' | 'projects'>('info');
  useEffect(() => {
    if (open) setTab('info');
  }, [open, form]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      data-testid="form-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {form ? `${label('app.forms.edit')}: ${form.name}` : label('app.forms.add')}
      </DialogTitle>
      {form && (
        <Tabs
          value={tab}
          onChange={(_, v: 'info' | 'projects') => setTab(v)}
          aria-label={label('app.forms.tabs')}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 3 } }}
        >
          <Tab
            value="info"
            label={label('app.forms.tab.info')}
            id={`${titleId}-tab-info`}
            aria-controls={`${titleId}-panel-info`}
            data-testid="form-tab-info"
          />
          <Tab
            value="projects"
            label={label('app.forms.tab.projects')}
            id={`${titleId}-tab-projects`}
            aria-controls={`${titleId}-panel-projects`}
            data-testid="form-tab-projects"
          />
        </Tabs>
      )}
      {tab === 'info' || !form ? (
        <FormInfoPanel
          key={form?.id ?? 'new'}
          open={open}
          form={form}
          onClose={onClose}
          panelId={`${titleId}-panel-info`}
          labelledBy={form ? `${titleId}-tab-info` : titleId}
        />
      ) : (
        <FormProjectsPanel
          form={form}
          onClose={onClose}
          panelId={`${titleId}-panel-projects`}
          labelledBy={`${titleId}-tab-projects`}
        />
      )}
    </Dialog>
  );
}
