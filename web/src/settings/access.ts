import {
  USER_TYPES,
  canSeeUsersAndOrganization,
  isAtLeastEditor,
  isOrgAdmin,
  isOrgViewer,
  isPlusOrganization,
  isSupport,
  type Account,
  type Profile,
  type SubjectOfChecks,
} from '@fieldbook/domain';
import { useCurrentAccount, useProfile } from '../api/accounts';

/** What a settings entry may look at to decide whether the user sees it. */
export interface SettingsAccess {
  profile: Profile;
  /** Loaded shortly after the profile; entries needing it stay hidden until then. */
  account: Account | undefined;
  isPlus: boolean;
  /** The checks of spec 1 §6, computed with the shared rules of @fieldbook/domain. */
  isOrgAdmin: boolean;
  isOrgViewer: boolean;
  canSeeUsers: boolean;
  isDataCollector: boolean;
  isEditor: boolean;
  isSupport: boolean;
  /** The selected organization is the account's own (default) one. */
  isDefaultOrg: boolean;
  /** organizations.enabled among the organization's functionality flags. */
  organizationsEnabled: boolean;
}

export function subjectOf(profile: Profile, account: Account | undefined): SubjectOfChecks {
  return {
    userType: profile.userType,
    permissions: profile.permissions,
    organizationId: profile.organization.id,
    organizationType: account?.organization.type ?? 'standard',
  };
}

export function accessOf(profile: Profile, account: Account | undefined): SettingsAccess {
  const subject = subjectOf(profile, account);
  const flags = (account?.organization.functionalityFlags ?? {}) as { organizations?: { enabled?: boolean } };
  return {
    profile,
    account,
    isPlus: isPlusOrganization(subject.organizationType),
    isOrgAdmin: isOrgAdmin(subject),
    isOrgViewer: isOrgViewer(subject),
    canSeeUsers: canSeeUsersAndOrganization(subject),
    isDataCollector: profile.userType === USER_TYPES.dataCollector,
    isEditor: isAtLeastEditor(profile.userType),
    isSupport: isSupport(profile.userType),
    isDefaultOrg: account?.organization.DEFAULT ?? true,
    organizationsEnabled: flags.organizations?.enabled === true,
  };
}

/**
 * The project panel's organization selector (spec 3 §2): shown when organizations are enabled and
 * the user has more than one organization, and always for support users (type 1111).
 */
export function showsMapOrganizationSelect(access: Pick<SettingsAccess, 'organizationsEnabled' | 'profile'>): boolean {
  return isSupport(access.profile.userType) || (access.organizationsEnabled && access.profile.organizations.length > 1);
}

/** Settings screens render inside the session gate, so the profile is already loaded. */
export function useSettingsAccess(): SettingsAccess | null {
  const profile = useProfile().data;
  const account = useCurrentAccount().data;
  if (!profile) return null;
  return accessOf(profile, account);
}
