import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  DialogActions,
  DialogContent,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { errorMessageOf } from '../../../api/client';
import {
  formsApi,
  useFormItem,
  useFormProjects,
  useFormsChanged,
  useFormViewUrl,
  type FormItem,
} from '../../../api/forms';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';

/** The form dialog's Projects tab: a permission per project, and a preview of the rendered form. */
export function FormProjectsPanel({
  form,
  onClose,
  panelId,
  labelledBy,
}: {
  form: FormItem;
  onClose: () => void;
  panelId: string;
  labelledBy: string;
}) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const changed = useFormsChanged();
  const projects = useFormProjects();
  const current = useFormItem(form.id);
  const rendered = useFormViewUrl(form.id);
  const [pending, setPending] = useState<string | null>(null);
  // The box shows the click at once; the stored permissions decide once the call is done.
  const [optimistic, setOptimistic] = useState<{ projectId: string; checked: boolean } | null>(null);
  const permissions = current.data?.permissions ?? form.permissions;

  const toggle = async (projectId: string, checked: boolean) => {
    setPending(projectId);
    setOptimistic({ projectId, checked });
    try {
      if (checked) {
        await formsApi.addPermission(form.id, projectId);
      } else {
        const permission = permissions.find((p) => p.projectId === projectId);
        if (permission) await formsApi.removePermission(permission.id);
      }
      await Promise.all([changed(), current.refetch()]);
      showSnack('app.forms.permissions.updated', 'success');
    } catch (e) {
      snackFailure(e, 'app.forms.permissions.error');
      await current.refetch();
    } finally {
      setPending(null);
      setOptimistic(null);
    }
  };

  return (
    <Box
      role="tabpanel"
      id={panelId}
      aria-labelledby={labelledBy}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <DialogContent>
        <Typography variant="subtitle2" component="h3" id={`${panelId}-projects`} sx={{ mb: 1 }}>
          {label('app.forms.projects')}
        </Typography>
        {projects.isPending || current.isPending ? (
          <CircularProgress size={24} aria-label={label('app.loading')} />
        ) : projects.isError ? (
          <Alert severity="error" data-testid="form-projects-error">
            {t(errorMessageOf(projects.error))}
          </Alert>
        ) : projects.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="form-projects-none">
            {label('app.forms.projects.none')}
          </Typography>
        ) : (
          <FormGroup aria-labelledby={`${panelId}-projects`}>
            {projects.data.map((p) => (
              <FormControlLabel
                key={p.id}
                sx={{ overflowWrap: 'anywhere' }}
                control={
                  <Checkbox
                    checked={
                      optimistic?.projectId === p.id
                        ? optimistic.checked
                        : permissions.some((x) => x.projectId === p.id)
                    }
                    disabled={pending !== null}
                    onChange={(_, checked) => void toggle(p.id, checked)}
                    slotProps={{ input: { 'data-testid': `form-project-${p.name}` } as object }}
                  />
                }
                label={p.name}
              />
            ))}
          </FormGroup>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
          {label('app.forms.preview')}
        </Typography>
        {rendered.isError ? (
          <Alert severity="error">{t(errorMessageOf(rendered.error))}</Alert>
        ) : rendered.isPending ? (
          <CircularProgress size={24} aria-label={label('app.loading')} />
        ) : (
          <Box
            component="iframe"
            title={label('app.forms.preview')}
            sandbox="allow-scripts allow-forms"
            src={rendered.data.url}
            data-testid="form-preview"
            sx={{
              width: '100%',
              height: { xs: 320, sm: 400 },
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'common.white',
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="form-close">
          {label('app.close')}
        </Button>
      </DialogActions>
    </Box>
  );
}
