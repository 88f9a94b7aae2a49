import { sql, type SqlBool } from 'kysely';
import { USER_TYPES, type PermissionEntry, type SeatUsage } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';

/** Active members by seat type; support users never take a seat. */
export async function countSeatUsage(db: Executor, organizationId: string): Promise<SeatUsage> {
  const rows = await db
    .selectFrom('memberships')
    .select(['user_type', sql<number>`count(*)::int`.as('n'), sql<number>`count(rtk_id)::int`.as('rtk')])
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true)
    .where('user_type', '<>', USER_TYPES.support)
    .groupBy('user_type')
    .execute();
  const n = (t: string) => rows.find((r) => r.user_type === t)?.n ?? 0;
  return {
    viewers: n(USER_TYPES.viewer),
    editors: n(USER_TYPES.editor),
    dataCollectors: n(USER_TYPES.dataCollector),
    rtk: rows.reduce((sum, r) => sum + r.rtk, 0),
  };
}

/** Serializes seat checks of one organization: concurrent adds cannot both take the last seat. */
export async function lockOrganization(db: Executor, organizationId: string) {
  return db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

const memberColumns = [
  'a.id',
  'a.email',
  'a.first_name',
  'a.last_name',
  'a.must_change_password',
  'a.default_organization_id',
  'a.created_by_organization_id',
  'm.user_type',
  'm.is_active',
  'm.renew',
  'm.rtk_id',
  'm.created_at',
  'm.invitation_pending',
  'm.invited_first_name',
  'm.invited_last_name',
] as const;

/**
 * The names an organization sees: those its admin typed while the invitation is pending (the
 * person's own names are not shown to an organization they have not joined), then the account's.
 */
const shownName = sql<string>`coalesce(m.invited_first_name, a.first_name) || ' ' || coalesce(m.invited_last_name, a.last_name)`;

export interface MemberQuery {
  page: number;
  pageSize: number;
  sort: 'name' | 'email' | 'userType' | 'createdDt';
  order: 'asc' | 'desc';
  search?: string;
  active?: boolean;
  renew?: boolean;
  rtk?: boolean;
  userType?: string;
  includeSupport: boolean;
}

function membersOf(db: Executor, organizationId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .where('m.organization_id', '=', organizationId);
}

export async function findMembers(db: Executor, organizationId: string, q: MemberQuery) {
  let query = membersOf(db, organizationId);
  if (!q.includeSupport) query = query.where('m.user_type', '<>', USER_TYPES.support);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('a.email', 'ilike', like), eb(shownName, 'ilike', like)]));
  }
  if (q.active !== undefined) query = query.where('m.is_active', '=', q.active);
  if (q.renew !== undefined) query = query.where('m.renew', '=', q.renew);
  if (q.rtk !== undefined)
    query = query.where(q.rtk ? sql<SqlBool>`m.rtk_id IS NOT NULL` : sql<SqlBool>`m.rtk_id IS NULL`);
  if (q.userType) query = query.where('m.user_type', '=', q.userType);

  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const sortColumn = {
    name: sql`lower(${shownName})`,
    email: sql`a.email`,
    userType: sql`m.user_type`,
    createdDt: sql`m.created_at`,
  }[q.sort];
  const rows = await query
    .select(memberColumns)
    .orderBy(sortColumn, q.order)
    .orderBy('a.id')
    .limit(q.pageSize)
    .offset(q.page * q.pageSize)
    .execute();
  return { rows, total };
}

export async function findMember(db: Executor, organizationId: string, accountId: string) {
  return membersOf(db, organizationId).select(memberColumns).where('a.id', '=', accountId).executeTakeFirst();
}
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export async function updateMembership(
  db: Executor,
  organizationId: string,
  accountId: string,
  changes: Partial<{
    user_type: string;
    is_active: boolean;
    renew: boolean;
    rtk_id: string | null;
    invited_first_name: string;
    invited_last_name: string;
  }>,
) {
  await db
    .updateTable('memberships')
    .set(changes)
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute();
}

export async function replacePermissions(
  db: Executor,
  organizationId: string,
  accountId: string,
  entries: PermissionEntry[],
) {
  await db
    .deleteFrom('permissions')
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute();
  if (entries.length === 0) return;
  await db
    .insertInto('permissions')
    .values(
      entries.map((e) => ({
        account_id: accountId,
        organization_id: organizationId,
        asset_type: e.assetTypeName,
        asset_id: e.assetId,
        bit_mask: e.bitMask,
      })),
    )
    .execute();
}

/** Removes the member from the organization; an account left in no organization is deleted. */
export async function removeMember(db: Executor, organizationId: string, accountId: string) {
  await db
    .deleteFrom('permissions')
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute();
  await db
    .deleteFrom('memberships')
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute();
  // Pending invitations do not keep an account: it goes (with them) when no joined membership is left.
  const other = await db
    .selectFrom('memberships')
    .select('organization_id')
    .where('account_id', '=', accountId)
    .where('invitation_pending', '=', false)
    .orderBy('created_at')
    .executeTakeFirst();
  if (!other) {
    await db.deleteFrom('accounts').where('id', '=', accountId).execute();
    return;
  }
  await db
    .updateTable('accounts')
    .set({ default_organization_id: other.organization_id })
    .where('id', '=', accountId)
    .where('default_organization_id', '=', organizationId)
    .execute();
}

export async function ssoDomains(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('auth_providers').select('domain').execute();
  return new Set(rows.map((r) => r.domain));
}

/** The organizations that invited this account and wait for its answer. */
export async function findPendingInvitations(db: Executor, accountId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .leftJoin('accounts as inviter', 'inviter.id', 'm.invited_by')
    .select([
      'm.organization_id',
      'o.name',
      'm.user_type',
      'm.created_at',
      'inviter.first_name',
      'inviter.last_name',
      'inviter.email',
    ])
    .where('m.account_id', '=', accountId)
    .where('m.invitation_pending', '=', true)
    .orderBy('m.created_at')
    .execute();
}

/** Turns a pending invitation into a membership; false when there was none. */
export async function acceptInvitation(db: Executor, accountId: string, organizationId: string): Promise<boolean> {
  const done = await db
    .updateTable('memberships')
    .set({ invitation_pending: false, invited_first_name: null, invited_last_name: null })
    .where('account_id', '=', accountId)
    .where('organization_id', '=', organizationId)
    .where('invitation_pending', '=', true)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Drops a pending invitation and the permissions it would have granted; false when there was none. */
export async function declineInvitation(db: Executor, accountId: string, organizationId: string): Promise<boolean> {
  const done = await db
    .deleteFrom('memberships')
    .where('account_id', '=', accountId)
    .where('organization_id', '=', organizationId)
    .where('invitation_pending', '=', true)
    .executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) return false;
  await db
    .deleteFrom('permissions')
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .execute();
  return true;
}
