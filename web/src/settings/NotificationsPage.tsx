import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CircularProgress, FormControlLabel, Switch, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { MSG } from '@fieldbook/domain';
import {
  hasOrganizationInterest,
  pushToken,
  useDisableOrganizationNotifications,
  useEnableOrganizationNotifications,
  useNotificationInterests,
  useRegisterPushSubscription,
} from '../api/notifications';
import { showSnack } from '../app/snackbar-store';
import { PageHeader } from './PageHeader';

type BrowserPermission = NotificationPermission | 'unsupported';

const readPermission = (): BrowserPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** The browser's notification permission, kept current when the user changes it in the browser. */
function useBrowserPermission(): [BrowserPermission, () => Promise<void>] {
  const [permission, setPermission] = useState<BrowserPermission>(readPermission);
  useEffect(() => {
    let status: PermissionStatus | undefined;
    const sync = () => setPermission(readPermission());
    navigator.permissions
      ?.query({ name: 'notifications' as PermissionName })
      .then((s) => {
        status = s;
        s.addEventListener('change', sync);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', sync);
  }, []);
  const request = async () => {
    if (typeof Notification === 'undefined') return;
    setPermission(await Notification.requestPermission());
  };
  return [permission, request];
}

/**
 * /settings/user-notifications (spec 1 §2.9, hidden for plus organizations): organization
 * notifications for this browser, in four states — not granted (ask), blocked, on, off.
 */
export function NotificationsPage() {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const [permission, requestPermission] = useBrowserPermission();
  const granted = permission === 'granted';
  const register = useRegisterPushSubscription();
  const { mutate: registerSubscription } = register;
  // The registered token can differ from the stored one (renewed after another account used it).
  const stored = useMemo(() => pushToken(), []);
  const token = register.data?.token ?? stored;
  // Spec 1 §4: with the permission granted the browser's subscription is created or updated first.
  useEffect(() => {
    if (granted) registerSubscription(stored);
  }, [granted, stored, registerSubscription]);
  const interests = useNotificationInterests(token, granted && !register.isIdle && !register.isPending);
  const enable = useEnableOrganizationNotifications();
  const disable = useDisableOrganizationNotifications();
  const on = hasOrganizationInterest(interests.data);
  const busy = enable.isPending || disable.isPending;

  const toggle = async (checked: boolean) => {
    try {
      if (checked) {
        const registered = await register.mutateAsync(token);
        await enable.mutateAsync(registered.token);
      } else {
        await disable.mutateAsync(token);
      }
    } catch {
      // Spec 1 §8: a toggle failure shows the generic error and asks for the permission again.
      showSnack(MSG.errorOccurred, 'error');
      void requestPermission().catch(() => undefined);
    }
  };

  return (
    <>
      <PageHeader title={label('app.settings.user-notifications')} subtitle={label('app.notifications.subtitle')} />
      <Card variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} id="org-notifications-title">
          {label('app.notifications.organization')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {label('app.notifications.organization.hint')}
        </Typography>
        {permission === 'unsupported' && <Alert severity="info">{label('app.notifications.unsupported')}</Alert>}
        {permission === 'denied' && (
          <Alert severity="warning" data-testid="notifications-blocked">
            {label('app.notifications.blocked')}
          </Alert>
        )}
        {permission === 'default' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Alert severity="info" sx={{ flex: '1 1 260px' }} data-testid="notifications-not-granted">
              {label('app.notifications.not.granted')}
            </Alert>
            <Button variant="contained" onClick={() => void requestPermission()} data-testid="notifications-request">
              {label('app.notifications.request')}
            </Button>
          </Box>
        )}
        {granted && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <FormControlLabel
              sx={{ ml: 0 }}
              control={
                <Switch
                  checked={on}
                  disabled={interests.isPending || busy}
                  onChange={(_, checked) => void toggle(checked)}
                  slotProps={{
                    input: {
                      'data-testid': 'notifications-organization',
                      'aria-describedby': 'org-notifications-state',
                    } as object,
                  }}
                />
              }
              label={label('app.notifications.organization.switch')}
            />
            {(interests.isPending || busy) && <CircularProgress size={20} aria-label={label('app.loading')} />}
            <Typography
              id="org-notifications-state"
              variant="body2"
              color="text.secondary"
              data-testid="notifications-state"
            >
              {label(on ? 'app.notifications.enabled' : 'app.notifications.disabled')}
            </Typography>
          </Box>
        )}
        {granted && interests.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {label(MSG.errorOccurred)}
          </Alert>
        )}
      </Card>
    </>
  );
}
