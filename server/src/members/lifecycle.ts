import { z } from 'zod';
import {
  AUTH_ERRORS, MEMBER_MSG, USER_TYPES, addMemberSchema, addUserPreset, isPlusOrganization, seatTypeOf,
  usageFits, withChange, type Member,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { findAccountByEmail, findAccountById, insertAccount, insertMembership, insertPermissions } from '../accounts/store.js';
import { hashPassword } from '../auth/service.js';
import { countSeatUsage, findMember, lockOrganization, removeMember, ssoDomains, updateMembership, type MemberRow } from './store.js';
import { addedToOrganizationMail, sendInvitation, temporaryPassword } from './invitations.js';
import { seatLimitsOf } from './seats.js';
import { checkedPermissions, getMember, setRtk } from './service.js';
import { emailDomain } from './present.js';

type AddInput = z.output<typeof addMemberSchema>;

async function inviterName(deps: Deps, caller: Caller): Promise<string> {
  const me = await findAccountById(deps.db, caller.accountId);
  return me ? `${me.first_name} ${me.last_name}`.trim() : caller.email;
}

/** Adds a member: the spec's presets, seat checks under a lock, an invitation mailed after commit. */
export async function addMember(deps: Deps, caller: Caller, input: AddInput): Promise<Member> {
  requireOrgAdmin(caller);
  if (input.organizationId && input.organizationId !== caller.organizationId) throw forbidden();
  const plus = isPlusOrganization(caller.organizationType);
  if (!plus && !input.userType) throw badRequest(MEMBER_MSG.userTypeRequired);
  const preset = addUserPreset(plus ? 'plus' : input.userType === USER_TYPES.viewer ? 'viewer' : input.userType === USER_TYPES.dataCollector ? 'dataCollector' : 'editor', caller.organizationId);
  const permissions = input.permissions && !plus ? checkedPermissions(preset.userType, input.permissions, caller.organizationId) : preset.permissions;
  const invitedBy = await inviterName(deps, caller);

  const { accountId, afterCommit } = await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    const usage = await countSeatUsage(trx, org.id);
    if (!usageFits(seatLimitsOf(org), withChange(usage, seatTypeOf(preset.userType)))) throw badRequest(MEMBER_MSG.noUsersAvailable, 'NoSeatAvailable');
    let account = await findAccountByEmail(trx, input.email);
    let mail: () => Promise<void>;
    if (account) {
      if (await findMember(trx, org.id, account.id)) throw conflict(MEMBER_MSG.alreadyMember, AUTH_ERRORS.usernameExists);
      mail = addedToOrganizationMail(deps, account.email, org.name, invitedBy);
    } else {
      account = await insertAccount(trx, {
        email: input.email,
        passwordHash: await hashPassword(temporaryPassword()),
        firstName: input.firstName,
        lastName: input.lastName,
        confirmed: true,
        mustChangePassword: true,
        defaultOrganizationId: org.id,
      });
      mail = await sendInvitation(deps, trx, account, org.name, invitedBy);
    }
    await insertMembership(trx, { accountId: account.id, organizationId: org.id, userType: preset.userType });
    await insertPermissions(trx, account.id, org.id, permissions);
    if (input.rtkStatus) await setRtk(trx, org, { id: account.id, rtk_id: null }, true);
    return { accountId: account.id, afterCommit: mail };
  });
  await afterCommit();
  return getMember(deps, caller, accountId);
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
  await deps.db.transaction().execute((trx) => removeMember(trx, caller.organizationId, member.id));
}

export async function deactivateMember(deps: Deps, caller: Caller, id: string): Promise<Member> {
  const member = await targetOf(deps, caller, id, { notSso: true });
  await updateMembership(deps.db, caller.organizationId, member.id, { is_active: false });
  await deps.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('account_id', '=', member.id).where('revoked_at', 'is', null).execute();
  return getMember(deps, caller, id);
}

/** Enabling takes a seat again; with reinvite a member who never chose a password gets a new invitation. */
export async function activateMember(deps: Deps, caller: Caller, id: string, reinvite: boolean): Promise<Member> {
  const member = await targetOf(deps, caller, id, { notSso: true });
  const invitedBy = await inviterName(deps, caller);
  const afterCommit = await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    if (!member.is_active && !usageFits(seatLimitsOf(org), withChange(await countSeatUsage(trx, org.id), seatTypeOf(member.user_type)))) {
      throw badRequest(MEMBER_MSG.noUsersAvailable, 'NoSeatAvailable');
    }
    await updateMembership(trx, org.id, member.id, { is_active: true });
    return reinvite && member.must_change_password ? sendInvitation(deps, trx, member, org.name, invitedBy) : null;
  });
  await afterCommit?.();
  return getMember(deps, caller, id);
}

/** GET /rest/cognito/resend/{id}: a new temporary password for an active member who has not signed in yet. */
export async function resendInvitation(deps: Deps, caller: Caller, id: string): Promise<{ sent: true }> {
  const member = await targetOf(deps, caller, id, { notSso: true });
  if (!member.is_active) throw badRequest(MEMBER_MSG.inactiveUser);
  if (!member.must_change_password) throw badRequest('app.mm.invitation.already-accepted');
  const org = await lockOrganization(deps.db, caller.organizationId);
  const send = await sendInvitation(deps, deps.db, member, org.name, await inviterName(deps, caller));
  await send();
  return { sent: true };
}

/** Promote a collector to editor or demote an editor to collector, if a seat of the new type is free. */
export async function changeMemberType(deps: Deps, caller: Caller, id: string, direction: 'promote' | 'demote'): Promise<Member> {
  if (isPlusOrganization(caller.organizationType)) throw forbidden();
  const member = await targetOf(deps, caller, id);
  const [from, to] = direction === 'promote' ? [USER_TYPES.dataCollector, USER_TYPES.editor] : [USER_TYPES.editor, USER_TYPES.dataCollector];
  if (member.user_type !== from) throw badRequest(MEMBER_MSG.notPromotable);
  await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    const usage = await countSeatUsage(trx, org.id);
    if (member.is_active && !usageFits(seatLimitsOf(org), withChange(usage, seatTypeOf(to), seatTypeOf(from)))) {
      throw badRequest(direction === 'promote' ? MEMBER_MSG.noEditorsAvailable : MEMBER_MSG.noCollectorsAvailable, 'NoSeatAvailable');
    }
    await updateMembership(trx, org.id, member.id, { user_type: to });
    if (direction === 'demote') {
      // A collector holds no edit or admin bits outside the organization entry (spec 1 §5).
      await trx.updateTable('permissions').set({ bit_mask: '0011' })
        .where('organization_id', '=', org.id).where('account_id', '=', member.id)
        .where('asset_type', '<>', 'organization').where('bit_mask', 'in', ['0111', '1111']).execute();
    }
  });
  return getMember(deps, caller, id);
}
