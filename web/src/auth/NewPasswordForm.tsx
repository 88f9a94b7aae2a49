import { useState, type FormEvent } from 'react';
import { Button } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { AUTH_ERRORS, completeNewPasswordSchema } from '@fieldbook/domain';
import { useCompleteNewPassword } from '../api/auth';
import { errorCodeOf, errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { startSession } from '../app/session-lifecycle';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { PasswordField } from './PasswordField';
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
    (v) => withConfirmation(schemaErrors(completeNewPasswordSchema, { session, password: v.password }), v.password, v.confirm),
    { live: ['password', 'confirm'] },
  );
  const label = (id: string) => intl.formatMessage({ id });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    setError(null);
    complete.mutate(
      { session, password: form.values.password },
      {
        onSuccess: (result) => {
          startSession(result);
          navigate(result.emailVerified ? '/index.html' : '/verify-email', { replace: true });
        },
        onError: (err) => {
          if (errorCodeOf(err) === AUTH_ERRORS.userNotFound) {
            navigate('/forget-password', { state: { email, message: errorMessageOf(err) } });
            return;
          }
          setError(errorMessageOf(err));
          form.reset();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label('app.new-password.title')}>
      <AuthTitle title={label('app.new-password.title')} subtitle={label('app.new-password.subtitle')} />
      <FormError message={error} />
      <PasswordField
        {...form.field('password', label('app.field.new-password'))}
        autoComplete="new-password"
        testId="new-password"
        required
        autoFocus
      />
      <PasswordField
        {...form.field('confirm', label('app.field.confirm-password'))}
        autoComplete="new-password"
        testId="new-password-confirm"
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!form.valid || complete.isPending}
        sx={{ mt: 2 }}
        data-testid="new-password-submit"
      >
        {label('app.new-password.submit')}
      </Button>
    </form>
  );
}
