import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { AUTH_ERRORS, emailOnlySchema } from '@fieldbook/domain';
import { useForgotPassword } from '../api/auth';
import { errorCodeOf, errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { AuthForm, BackToSignIn, SubmitButton } from './AuthForm';
import { EmailField } from './fields';
import { useLocationState } from './location-state';

/**
 * /forget-password (spec 1 §8): sends a reset code, then /reset-password. A disabled or unknown
 * user sees the message and the e-mail is cleared; an unconfirmed one is sent to confirm sign-up.
 */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const state = useLocationState<{ email: string; message: string }>();
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(state.message ?? null);
  const form = useForm({ email: state.email ?? '' }, (v) => schemaErrors(emailOnlySchema, v));
  const label = (id: string) => intl.formatMessage({ id });

  const submit = () => {
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
            void navigate('/confirm-signup', { state: { email } });
            return;
          }
          setError(errorMessageOf(err));
          if (code === AUTH_ERRORS.notAuthorized || code === AUTH_ERRORS.userNotFound) form.reset();
        },
      },
    );
  };

  return (
    <AuthForm
      title={label('app.forgot.title')}
      subtitle={label('app.forgot.subtitle')}
      error={error}
      valid={form.valid}
      onSubmit={submit}
    >
      <EmailField form={form} testId="forgot-email" autoFocus />
      <SubmitButton testId="forgot-submit" disabled={!form.valid || forgot.isPending}>
        {label('app.forgot.submit')}
      </SubmitButton>
      <BackToSignIn />
    </AuthForm>
  );
}
