import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { MSG, confirmSignUpSchema } from '@fieldbook/domain';
import { authApi, isChallenge, useConfirmSignUp, useResendCode } from '../api/auth';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { startSession } from '../app/session-lifecycle';
import { showSnack } from '../app/snackbar-store';
import { AuthForm, BackToSignIn, SubmitButton } from './AuthForm';
import { CodeField, EmailField } from './fields';
import { useLocationState } from './location-state';

interface ConfirmState {
  email: string;
  password: string;
  destination: string;
}

/**
 * /confirm-signup: e-mail and code. With the password from sign-up (navigation state) the user is
 * signed in right away; otherwise sent to /signin (spec 1 §4).
 */
export function ConfirmSignUpPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const state = useLocationState<ConfirmState>();
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
      void navigate('/index.html', { replace: true });
    } catch {
      void navigate('/signin', { replace: true, state: { email } });
    }
  };

  const submit = () => {
    setError(null);
    confirm.mutate(
      { email, code: form.values.code.trim() },
      {
        onSuccess: () => {
          showSnack('app.confirm-signup.success', 'success');
          if (state.password) void signInAfterConfirm(state.password);
          else void navigate('/signin', { replace: true, state: { email } });
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
    <AuthForm
      title={label('app.confirm-signup.title')}
      subtitle={subtitle}
      error={error}
      valid={form.valid}
      onSubmit={submit}
    >
      <EmailField form={form} testId="confirm-email" autoFocus={!state.email} />
      <CodeField
        form={form}
        testId="confirm-code"
        autoFocus={Boolean(state.email)}
        onResend={resendCode}
        resending={resend.isPending}
        resendTestId="confirm-resend"
      />
      <SubmitButton testId="confirm-submit" disabled={!form.valid || confirm.isPending || signingIn}>
        {label('app.confirm-signup.submit')}
      </SubmitButton>
      <BackToSignIn />
    </AuthForm>
  );
}
