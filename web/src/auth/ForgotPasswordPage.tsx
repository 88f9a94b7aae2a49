import { useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_ERRORS, emailOnlySchema } from '@fieldbook/domain';
import { useForgotPassword } from '../api/auth';
import { errorCodeOf, errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { RouterLinkText } from './RouterLinkText';

/**
 * /forget-password (spec 1 §8): sends a reset code, then /reset-password. A disabled or unknown
 * user sees the message and the e-mail is cleared; an unconfirmed one is sent to confirm sign-up.
 */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as { email?: string; message?: string };
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(state.message ?? null);
  const form = useForm({ email: state.email ?? '' }, (v) => schemaErrors(emailOnlySchema, v));
  const label = (id: string) => intl.formatMessage({ id });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    setError(null);
    const email = form.values.email.trim().toLowerCase();
    forgot.mutate(
      { email },
      {
        onSuccess: (result) => navigate('/reset-password', { state: { email, destination: result.destination } }),
        onError: (err) => {
          const code = errorCodeOf(err);
          if (code === AUTH_ERRORS.invalidParameter) {
            showSnack(errorMessageOf(err), 'info');
            navigate('/confirm-signup', { state: { email } });
            return;
          }
          setError(errorMessageOf(err));
          if (code === AUTH_ERRORS.notAuthorized || code === AUTH_ERRORS.userNotFound) form.reset();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label('app.forgot.title')}>
      <AuthTitle title={label('app.forgot.title')} subtitle={label('app.forgot.subtitle')} />
      <FormError message={error} />
      <TextField
        {...form.field('email', label('app.field.email'))}
        type="email"
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'forgot-email', autoComplete: 'username' } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!form.valid || forgot.isPending}
        sx={{ mt: 2 }}
        data-testid="forgot-submit"
      >
        {label('app.forgot.submit')}
      </Button>
      <Box sx={{ mt: 3, textAlign: 'center', typography: 'body2' }}>
        <RouterLinkText to="/signin">{label('app.back-to-signin')}</RouterLinkText>
      </Box>
    </form>
  );
}
