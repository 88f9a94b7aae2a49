import type { FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useIntl } from 'react-intl';
import { MSG, changePasswordSchema } from '@fieldbook/domain';
import { useChangePassword } from '../api/accounts';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { PasswordField } from '../auth/PasswordField';
import { withConfirmation } from '../auth/passwords';

const EMPTY = { previousPassword: '', proposedPassword: '', confirm: '' };

/** Settings → change password: old password, new one meeting every rule, and its confirmation. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const change = useChangePassword();
  const form = useForm(
    EMPTY,
    (v) => withConfirmation(schemaErrors(changePasswordSchema, v), v.proposedPassword, v.confirm),
    { live: ['confirm'] },
  );
  const label = (id: string) => intl.formatMessage({ id });

  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    const { previousPassword, proposedPassword } = form.values;
    change.mutate(
      { previousPassword, proposedPassword },
      {
        onSuccess: () => {
          showSnack(MSG.resetPasswordSuccess, 'success');
          close();
        },
        onError: (err) => {
          // The provider's message, then a fresh form (spec 1 §8).
          showSnack(errorMessageOf(err), 'error');
          form.reset();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form onSubmit={submit} noValidate data-testid="change-password-dialog">
        <DialogTitle id="change-password-title">{label('app.change-password.title')}</DialogTitle>
        <DialogContent>
          <PasswordField
            {...form.field('previousPassword', label('app.field.current-password'))}
            autoComplete="current-password"
            testId="change-password-current"
            required
            autoFocus
          />
          <NewPasswordFields
            password={form.field('proposedPassword', label('app.field.new-password'))}
            confirm={form.field('confirm', label('app.field.confirm-new-password'))}
            testIds={{ password: 'change-password-new', confirm: 'change-password-confirm' }}
            ruleList
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} data-testid="change-password-cancel">
            {label('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || change.isPending}
            data-testid="change-password-submit"
          >
            {label('app.change-password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
