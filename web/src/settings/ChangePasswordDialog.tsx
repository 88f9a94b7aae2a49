import type { FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import { useIntl } from 'react-intl';
import { MSG, changePasswordSchema, unmetPasswordRules } from '@fieldbook/domain';
import { useChangePassword } from '../api/accounts';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { PasswordField } from '../auth/PasswordField';
import { withConfirmation } from '../auth/passwords';

const EMPTY = { previousPassword: '', proposedPassword: '', confirm: '' };

/** Lists every rule the new password still misses (spec 1 §5: the change dialog lists unmet rules). */
function UnmetRules({ password }: { password: string }) {
  const intl = useIntl();
  const unmet = unmetPasswordRules(password);
  if (unmet.length === 0) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'success.main', mt: 0.5 }} data-testid="password-rules-met">
        <CheckCircleOutline fontSize="small" />
        <Typography variant="body2">{intl.formatMessage({ id: 'app.password-reqs.all-met' })}</Typography>
      </Box>
    );
  }
  return (
    <List dense disablePadding aria-label={intl.formatMessage({ id: 'app.password-reqs.title' })} data-testid="password-rules">
      {unmet.map((id) => (
        <ListItem key={id} disableGutters sx={{ py: 0 }}>
          <ListItemIcon sx={{ minWidth: 28, color: 'text.secondary' }}>
            <RemoveCircleOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={intl.formatMessage({ id })} slotProps={{ primary: { variant: 'body2', color: 'text.secondary' } }} />
        </ListItem>
      ))}
    </List>
  );
}

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
          <PasswordField
            {...form.field('proposedPassword', label('app.field.new-password'))}
            autoComplete="new-password"
            testId="change-password-new"
            required
            error={false}
            helperText={undefined}
          />
          <UnmetRules password={form.values.proposedPassword} />
          <PasswordField
            {...form.field('confirm', label('app.field.confirm-new-password'))}
            autoComplete="new-password"
            testId="change-password-confirm"
            required
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} data-testid="change-password-cancel">
            {label('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!form.valid || change.isPending} data-testid="change-password-submit">
            {label('app.change-password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
