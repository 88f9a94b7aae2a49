import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@fieldbook/domain';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { usePreferences } from './preferences-store';

/**
 * Switching organizations (spec 1 §4, §6): only to one listed in the profile. The session's orgId
 * goes with every call; the choice is remembered as lastOrg, the current project is reset and
 * everything is fetched again (query keys carry the orgId, the rest is invalidated).
 */
export function useSwitchOrganization() {
  const client = useQueryClient();
  return (orgId: string) => {
    if (orgId === useSession.getState().orgId) return;
    useSession.getState().setOrgId(orgId);
    usePreferences.getState().update({ lastOrg: orgId, lastProject: null });
    // A deliberate choice, saved at once: another device signing in next restores it.
    void usePreferences.getState().flush();
    void client.invalidateQueries();
  };
}

let restored = false;

/**
 * Session start: a signed-in user who has not chosen an organization in this browser returns to the
 * one saved as lastOrg, if the profile still lists it. An organization the user was removed from
 * (403 for the stored orgId) falls back to the account's own.
 */
export function useOrganizationSessionStart(profile: Profile | undefined, profileError: unknown, prefsLoaded: boolean) {
  const orgId = useSession((s) => s.orgId);
  const lastOrg = usePreferences((s) => s.prefs.lastOrg);

  useEffect(() => {
    if (orgId && profileError instanceof ApiError && profileError.status === 403) useSession.getState().setOrgId(null);
  }, [orgId, profileError]);

  useEffect(() => {
    if (restored || !profile || !prefsLoaded) return;
    restored = true;
    if (orgId || !lastOrg || lastOrg === profile.organization.id) return;
    if (profile.organizations.some((o) => o.id === lastOrg)) useSession.getState().setOrgId(lastOrg);
  }, [profile, prefsLoaded, orgId, lastOrg]);
}

/** A new sign-in may restore lastOrg again. */
export function resetOrganizationSessionStart() {
  restored = false;
}
