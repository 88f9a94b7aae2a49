import type { Member } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { listPermissions } from '../accounts/store.js';
import type { MemberRow } from './store.js';

export const emailDomain = (email: string) => email.split('@')[1] ?? '';

/**
 * A person's names are theirs: an organization renames only accounts it created and that still
 * have it as their home organization; names of a pending invitation are the admin's own label.
 */
export function ownsNames(
  row: Pick<MemberRow, 'invitation_pending' | 'created_by_organization_id' | 'default_organization_id'>,
  organizationId: string,
): boolean {
  return row.invitation_pending || ownsAccount(row, organizationId);
}

/** The organization whose admin created the account and that is still its home. */
export function ownsAccount(
  row: Pick<MemberRow, 'created_by_organization_id' | 'default_organization_id'>,
  organizationId: string,
): boolean {
  return row.created_by_organization_id === organizationId && row.default_organization_id === organizationId;
}

/**
 * A member as the organization sees it. A pending invitation of an existing account looks like a
 * new account that has not signed in yet (typed names, invitation pending, joined when invited),
 * so the answer never tells whether the address already had an account.
 */
export async function presentMember(
  db: Executor,
  organizationId: string,
  row: MemberRow,
  sso: Set<string>,
): Promise<Member> {
  const invitationPending = row.invitation_pending || row.must_change_password;
  return {
    id: row.id,
    email: row.email,
    firstName: row.invited_first_name ?? row.first_name,
    lastName: row.invited_last_name ?? row.last_name,
    userType: row.user_type,
    isActive: row.is_active,
    renew: row.renew,
    createdDt: new Date(row.created_at).toISOString(),
    rtkInfo: { id: row.rtk_id },
    isSso: sso.has(emailDomain(row.email)),
    mustChangePassword: invitationPending,
    invitationPending,
    namesEditable: ownsNames(row, organizationId),
    permissions: await listPermissions(db, row.id, organizationId),
  };
}
