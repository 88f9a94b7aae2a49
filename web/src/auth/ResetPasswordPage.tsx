import { useState, type FormEvent } from 'react';
import { Box, Button, Link, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AUTH_ERRORS, MSG, resetPasswordSchema } from '@fieldbook/domain';
import { useForgotPassword, useResetPassword } from '../api/auth';
import { errorCodeOf, errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { PasswordField } from './PasswordField';
import { RouterLinkText } from './RouterLinkText';
import { withConfirmation } from './passwords';

/** /reset-password: code, new password and confirmation for the e-mail passed in navigation state. */
export function ResetPasswordPage() {
  const state = (useLocation().state ?? {}) as { email?: string; destination?: string };
  // Without the e-mail there is nothing to reset (spec 1 §2.1).
  if (!state.email) return <Navigate to="/forget-password" replace />;
  return <ResetPasswordForm email={state.email} destination={state.destination} />;
}

function ResetPasswordForm({ email, destination }: { email: string; destination?: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm(
    { code: '', password: '', confirm: '' },
    (v) => withConfirmation(schemaErrors(resetPasswordSchema, { email, ...v }), v.password, v.confirm),
    { live: ['password', 'confirm'] },
  );
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    setError(null);
    reset.mutate(
      { email, code: form.values.code.trim(), password: form.values.password },
      {
        onSuccess: () => {
          showSnack(MSG.resetPasswordSuccess, 'success');
          navigate('/signin', { replace: true, state: { email } });
        },
        onError: (err) => {
          if (errorCodeOf(err) === AUTH_ERRORS.userNotFound) {
            navigate('/forget-password', { replace: true, state: { message: errorMessageOf(err) } });
            return;
          }
          setError(errorMessageOf(err));
          form.reset();
        },
      },
    );
  };

  const resendCode = () =>
    resend.mutate(
      { email },
      { onSuccess: () => showSnack(MSG.resendCodeSuccess, 'success'), onError: (err) => setError(errorMessageOf(err)) },
    );

  return (
    <form onSubmit={submit} noValidate aria-label={label('app.reset.title')}>
      <AuthTitle
        title={label('app.reset.title')}
        subtitle={label('app.reset.subtitle', { destination: destination ?? email })}
      />
      <FormError message={error} />
      <TextField
        {...form.field('code', label('app.field.code'))}
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'reset-code', inputMode: 'numeric', autoComplete: 'one-time-code' } }}
      />
      <Box sx={{ textAlign: 'right', mt: 0.5 }}>
        <Link component="button" type="button" variant="body2" underline="hover" onClick={resendCode} disabled={resend.isPending}>
          {label('app.code.resend')}
        </Link>
      </Box>
      <PasswordField
        {...form.field('password', label('app.field.new-password'))}
        autoComplete="new-password"
        testId="reset-password"
        required
      />
      <PasswordField
        {...form.field('confirm', label('app.field.confirm-password'))}
        autoComplete="new-password"
        testId="reset-confirm-password"
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!form.valid || reset.isPending}
        sx={{ mt: 2 }}
        data-testid="reset-submit"
      >
        {label('app.reset.submit')}
      </Button>
      <Box sx={{ mt: 3, textAlign: 'center', typography: 'body2' }}>
        <RouterLinkText to="/signin">{label('app.back-to-signin')}</RouterLinkText>
      </Box>
    </form>
  );
}
