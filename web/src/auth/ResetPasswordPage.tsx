import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { AUTH_ERRORS, MSG, resetPasswordSchema } from '@fieldbook/domain';
import { useForgotPassword, useResetPassword } from '../api/auth';
import { errorCodeOf, errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { AuthForm, BackToSignIn, SubmitButton } from './AuthForm';
import { CodeField } from './fields';
import { useLocationState } from './location-state';
import { NewPasswordFields } from './NewPasswordFields';
import { withConfirmation } from './passwords';

/** /reset-password: code, new password and confirmation for the e-mail passed in navigation state. */
export function ResetPasswordPage() {
  const state = useLocationState<{ email: string; destination: string }>();
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

  const submit = () => {
    setError(null);
    reset.mutate(
      { email, code: form.values.code.trim(), password: form.values.password },
      {
        onSuccess: () => {
          showSnack(MSG.resetPasswordSuccess, 'success');
          void navigate('/signin', { replace: true, state: { email } });
        },
        onError: (err) => {
          if (errorCodeOf(err) === AUTH_ERRORS.userNotFound) {
            void navigate('/forget-password', { replace: true, state: { message: errorMessageOf(err) } });
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
    <AuthForm
      title={label('app.reset.title')}
      subtitle={label('app.reset.subtitle', { destination: destination ?? email })}
      error={error}
      valid={form.valid}
      onSubmit={submit}
    >
      <CodeField form={form} testId="reset-code" onResend={resendCode} resending={resend.isPending} />
      <NewPasswordFields
        password={form.field('password', label('app.field.new-password'))}
        confirm={form.field('confirm', label('app.field.confirm-password'))}
        testIds={{ password: 'reset-password', confirm: 'reset-confirm-password' }}
      />
      <SubmitButton testId="reset-submit" disabled={!form.valid || reset.isPending}>
        {label('app.reset.submit')}
      </SubmitButton>
      <BackToSignIn />
    </AuthForm>
  );
}
