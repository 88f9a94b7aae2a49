import { MSG, type AuthTokens } from '@fieldbook/domain';
import { authApi } from '../api/auth';
import { setSessionExpiredHandler } from '../api/client';
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
    await usePreferences.getState().flush().catch(() => undefined);
    await authApi.signOut(session.refreshToken).catch(() => undefined);
  }
  forgetUser();
}

/** Called at start-up: an expired session forgets the user and says so. */
export function installSessionExpiry() {
  setSessionExpiredHandler(() => {
    if (!useSession.getState().session) return;
    forgetUser();
    showSnack(MSG.sessionExpired, 'warning');
  });
}

/** A fresh sign-in starts from a clean cache (another user may have used this tab). */
export function startSession(tokens: AuthTokens) {
  resetOrganizationSessionStart();
  resetFirstUseGuide();
  usePreferences.getState().reset();
  queryClient.clear();
  useSession.getState().setTokens(tokens);
}
