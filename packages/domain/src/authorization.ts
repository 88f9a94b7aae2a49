import {
  PERMISSION_BITS,
  bitsToNumber,
  isAtLeastCollector,
  isAtLeastViewer,
  type AssetType,
  type PermissionEntry,
} from './user-types.js';

/** An asset and its ancestors, nearest first: feature → layer → folder → project → organization. */
export interface AssetRef {
  type: AssetType;
  id: string;
}

/**
 * The permission bits a set of entries gives on an asset (spec 1 §6): an entry counts when it names
 * the asset or one of its ancestors (permission flows down), or '*' for the asset's type or an
 * ancestor's type. Higher levels include lower ones, so the highest mask wins.
 */
export function effectiveMask(entries: PermissionEntry[], chain: AssetRef[]): number {
  let mask = 0;
  for (const entry of entries) {
    if (chain.some((a) => a.type === entry.assetTypeName && (entry.assetId === '*' || entry.assetId === a.id))) {
      mask = Math.max(mask, bitsToNumber(entry.bitMask));
    }
  }
  return mask;
}

export const maskAllows = (mask: number, need: keyof typeof PERMISSION_BITS): boolean =>
  need === 'admin' ? (mask & PERMISSION_BITS.admin) !== 0 : mask >= PERMISSION_BITS[need];

export interface SubjectOfChecks {
  userType: string;
  permissions: PermissionEntry[];
  organizationId: string;
  organizationType: string;
}

export const isPlusOrganization = (organizationType: string) => organizationType === 'plus';

const orgMask = (s: SubjectOfChecks) => effectiveMask(s.permissions, [{ type: 'organization', id: s.organizationId }]);

/**
 * Organization admin: a collector or editor type with the admin bit on the organization; in a plus
 * organization any user holding an organization admin permission (spec 1 §6).
 */
export function isOrgAdmin(s: SubjectOfChecks): boolean {
  const admin = maskAllows(orgMask(s), 'admin');
  if (isPlusOrganization(s.organizationType)) return admin;
  return admin && isAtLeastCollector(s.userType);
}

/** Viewer-level access to the organization: a user type of viewer or above and view on the organization. */
export function isOrgViewer(s: SubjectOfChecks): boolean {
  return isAtLeastViewer(s.userType) && maskAllows(orgMask(s), 'view');
}

/** Admin of at least one project (by id or '*'). */
export function isProjectAdminOfAny(s: SubjectOfChecks): boolean {
  return s.permissions.some((e) => e.assetTypeName === 'project' && maskAllows(bitsToNumber(e.bitMask), 'admin'));
}

/** The users-and-organization settings group (spec 1 §2.3). */
export function canSeeUsersAndOrganization(s: SubjectOfChecks): boolean {
  return isOrgViewer(s) || (bitsToNumber(s.userType) >= 4 && isProjectAdminOfAny(s));
}
