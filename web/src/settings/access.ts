import type { Account, Profile } from '@fieldbook/domain';
import { useCurrentAccount, useProfile } from '../api/accounts';

/** What a settings entry may look at to decide whether the user sees it. */
export interface SettingsAccess {
  profile: Profile;
  /** Loaded shortly after the profile; entries needing it stay hidden until then. */
  account: Account | undefined;
  isPlus: boolean;
}

/** Settings screens render inside the session gate, so the profile is already loaded. */
export function useSettingsAccess(): SettingsAccess | null {
  const profile = useProfile().data;
  const account = useCurrentAccount().data;
  if (!profile) return null;
  return { profile, account, isPlus: account?.organization.type === 'plus' };
}
