import { useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { authApi, isChallenge } from '../api/auth';
import { errorMessageOf } from '../api/client';
import { CenteredProgress } from '../app/CenteredProgress';
import { startSession } from '../app/session-lifecycle';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { NewPasswordForm } from './NewPasswordForm';
import { RouterLinkText } from './RouterLinkText';

type Step = { kind: 'signing-in' } | { kind: 'challenge'; session: string } | { kind: 'error'; message: string };

/**
 * /verifyme/:username/:password — the invitation link. Signs in silently with the temporary
 * password, then asks for a new one (spec 1 §2.1).
 */
export function VerifyMePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { username = '', password = '' } = useParams();
  const [step, setStep] = useState<Step>({ kind: 'signing-in' });
  const started = useRef(false);
  const email = username.trim().toLowerCase();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .signIn({ email, password })
      .then((result) => {
        if (isChallenge(result)) setStep({ kind: 'challenge', session: result.session });
        else {
          startSession(result);
          void navigate('/index.html', { replace: true });
        }
      })
      .catch((err: unknown) => setStep({ kind: 'error', message: errorMessageOf(err) }));
  }, [email, password, navigate]);

  if (step.kind === 'challenge') return <NewPasswordForm session={step.session} email={email} />;
  if (step.kind === 'signing-in')
    return <CenteredProgress label={intl.formatMessage({ id: 'app.verifyme.signing-in' })} />;
  return (
    <Box>
      <AuthTitle title={intl.formatMessage({ id: 'app.verifyme.title' })} />
      <FormError message={step.message} />
      <Box sx={{ mt: 2, textAlign: 'center', typography: 'body2' }}>
        <RouterLinkText to="/signin" state={{ email }}>
          {intl.formatMessage({ id: 'app.back-to-signin' })}
        </RouterLinkText>
      </Box>
    </Box>
  );
}
