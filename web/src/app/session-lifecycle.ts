import { MSG, type AuthTokens } from '@fieldbook/domain';
import { authApi } from '../api/auth';
import { refreshSession, setSessionExpiredHandler } from '../api/client';
import { useSession } from '../api/session';
import { resetFirstUseGuide } from './dialogs-store';
import { resetOrganizationSessionStart } from './organization-context';
import { usePreferences } from './preferences-store';
import { queryClient } from './query-client';
import { showSnack } from './snackbar-store';

/** Drops everything belonging to the signed-in user from this browser tab. */
function forgetUser() {
  resetOrganizationSessionStart();
  useSession.getState().clear();
  usePreferences.getState().reset();
  queryClient.clear();
}

/** Saves pending preferences, revokes the refresh token, then forgets the user. Never throws. */
export async function signOut(): Promise<void> {
  const session = useSession.getState().session;
  if (session) {
    await usePreferences
      .getState()
      .flush()
      .catch(() => undefined);
    await authApi.signOut(session.refreshToken).catch(() => undefined);
  }
  forgetUser();
}

/**
 * ID tokens last 15 minutes. They are renewed a minute before they expire, so calls that do not
 * retry on 401 (map tiles, WFS pages, external service proxies) never carry an expired one.
 */
const RENEW_BEFORE_EXPIRY_MS = 60_000;
let renewalTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRenewal() {
  clearTimeout(renewalTimer);
  const session = useSession.getState().session;
  if (!session) return;
  // A failed renewal is left to the next API call, whose 401 renews or ends the session.
  renewalTimer = setTimeout(
    () => void refreshSession(),
    Math.max(0, session.expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS),
  );
}

/** Called at start-up: keeps the ID token fresh; an expired session forgets the user and says so. */
export function installSessionExpiry() {
  setSessionExpiredHandler(() => {
    if (!useSession.getState().session) return;
    forgetUser();
    showSnack(MSG.sessionExpired, 'warning');
  });
  useSession.subscribe((state, previous) => {
    if (state.session !== previous.session) scheduleRenewal();
  });
  // Background tabs run timers late: a tab coming back renews at once if its token is about to expire.
  document.addEventListener('visibilitychange', () => {
    const session = useSession.getState().session;
    if (document.visibilityState === 'visible' && session && session.expiresAt - Date.now() < RENEW_BEFORE_EXPIRY_MS)
      void refreshSession();
  });
  scheduleRenewal();
}

/** A fresh sign-in starts from a clean cache (another user may have used this tab). */
export function startSession(tokens: AuthTokens) {
  resetOrganizationSessionStart();
  resetFirstUseGuide();
  usePreferences.getState().reset();
  queryClient.clear();
  useSession.getState().setTokens(tokens);
}
