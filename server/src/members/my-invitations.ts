import type { Invitation, Profile } from '@fieldbook/domain';
import { MEMBER_MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { profile } from '../accounts/service.js';
import { acceptInvitation, declineInvitation, findPendingInvitations } from './store.js';
import { actorOfAccount, recordActivity } from '../activities/record.js';
import { memberActivity } from './activity.js';

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

/**
 * Joins the organization: it appears in the profile's organizations and can be selected. Logged in the
 * organization joined (whose admins invited), not the one the person works in.
 */
export async function acceptMyInvitation(deps: Deps, caller: Caller, organizationId: string): Promise<Profile> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await acceptInvitation(trx, caller.accountId, organizationId))) throw notFound(MEMBER_MSG.invitationNotFound);
    const actor = await actorOfAccount(trx, caller.accountId, organizationId);
    await recordActivity(trx, actor, memberActivity('Edit', { id: caller.accountId, email: caller.email }, 'joined'));
  });
  return profile(deps, caller);
}

/** Declines: the pending membership and the seat it held are gone (logged in the inviting organization). */
export async function declineMyInvitation(deps: Deps, caller: Caller, organizationId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // The actor as invited: the membership that names their user type goes with the decline.
    const actor = await actorOfAccount(trx, caller.accountId, organizationId);
    if (!(await declineInvitation(trx, caller.accountId, organizationId)))
      throw notFound(MEMBER_MSG.invitationNotFound);
    const member = { id: caller.accountId, email: caller.email };
    await recordActivity(trx, actor, memberActivity('Delete', member, 'declined the invitation'));
  });
}
