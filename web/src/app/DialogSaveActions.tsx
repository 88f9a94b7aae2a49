import type { ReactNode } from 'react';
import { Button, CircularProgress, DialogActions } from '@mui/material';
import { useIntl } from 'react-intl';

interface Props {
  onCancel: () => void;
  /** While saving both buttons are disabled and save shows a spinner. */
  saving: boolean;
  canSave: boolean;
  /** Without it, save submits the form the actions stand in. */
  onSave?: () => void;
  /** Save's label; "Save" unless given. */
  saveLabel?: string;
  /** Save's icon when not saving. */
  saveIcon?: ReactNode;
  cancelTestId: string;
  saveTestId: string;
}

/** Cancel and save at the foot of a settings dialog. */
export function DialogSaveActions({
  onCancel,
  saving,
  canSave,
  onSave,
  saveLabel,
  saveIcon,
  cancelTestId,
  saveTestId,
}: Props) {
  const intl = useIntl();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={saving} data-testid={cancelTestId}>
        {intl.formatMessage({ id: 'app.cancel' })}
      </Button>
      <Button
        type={onSave ? 'button' : 'submit'}
        variant="contained"
        disabled={saving || !canSave}
        onClick={onSave}
        startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : saveIcon}
        data-testid={saveTestId}
      >
        {saveLabel ?? intl.formatMessage({ id: 'app.save' })}
      </Button>
    </DialogActions>
  );
}
