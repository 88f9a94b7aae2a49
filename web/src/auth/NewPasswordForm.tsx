import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { AUTH_ERRORS, completeNewPasswordSchema } from '@fieldbook/domain';
import { useCompleteNewPassword } from '../api/auth';
import { errorCodeOf, errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { startSession } from '../app/session-lifecycle';
import { AuthForm, SubmitButton } from './AuthForm';
import { NewPasswordFields } from './NewPasswordFields';
import { withConfirmation } from './passwords';

/**
 * Answers the NEW_PASSWORD_REQUIRED challenge (sign-in and /verifyme). Afterwards an unverified
 * e-mail goes to /verify-email, otherwise the app opens (spec 1 §4).
 */
export function NewPasswordForm({ session, email }: { session: string; email: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const complete = useCompleteNewPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm(
    { password: '', confirm: '' },
    (v) =>
      withConfirmation(
        schemaErrors(completeNewPasswordSchema, { session, password: v.password }),
        v.password,
        v.confirm,
      ),
    { live: ['password', 'confirm'] },
  );
  const label = (id: string) => intl.formatMessage({ id });

  const submit = () => {
    setError(null);
    complete.mutate(
      { session, password: form.values.password },
      {
        onSuccess: (result) => {
          startSession(result);
          void navigate(result.emailVerified ? '/index.html' : '/verify-email', { replace: true });
        },
        onError: (err) => {
          if (errorCodeOf(err) === AUTH_ERRORS.userNotFound) {
            void navigate('/forget-password', { state: { email, message: errorMessageOf(err) } });
            return;
          }
          setError(errorMessageOf(err));
          form.reset();
        },
      },
    );
  };

  return (
    <AuthForm
      title={label('app.new-password.title')}
      subtitle={label('app.new-password.subtitle')}
      error={error}
      valid={form.valid}
      onSubmit={submit}
    >
      <NewPasswordFields
        password={form.field('password', label('app.field.new-password'))}
        confirm={form.field('confirm', label('app.field.confirm-password'))}
        testIds={{ password: 'new-password', confirm: 'new-password-confirm' }}
        autoFocus
      />
      <SubmitButton testId="new-password-submit" disabled={!form.valid || complete.isPending}>
        {label('app.new-password.submit')}
      </SubmitButton>
    </AuthForm>
  );
}
