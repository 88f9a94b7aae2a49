import { useState, type FormEvent } from 'react';
import { Box, Button, Link, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { MSG, confirmSignUpSchema } from '@fieldbook/domain';
import { authApi, isChallenge, useConfirmSignUp, useResendCode } from '../api/auth';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { startSession } from '../app/session-lifecycle';
import { showSnack } from '../app/snackbar-store';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { RouterLinkText } from './RouterLinkText';

interface ConfirmState {
  email?: string;
  password?: string;
  destination?: string;
}

/**
 * /confirm-signup: e-mail and code. With the password from sign-up (navigation state) the user is
 * signed in right away; otherwise sent to /signin (spec 1 §4).
 */
export function ConfirmSignUpPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as ConfirmState;
  const confirm = useConfirmSignUp();
  const resend = useResendCode();
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const form = useForm({ email: state.email ?? '', code: '' }, (v) => schemaErrors(confirmSignUpSchema, v));
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const email = form.values.email.trim().toLowerCase();

  const signInAfterConfirm = async (password: string) => {
    setSigningIn(true);
    try {
      const result = await authApi.signIn({ email, password });
      if (isChallenge(result)) throw new Error('challenge');
      startSession(result);
      navigate('/index.html', { replace: true });
    } catch {
      navigate('/signin', { replace: true, state: { email } });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    setError(null);
    confirm.mutate(
      { email, code: form.values.code.trim() },
      {
        onSuccess: () => {
          showSnack('app.confirm-signup.success', 'success');
          if (state.password) void signInAfterConfirm(state.password);
          else navigate('/signin', { replace: true, state: { email } });
        },
        onError: (err) => setError(errorMessageOf(err)),
      },
    );
  };

  const resendCode = () => {
    if (form.errors.email) {
      setError(MSG.invalidEmail);
      return;
    }
    resend.mutate(
      { email },
      {
        onSuccess: () => showSnack(MSG.resendCodeSuccess, 'success'),
        onError: (err) => setError(errorMessageOf(err)),
      },
    );
  };

  const subtitle = state.destination
    ? label('app.confirm-signup.sent-to', { destination: state.destination })
    : label('app.confirm-signup.subtitle');

  return (
    <form onSubmit={submit} noValidate aria-label={label('app.confirm-signup.title')}>
      <AuthTitle title={label('app.confirm-signup.title')} subtitle={subtitle} />
      <FormError message={error} />
      <TextField
        {...form.field('email', label('app.field.email'))}
        type="email"
        required
        autoFocus={!state.email}
        slotProps={{ htmlInput: { 'data-testid': 'confirm-email', autoComplete: 'username' } }}
      />
      <TextField
        {...form.field('code', label('app.field.code'))}
        required
        autoFocus={Boolean(state.email)}
        slotProps={{ htmlInput: { 'data-testid': 'confirm-code', inputMode: 'numeric', autoComplete: 'one-time-code' } }}
      />
      <Box sx={{ textAlign: 'right', mt: 0.5 }}>
        <Link component="button" type="button" variant="body2" underline="hover" onClick={resendCode} disabled={resend.isPending} data-testid="confirm-resend">
          {label('app.code.resend')}
        </Link>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!form.valid || confirm.isPending || signingIn}
        sx={{ mt: 2 }}
        data-testid="confirm-submit"
      >
        {label('app.confirm-signup.submit')}
      </Button>
      <Box sx={{ mt: 3, textAlign: 'center', typography: 'body2' }}>
        <RouterLinkText to="/signin">{label('app.back-to-signin')}</RouterLinkText>
      </Box>
    </form>
  );
}
