import { z } from 'zod';
import {
  AUTH_ERRORS,
  MEMBER_MSG,
  USER_TYPES,
  addMemberSchema,
  addUserPreset,
  isPlusOrganization,
  seatTypeOf,
  usageFits,
  withChange,
  type Member,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import type { Executor } from '../db/types.js';
import {
  findAccountByEmail,
  findAccountById,
  insertAccount,
  insertMembership,
  insertPermissions,
  updateAccount,
} from '../accounts/store.js';
import {
  countSeatUsage,
  findMember,
  lockOrganization,
  removeMember,
  ssoDomains,
  updateMembership,
  type MemberRow,
} from './store.js';
import { existingAccountInvitation, newAccountInvitation, type Invitation } from './invitations.js';
import { seatLimitsOf } from './seats.js';
import { checkedPermissions, getMember, setRtk } from './service.js';
import { emailDomain, ownsAccount } from './present.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { memberActivity } from './activity.js';

type AddInput = z.output<typeof addMemberSchema>;

async function inviterName(deps: Deps, caller: Caller): Promise<string> {
  const me = await findAccountById(deps.db, caller.accountId);
  return me ? `${me.first_name} ${me.last_name}`.trim() : caller.email;
}

/**
 * Adds a member: the spec's presets, seat checks under a lock, an invitation mailed after commit.
 * A new address gets an account owned by this organization; an existing account gets a pending
 * membership it accepts or declines in the app. Both take a seat, and both answer alike.
 */
export async function addMember(deps: Deps, caller: Caller, input: AddInput): Promise<Member> {
  requireOrgAdmin(caller);
  if (input.organizationId && input.organizationId !== caller.organizationId) throw forbidden();
  const plus = isPlusOrganization(caller.organizationType);
  if (!plus && !input.userType) throw badRequest(MEMBER_MSG.userTypeRequired);
  const preset = addUserPreset(
    plus
      ? 'plus'
      : input.userType === USER_TYPES.viewer
        ? 'viewer'
        : input.userType === USER_TYPES.dataCollector
          ? 'dataCollector'
          : 'editor',
    caller.organizationId,
  );
  const permissions =
    input.permissions && !plus
      ? await checkedPermissions(deps.db, preset.userType, input.permissions, caller.organizationId)
      : preset.permissions;
  const invitedBy = await inviterName(deps, caller);

  const { accountId, afterCommit } = await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    const usage = await countSeatUsage(trx, org.id);
    if (!usageFits(seatLimitsOf(org), withChange(usage, seatTypeOf(preset.userType))))
      throw badRequest(MEMBER_MSG.noUsersAvailable, 'NoSeatAvailable');
    let account = await findAccountByEmail(trx, input.email);
    let invitation: Invitation;
    if (account) {
      if (await findMember(trx, org.id, account.id))
        throw conflict(MEMBER_MSG.alreadyMember, AUTH_ERRORS.usernameExists);
      invitation = await existingAccountInvitation(deps, account.email, org.name, invitedBy);
      await insertMembership(trx, {
        accountId: account.id,
        organizationId: org.id,
        userType: preset.userType,
        invitation: { firstName: input.firstName, lastName: input.lastName, invitedBy: caller.accountId },
      });
    } else {
      invitation = await newAccountInvitation(deps, input.email, org.name, invitedBy);
      account = await insertAccount(trx, {
        email: input.email,
        passwordHash: invitation.passwordHash!,
        firstName: input.firstName,
        lastName: input.lastName,
        confirmed: true,
        mustChangePassword: true,
        defaultOrganizationId: org.id,
        createdByOrganizationId: org.id,
      });
      await insertMembership(trx, { accountId: account.id, organizationId: org.id, userType: preset.userType });
    }
    await insertPermissions(trx, account.id, org.id, permissions);
    if (input.rtkStatus) await setRtk(trx, org, { id: account.id, rtk_id: null }, true);
    await recordActivity(
      trx,
      actorOf(caller),
      memberActivity('Add', account, undefined, { userType: preset.userType, permissions }),
    );
    return { accountId: account.id, afterCommit: invitation.send };
  });
  await afterCommit();
  return getMember(deps, caller, accountId);
}

/**
 * The invitation again for a member who has not joined: a new temporary password only for an
 * account this organization owns (never someone else's), the invitation to accept for a pending one.
 */
async function reinvitation(
  deps: Deps,
  db: Executor,
  member: MemberRow,
  organization: { id: string; name: string },
  invitedBy: string,
) {
  if (member.invitation_pending)
    return (await existingAccountInvitation(deps, member.email, organization.name, invitedBy)).send;
  if (!member.must_change_password || !ownsAccount(member, organization.id)) return null;
  const invitation = await newAccountInvitation(deps, member.email, organization.name, invitedBy);
  await updateAccount(db, member.id, { password_hash: invitation.passwordHash!, must_change_password: true });
  return invitation.send;
}

