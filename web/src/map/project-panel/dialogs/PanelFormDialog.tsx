import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, type DialogProps } from '@mui/material';
import { useIntl } from 'react-intl';

interface Props {
  open: boolean;
  title: string;
  /** While a write is in flight the dialog cannot be closed and its buttons are disabled. */
  busy: boolean;
  /** Whether the fields are valid (save stays disabled otherwise). */
  canSave: boolean;
  saveLabel: string;
  onSave: () => void;
  onClose: () => void;
  testId: string;
  saveTestId: string;
  /** Space between the fields. */
  spacing?: number;
  /** A wider dialog for a form with rows of fields (the layer's field list). */
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

/** A small form dialog of the project panel (new project, folder, layer, external service): fields, cancel and save. */
export function PanelFormDialog({
  open,
  title,
  busy,
  canSave,
  saveLabel,
  onSave,
  onClose,
  testId,
  saveTestId,
  spacing = 1.5,
  maxWidth = 'xs',
  children,
}: Props) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={spacing} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy || !canSave} data-testid={saveTestId}>
          {saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
