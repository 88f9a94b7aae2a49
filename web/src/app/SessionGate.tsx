import { useEffect } from 'react';
import { Alert, Button } from '@mui/material';
import { useIntl } from 'react-intl';
import { Outlet, useNavigate } from 'react-router';
import { CURRENT_EULA_TIMESTAMP, type Profile } from '@fieldbook/domain';
import { useProfile } from '../api/accounts';
import { errorMessageOf } from '../api/client';
import { useT } from '../i18n/translate';
import { BlockingScreen } from './BlockingScreen';
import { CenteredProgress } from './CenteredProgress';
import { EulaScreen } from './EulaScreen';
import { GlobalDialogs } from './GlobalDialogs';
import { InactiveUserScreen } from './InactiveUserScreen';
import { useOrganizationSessionStart } from './organization-context';
import { usePreferences } from './preferences-store';

const eulaOutdated = (p: Profile) => !p.eula?.web || p.eula.web < CURRENT_EULA_TIMESTAMP;

/**
 * Session start for every signed-in screen: loads the profile and preferences, then blocks an
 * inactive user, then asks for the current EULA, and only then shows the app (with the dialogs
 * any screen may open: feedback, getting started).
 */
export function SessionGate() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const profile = useProfile();
  const prefsLoaded = usePreferences((s) => s.loaded);
  const loadPrefs = usePreferences((s) => s.load);

  useEffect(() => {
    if (!prefsLoaded) void loadPrefs();
  }, [prefsLoaded, loadPrefs]);
  useOrganizationSessionStart(profile.data, profile.error, prefsLoaded);

  if (profile.isError) {
    return (
      <BlockingScreen
        title={intl.formatMessage({ id: 'app.load-error.title' })}
        actions={
          <>
            <Button variant="outlined" onClick={() => navigate('/signout')}>
              {intl.formatMessage({ id: 'app.signout' })}
            </Button>
            <Button variant="contained" onClick={() => void profile.refetch()}>
              {intl.formatMessage({ id: 'app.retry' })}
            </Button>
          </>
        }
      >
        <Alert severity="error">{t(errorMessageOf(profile.error))}</Alert>
      </BlockingScreen>
    );
  }
  if (profile.isPending || !prefsLoaded) {
    return <CenteredProgress fullScreen label={intl.formatMessage({ id: 'app.loading' })} />;
  }
  if (!profile.data.isActive) return <InactiveUserScreen />;
  if (eulaOutdated(profile.data)) return <EulaScreen />;
  return (
    <>
      <Outlet />
      <GlobalDialogs />
    </>
  );
}
