import { z } from 'zod';
import {
  MEMBER_MSG,
  bitsToNumber,
  isPlusOrganization,
  maxMaskFor,
  memberFilterQuerySchema,
  normalizeMask,
  updateMemberSchema,
  type Member,
  type PermissionEntry,
  type SeatSummary,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { callerIsSupport, requireOrgAdmin, requireUsersGroup } from '../authz/policy.js';
import { requireOwnAssets } from '../authz/references.js';
import { findOrganization } from '../organizations/store.js';
import { updateAccount } from '../accounts/store.js';
import { currentAccount } from '../accounts/service.js';
import {
  countSeatUsage,
  findMember,
  findMembers,
  lockOrganization,
  replacePermissions,
  ssoDomains,
  updateMembership,
  type MemberRow,
} from './store.js';
import { ownsNames, presentMember } from './present.js';
import { seatLimitsOf, seatSummary } from './seats.js';
import { hasFreeRtkSeat } from '@fieldbook/domain';
import { actorOf, recordActivity } from '../activities/record.js';
import { namedActivity } from '../organizations/settings-activity.js';
import { memberActivity } from './activity.js';

type FilterQuery = z.output<typeof memberFilterQuerySchema>;
type UpdateInput = z.output<typeof updateMemberSchema>;

export async function listMembers(
  deps: Deps,
  caller: Caller,
  q: FilterQuery,
): Promise<{ data: Member[]; page: number; totalCount: number }> {
  requireUsersGroup(caller);
  // Only support users see support users, and only when they ask for them (the 'prostar' filter).
  const includeSupport = callerIsSupport(caller) && q.includeProstarUsers === true;
  const { rows, total } = await findMembers(deps.db, caller.organizationId, { ...q, includeSupport });
  const sso = await ssoDomains(deps.db);
  const data = [];
  for (const row of rows) data.push(await presentMember(deps.db, caller.organizationId, row, sso));
  return { data, page: q.page, totalCount: total };
}

/** Every member (for pickers), by name; support users as in the list. */
export async function allMembers(deps: Deps, caller: Caller): Promise<Member[]> {
  requireUsersGroup(caller);
  const { rows } = await findMembers(deps.db, caller.organizationId, {
    page: 0,
    pageSize: 100_000,
    sort: 'name',
    order: 'asc',
    includeSupport: callerIsSupport(caller),
  });
  const sso = await ssoDomains(deps.db);
  const out = [];
  for (const row of rows) out.push(await presentMember(deps.db, caller.organizationId, row, sso));
  return out;
}

export async function getMember(deps: Deps, caller: Caller, accountId: string): Promise<Member> {
  requireUsersGroup(caller);
  const row = await findMember(deps.db, caller.organizationId, accountId);
  if (!row || (row.user_type === '1111' && !callerIsSupport(caller))) throw notFound();
  return presentMember(deps.db, caller.organizationId, row, await ssoDomains(deps.db));
}

export async function seats(deps: Deps, caller: Caller): Promise<SeatSummary> {
  requireUsersGroup(caller);
  const org = await findOrganization(deps.db, caller.organizationId);
  if (!org) throw notFound();
  return seatSummary(org, await countSeatUsage(deps.db, caller.organizationId));
}

/** Active members, support users excluded (spec 1 §3). */
export async function memberCount(deps: Deps, caller: Caller): Promise<{ count: number }> {
  requireUsersGroup(caller);
  const usage = await countSeatUsage(deps.db, caller.organizationId);
  return { count: usage.viewers + usage.editors + usage.dataCollectors };
}

/**
 * Checks a permission list for a member of the given type: at most 100 entries (schema), no mask
 * above what the type may hold, masks normalized so a higher bit includes the lower ones, and every
 * named asset one of this organization's (another organization's id answers as an unknown one: 404).
 */
export async function checkedPermissions(
  db: Executor,
  userType: string,
  entries: PermissionEntry[],
  organizationId: string,
): Promise<PermissionEntry[]> {
  const checked = entries.map((e) => {
    const bitMask = normalizeMask(e.bitMask);
    if (bitsToNumber(bitMask) > maxMaskFor(userType, e)) throw badRequest(MEMBER_MSG.permissionTooHigh);
    if (e.assetTypeName === 'organization' && e.assetId !== '*' && e.assetId !== organizationId)
      throw badRequest(MEMBER_MSG.permissionTooHigh);
    return { ...e, bitMask };
  });
  await requireOwnAssets(db, organizationId, checked);
  return checked;
}

function rtkId(): string {
  return `RTK-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
}

/** PUT /rest/accounts: one's own names, or (org admins) another member's names, permissions, renew and RTK. */
export async function updateMember(deps: Deps, caller: Caller, input: UpdateInput) {
  const self = input.id === caller.accountId;
  if (self) {
    if (input.permissions || input.renew !== undefined || input.rtkStatus !== undefined)
      throw forbidden(MEMBER_MSG.notForSelf);
    const names = pickNames(input);
    await deps.db.transaction().execute(async (trx) => {
      await updateAccount(trx, caller.accountId, names);
      await recordActivity(
        trx,
        actorOf(caller),
        namedActivity({
          type: 'Edit',
          noun: 'Personal details of',
          idKey: 'accountId',
          thing: { id: caller.accountId, name: caller.email },
          extra: { changes: Object.keys(names) },
        }),
      );
    });
    return currentAccount(deps, caller);
  }
  requireOrgAdmin(caller);
  await deps.db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, caller.organizationId);
    const member = await findMember(trx, caller.organizationId, input.id);
    if (!member) throw notFound();
    if (!member.is_active) throw badRequest(MEMBER_MSG.inactiveUser);
    await renameMember(trx, caller.organizationId, member, input);
    if (input.renew !== undefined)
      await updateMembership(trx, caller.organizationId, member.id, { renew: input.renew });
    if (input.rtkStatus !== undefined) await setRtk(trx, org, member, input.rtkStatus);
    if (input.permissions) {
      if (isPlusOrganization(org.type)) throw forbidden();
      await replacePermissions(
        trx,
        caller.organizationId,
        member.id,
        await checkedPermissions(trx, member.user_type, input.permissions, caller.organizationId),
      );
    }
    const changes = (['firstName', 'lastName', 'renew', 'rtkStatus', 'permissions'] as const).filter(
      (field) => input[field] !== undefined,
    );
    await recordActivity(trx, actorOf(caller), memberActivity('Edit', member, undefined, { changes }));
  });
  return getMember(deps, caller, input.id);
}

/** Names an admin changes: the invitation's label while pending, else only those of an account the organization owns. */
async function renameMember(db: Executor, organizationId: string, member: MemberRow, input: UpdateInput) {
  const firstName = input.firstName ?? member.invited_first_name ?? member.first_name;
  const lastName = input.lastName ?? member.invited_last_name ?? member.last_name;
  if (
    firstName === (member.invited_first_name ?? member.first_name) &&
    lastName === (member.invited_last_name ?? member.last_name)
  )
    return;
  if (!ownsNames(member, organizationId)) throw forbidden(MEMBER_MSG.namesNotEditable);
  if (member.invitation_pending)
    await updateMembership(db, organizationId, member.id, {
      invited_first_name: firstName,
      invited_last_name: lastName,
    });
  else await updateAccount(db, member.id, { first_name: firstName, last_name: lastName });
}

function pickNames(input: UpdateInput) {
  const names: { first_name?: string; last_name?: string } = {};
  if (input.firstName !== undefined) names.first_name = input.firstName;
  if (input.lastName !== undefined) names.last_name = input.lastName;
  return names;
}

export async function setRtk(
  db: Executor,
  org: Parameters<typeof seatLimitsOf>[0],
  member: { id: string; rtk_id: string | null },
  on: boolean,
) {
  if (on === (member.rtk_id !== null)) return;
  if (on && !hasFreeRtkSeat(seatLimitsOf(org), await countSeatUsage(db, org.id)))
    throw badRequest(MEMBER_MSG.noRtkAvailable);
  await updateMembership(db, org.id, member.id, { rtk_id: on ? rtkId() : null });
}
