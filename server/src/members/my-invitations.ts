import type { Invitation, Profile } from '@fieldbook/domain';
import { MEMBER_MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { profile } from '../accounts/service.js';
import { acceptInvitation, declineInvitation, findPendingInvitations } from './store.js';

/** The invitations the signed-in person has not answered (spec: adding an existing user asks them first). */
export async function myInvitations(deps: Deps, caller: Caller): Promise<Invitation[]> {
  const rows = await findPendingInvitations(deps.db, caller.accountId);
  return rows.map((r) => ({
    organizationId: r.organization_id,
    organizationName: r.name,
    invitedBy: r.email === null ? null : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.email,
    userType: r.user_type,
    createdDt: new Date(r.created_at).toISOString(),
  }));
}

/** Joins the organization: it appears in the profile's organizations and can be selected. */
export async function acceptMyInvitation(deps: Deps, caller: Caller, organizationId: string): Promise<Profile> {
  if (!(await acceptInvitation(deps.db, caller.accountId, organizationId)))
    throw notFound(MEMBER_MSG.invitationNotFound);
  return profile(deps, caller);
}

/** Declines: the pending membership and the seat it held are gone. */
export async function declineMyInvitation(deps: Deps, caller: Caller, organizationId: string): Promise<void> {
  const declined = await deps.db
    .transaction()
    .execute((trx) => declineInvitation(trx, caller.accountId, organizationId));
  if (!declined) throw notFound(MEMBER_MSG.invitationNotFound);
}
