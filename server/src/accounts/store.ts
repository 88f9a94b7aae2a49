import type { Selectable } from 'kysely';
import type { PermissionEntry } from '@fieldbook/domain';
import type { AccountsTable } from '../db/schema.js';
import type { Executor } from '../db/types.js';

export type AccountRow = Selectable<AccountsTable>;

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
  companyName?: string | null;
  confirmed?: boolean;
  emailVerified?: boolean;
  mustChangePassword?: boolean;
  defaultOrganizationId: string;
  /** Set when an organization's admin creates the account (that organization may rename it). */
  createdByOrganizationId?: string;
}

export async function insertAccount(db: Executor, a: NewAccount): Promise<AccountRow> {
  return db
    .insertInto('accounts')
    .values({
      email: a.email,
      password_hash: a.passwordHash,
      first_name: a.firstName,
      last_name: a.lastName,
      phone_number: a.phoneNumber ?? null,
      company_name: a.companyName ?? null,
      confirmed: a.confirmed ?? false,
      email_verified: a.emailVerified ?? false,
      must_change_password: a.mustChangePassword ?? false,
      default_organization_id: a.defaultOrganizationId,
      created_by_organization_id: a.createdByOrganizationId ?? null,
      eula_web: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findAccountById(db: Executor, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateAccount(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<
      AccountRow,
      | 'first_name'
      | 'last_name'
      | 'password_hash'
      | 'confirmed'
      | 'email_verified'
      | 'must_change_password'
      | 'password_reset_required'
    >
  > & { eula_web?: number },
): Promise<AccountRow> {
  return db
    .updateTable('accounts')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NewMembership {
  accountId: string;
  organizationId: string;
  userType: string;
  /** An invitation of an existing account: grants nothing until accepted, shows the names typed by the inviting admin. */
  invitation?: { firstName: string; lastName: string; invitedBy: string };
}

export async function insertMembership(db: Executor, m: NewMembership) {
  await db
    .insertInto('memberships')
    .values({
      account_id: m.accountId,
      organization_id: m.organizationId,
      user_type: m.userType,
      rtk_id: null,
      invitation_pending: m.invitation !== undefined,
      invited_first_name: m.invitation?.firstName ?? null,
      invited_last_name: m.invitation?.lastName ?? null,
      invited_by: m.invitation?.invitedBy ?? null,
    })
    .execute();
}

export async function findMembership(db: Executor, accountId: string, organizationId: string) {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function listMembershipOrganizationIds(db: Executor, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('organization_id')
    .where('account_id', '=', accountId)
    .where('invitation_pending', '=', false)
    .execute();
  return rows.map((r) => r.organization_id);
}

export async function insertPermissions(
  db: Executor,
  accountId: string,
  organizationId: string,
  entries: PermissionEntry[],
) {
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

export async function listPermissions(
  db: Executor,
  accountId: string,
  organizationId: string,
): Promise<PermissionEntry[]> {
  const rows = await db
    .selectFrom('permissions')
    .select(['asset_type', 'asset_id', 'bit_mask'])
    .where('account_id', '=', accountId)
    .where('organization_id', '=', organizationId)
    .orderBy('asset_type')
    .orderBy('asset_id')
    .execute();
  return rows.map((r) => ({
    assetTypeName: r.asset_type as PermissionEntry['assetTypeName'],
    assetId: r.asset_id,
    bitMask: r.bit_mask,
  }));
}