/** Loads a member for an admin action that the spec disables for oneself (and for SSO users where said). */
async function targetOf(deps: Deps, caller: Caller, id: string, opts: { notSso?: boolean } = {}): Promise<MemberRow> {
  requireOrgAdmin(caller);
  if (id === caller.accountId) throw forbidden(MEMBER_MSG.notForSelf);
  const member = await findMember(deps.db, caller.organizationId, id);
  if (!member || member.user_type === USER_TYPES.support) throw notFound();
  if (opts.notSso && (await ssoDomains(deps.db)).has(emailDomain(member.email))) throw forbidden(MEMBER_MSG.notForSso);
  return member;
}

export async function deleteMember(deps: Deps, caller: Caller, id: string): Promise<void> {
  const member = await targetOf(deps, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    await removeMember(trx, caller.organizationId, member.id);
    await recordActivity(
      trx,
      actorOf(caller),
      memberActivity('Delete', member, undefined, { userType: member.user_type }),
    );
  });
}

export async function deactivateMember(deps: Deps, caller: Caller, id: string): Promise<Member> {
  const member = await targetOf(deps, caller, id, { notSso: true });
  await deps.db.transaction().execute(async (trx) => {
    await updateMembership(trx, caller.organizationId, member.id, { is_active: false });
    // Signing out everywhere is for accounts the organization owns; others lose access here at once anyway.
    if (ownsAccount(member, caller.organizationId)) {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('account_id', '=', member.id)
        .where('revoked_at', 'is', null)
        .execute();
    }
    await recordActivity(trx, actorOf(caller), memberActivity('Edit', member, 'deactivated'));
  });
  return getMember(deps, caller, id);
}

/** Enabling takes a seat again; with reinvite a member who never chose a password gets a new invitation. */
export async function activateMember(deps: Deps, caller: Caller, id: string, reinvite: boolean): Promise<Member> {
  const member = await targetOf(deps, caller, id, { notSso: true });
  const invitedBy = await inviterName(deps, caller);
  const afterCommit = await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    if (
      !member.is_active &&
      !usageFits(seatLimitsOf(org), withChange(await countSeatUsage(trx, org.id), seatTypeOf(member.user_type)))
    ) {
      throw badRequest(MEMBER_MSG.noUsersAvailable, 'NoSeatAvailable');
    }
    await updateMembership(trx, org.id, member.id, { is_active: true });
    await recordActivity(trx, actorOf(caller), memberActivity('Edit', member, 'reactivated', { reinvite }));
    return reinvite ? reinvitation(deps, trx, member, org, invitedBy) : null;
  });
  await afterCommit?.();
  return getMember(deps, caller, id);
}

/** GET /rest/cognito/resend/{id}: the invitation again, for an active member who has not joined yet. */
export async function resendInvitation(deps: Deps, caller: Caller, id: string): Promise<{ sent: true }> {
  const member = await targetOf(deps, caller, id, { notSso: true });
  if (!member.is_active) throw badRequest(MEMBER_MSG.inactiveUser);
  const invitedBy = await inviterName(deps, caller);
  const send = await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    const sender = await reinvitation(deps, trx, member, org, invitedBy);
    if (!sender) throw badRequest('app.mm.invitation.already-accepted');
    await recordActivity(trx, actorOf(caller), memberActivity('Edit', member, 'invited again'));
    return sender;
  });
  await send();
  return { sent: true };
}

/** Promote a collector to editor or demote an editor to collector, if a seat of the new type is free. */
export async function changeMemberType(
  deps: Deps,
  caller: Caller,
  id: string,
  direction: 'promote' | 'demote',
): Promise<Member> {
  if (isPlusOrganization(caller.organizationType)) throw forbidden();
  const member = await targetOf(deps, caller, id);
  const [from, to] =
    direction === 'promote'
      ? [USER_TYPES.dataCollector, USER_TYPES.editor]
      : [USER_TYPES.editor, USER_TYPES.dataCollector];
  if (member.user_type !== from) throw badRequest(MEMBER_MSG.notPromotable);
  await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    const usage = await countSeatUsage(trx, org.id);
    if (member.is_active && !usageFits(seatLimitsOf(org), withChange(usage, seatTypeOf(to), seatTypeOf(from)))) {
      throw badRequest(
        direction === 'promote' ? MEMBER_MSG.noEditorsAvailable : MEMBER_MSG.noCollectorsAvailable,
        'NoSeatAvailable',
      );
    }
    await updateMembership(trx, org.id, member.id, { user_type: to });
    if (direction === 'demote') {
      // A collector holds no edit or admin bits outside the organization entry (spec 1 §5).
      await trx
        .updateTable('permissions')
        .set({ bit_mask: '0011' })
        .where('organization_id', '=', org.id)
        .where('account_id', '=', member.id)
        .where('asset_type', '<>', 'organization')
        .where('bit_mask', 'in', ['0111', '1111'])
        .execute();
    }
    const did = direction === 'promote' ? 'promoted to editor' : 'demoted to data collector';
    await recordActivity(trx, actorOf(caller), memberActivity('Edit', member, did, { from, to }));
  });
  return getMember(deps, caller, id);
}
