import { useState } from 'react';
import { Alert, Box } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { AUTH_ERRORS, MSG, emailOnlySchema, signInSchema, ssoProviderFor } from '@fieldbook/domain';
import { isChallenge, useAuthProviders, useSignIn } from '../api/auth';
import { errorCodeOf, errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { startSession } from '../app/session-lifecycle';
import { AuthFooter, AuthForm, SubmitButton } from './AuthForm';
import { EmailField } from './fields';
import { useLocationState } from './location-state';
import { NewPasswordForm } from './NewPasswordForm';
import { PasswordField } from './PasswordField';
import { RouterLinkText } from './RouterLinkText';

interface SignInState {
  email: string;
  from: string;
}

/** /signin (spec 1 §2.1, §8): e-mail and password, or single sign-on for SSO domains. */
export function SignInPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const state = useLocationState<SignInState>();
  const providers = useAuthProviders();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ session: string; email: string } | null>(null);
  const ssoFor = (email: string) => ssoProviderFor(email, providers.data ?? []);
  const form = useForm({ email: state.email ?? '', password: '' }, (v) =>
    ssoFor(v.email) ? schemaErrors(emailOnlySchema, v) : schemaErrors(signInSchema, v),
  );
  const label = (id: string) => intl.formatMessage({ id });
  const sso = ssoFor(form.values.email);
  const email = form.values.email.trim().toLowerCase();

  if (challenge) return <NewPasswordForm session={challenge.session} email={challenge.email} />;

  const submit = () => {
    if (sso) {
      window.location.assign(`/auth/sso/start?email=${encodeURIComponent(email)}`);
      return;
    }
    setError(null);
    const { password } = form.values;
    signIn.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          if (isChallenge(result)) {
            setChallenge({ session: result.session, email });
            return;
          }
          startSession(result);
          void navigate(state.from ?? '/index.html', { replace: true });
        },
        onError: (err) => {
          const code = errorCodeOf(err);
          if (code === AUTH_ERRORS.userNotConfirmed) void navigate('/confirm-signup', { state: { email, password } });
          else if (code === AUTH_ERRORS.passwordResetRequired) void navigate('/forget-password', { state: { email } });
          else if (code === AUTH_ERRORS.userNotFound) setError(MSG.userNotFound);
          else setError(errorMessageOf(err));
        },
      },
    );
  };

  return (
    <AuthForm
      title={label('app.signin.title')}
      subtitle={label('app.signin.subtitle')}
      error={error}
      valid={form.valid}
      onSubmit={submit}
    >
      <EmailField form={form} testId="signin-email" autoFocus />
      {sso ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {label('app.signin.sso-info')}
        </Alert>
      ) : (
        <PasswordField
          {...form.field('password', label('app.field.password'))}
          autoComplete="current-password"
          testId="signin-password"
          required
        />
      )}
      <Box sx={{ textAlign: 'right', mt: 0.5 }}>
        <RouterLinkText to="/forget-password" state={{ email }} variant="body2">
          {label('app.signin.forgot')}
        </RouterLinkText>
      </Box>
      <SubmitButton testId={sso ? 'signin-sso' : 'signin-submit'} disabled={!form.valid || signIn.isPending}>
        {label(sso ? 'app.signin.sso' : 'app.signin.submit')}
      </SubmitButton>
      <AuthFooter muted>
        {label('app.signin.no-account')} <RouterLinkText to="/signup">{label('app.signin.signup-link')}</RouterLinkText>
      </AuthFooter>
    </AuthForm>
  );
}
