import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
} from '@mui/material';
import { useIntl } from 'react-intl';

export interface ConfirmCheckbox {
  label: string;
  /** The confirm button stays disabled until it is ticked (e.g. deleting a child organization). */
  required?: boolean;
  testId?: string;
}

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Destructive actions are red. */
  danger?: boolean;
  pending?: boolean;
  checkbox?: ConfirmCheckbox;
  /** Fields under the checkbox (e.g. a word to type before deleting). */
  afterCheckbox?: ReactNode;
  /** False keeps confirm disabled for a reason of the caller's (e.g. the word not typed yet). */
  canConfirm?: boolean;
  onConfirm: (checked: boolean) => void;
  onClose: () => void;
  testId?: string;
  confirmTestId?: string;
}

/** A yes/no question before an action, optionally with a checkbox (required, or an option such as "resend"). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  pending,
  checkbox,
  afterCheckbox,
  canConfirm = true,
  onConfirm,
  onClose,
  testId,
  confirmTestId = 'confirm-dialog-confirm',
}: Props) {
  const intl = useIntl();
  const titleId = useId();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (open) setChecked(false);
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {checkbox && (
          <FormControlLabel
            sx={{ mt: 1.5 }}
            control={
              <Checkbox
                checked={checked}
                onChange={(_, c) => setChecked(c)}
                slotProps={{ input: { 'data-testid': checkbox.testId } as object }}
              />
            }
            label={checkbox.label}
          />
        )}
        {afterCheckbox}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={pending || (checkbox?.required && !checked) || !canConfirm}
          onClick={() => onConfirm(checked)}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
