import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useIntl } from 'react-intl';
import { signOut } from '../app/session-lifecycle';
import { CenteredProgress } from '../app/CenteredProgress';

/** /signout: saves pending preferences, ends the session, then /index.html (which leads to /signin). */
export function SignOutPage() {
  const navigate = useNavigate();
  const intl = useIntl();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/index.html', { replace: true }));
  }, [navigate]);

  return <CenteredProgress label={intl.formatMessage({ id: 'app.signing-out' })} />;
}
