import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_USERS, USER_TYPES, allFunctionalityFlagsOn, CURRENT_EULA_TIMESTAMP } from '@fieldbook/domain';
import { hashPassword } from '../src/auth/service.js';
import { insertAccount, insertMembership, insertPermissions, updateAccount } from '../src/accounts/store.js';
import { insertOrganization } from '../src/organizations/store.js';
import type { Harness } from './harness.js';

export const GOOD_PASSWORD = 'Field-b00k!';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 12)}@example.test`;

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    given_name: 'Ada',
    family_name: 'Surveyor',
    phone_number: '+12025550143',
    company_name: 'Survey Co',
    ...overrides,
  };
}

export interface TestUser {
  email: string;
  password: string;
  accountId: string;
  organizationId: string;
}

export interface AccountOptions {
  confirmed?: boolean;
  emailVerified?: boolean;
  mustChangePassword?: boolean;
  passwordResetRequired?: boolean;
  active?: boolean;
  acceptedEula?: boolean;
  userType?: string;
  organizationId?: string;
  /** Leave out the organization admin entry (members get their preset instead). */
  skipPermissions?: boolean;
}

let passwordHash: Promise<string> | undefined;

/** An account in a fresh organization of its own (or the given one), written straight to the database. */
export async function createAccount(h: Harness, options: AccountOptions = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(GOOD_PASSWORD);
  const email = uniqueEmail();
  const organizationId =
    options.organizationId ??
    (
      await insertOrganization(h.db, {
        name: `Org ${randomUUID().slice(0, 8)}`,
        maxUsers: DEFAULT_MAX_USERS,
        functionalityFlags: allFunctionalityFlagsOn(),
        geoserverUrl: null,
      })
    ).id;
  const account = await insertAccount(h.db, {
    email,
    passwordHash: await passwordHash,
    firstName: 'Test',
    lastName: 'User',
    confirmed: options.confirmed ?? true,
    emailVerified: options.emailVerified ?? true,
    mustChangePassword: options.mustChangePassword ?? false,
    defaultOrganizationId: organizationId,
  });
  await insertMembership(h.db, {
    accountId: account.id,
    organizationId,
    userType: options.userType ?? USER_TYPES.editor,
  });
  if (!options.skipPermissions) {
    await insertPermissions(h.db, account.id, organizationId, [
      { assetTypeName: 'organization', assetId: organizationId, bitMask: '1111' },
    ]);
  }
  if (options.acceptedEula ?? true) await updateAccount(h.db, account.id, { eula_web: CURRENT_EULA_TIMESTAMP });
  if (options.passwordResetRequired) await updateAccount(h.db, account.id, { password_reset_required: true });
  if (options.active === false) {
    await h.db.updateTable('memberships').set({ is_active: false }).where('account_id', '=', account.id).execute();
  }
  return { email, password: GOOD_PASSWORD, accountId: account.id, organizationId };
}

export interface SignedIn extends TestUser {
  idToken: string;
  refreshToken: string;
  auth: { authorization: string };
}

export async function signIn(h: Harness, user: TestUser): Promise<SignedIn> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/signin',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const { idToken, refreshToken } = res.json();
  return { ...user, idToken, refreshToken, auth: { authorization: `Bearer ${idToken}` } };
}

export async function signedInAccount(h: Harness, options: AccountOptions = {}): Promise<SignedIn> {
  return signIn(h, await createAccount(h, options));
}

/** A member of an existing organization with the add-user preset of their type. */
export async function createMember(
  h: Harness,
  organizationId: string,
  preset: 'editor' | 'viewer' | 'dataCollector',
  options: AccountOptions = {},
): Promise<SignedIn> {
  const { addUserPreset } = await import('@fieldbook/domain');
  const p = addUserPreset(preset, organizationId);
  const user = await createAccount(h, {
    ...options,
    organizationId,
    userType: options.userType ?? p.userType,
    skipPermissions: true,
  });
  await insertPermissions(h.db, user.accountId, organizationId, p.permissions);
  return signIn(h, user);
}

export async function setOrganization(
  h: Harness,
  organizationId: string,
  changes: { max_users?: number | null; user_info?: Record<string, number> | null; rtk_seats?: number; type?: string },
) {
  const { user_info, ...rest } = changes;
  await h.db
    .updateTable('organizations')
    .set({
      ...rest,
      ...(user_info !== undefined ? { user_info: user_info === null ? null : JSON.stringify(user_info) } : {}),
    })
    .where('id', '=', organizationId)
    .execute();
}

/** The id of a seeded provider dictionary template (asset inventory unless named). */
export async function templateDictionaryId(h: Harness, templateKey = 'asset-inventory'): Promise<string> {
  const template = await h.db
    .selectFrom('dictionaries')
    .select('id')
    .where('template_key', '=', templateKey)
    .executeTakeFirstOrThrow();
  return template.id;
}
