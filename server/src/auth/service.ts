import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_ERRORS, DEFAULT_MAX_USERS, MSG, USER_TYPES, allFunctionalityFlagsOn,
  type AuthTokens, type SignInResult,
} from '@fieldbook/domain';
import type { z } from 'zod';
import type { signUpSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../http/errors.js';
import {
  findAccountByEmail, findAccountById, findMembership, insertAccount, insertMembership, insertPermissions,
  updateAccount, type AccountRow,
} from '../accounts/store.js';
import { insertOrganization } from '../organizations/store.js';
import { codeMail } from './mails.js';
import { ID_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_MS } from './tokens.js';
import { assertNotThrottled, clearAccountFailures, recordSignInFailure } from './throttle.js';
import type { CodePurpose } from './codes.js';

type SignUp = z.output<typeof signUpSchema>;

export const hashPassword = (password: string) => hash(password);

const userNotFound = () => notFound(MSG.userNotFound, AUTH_ERRORS.userNotFound);
const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

async function requireAccount(deps: Deps, email: string): Promise<AccountRow> {
  const account = await findAccountByEmail(deps.db, email);
  if (!account) throw userNotFound();
  return account;
}

async function isDisabled(deps: Deps, account: AccountRow): Promise<boolean> {
  if (!account.default_organization_id) return true;
  const membership = await findMembership(deps.db, account.id, account.default_organization_id);
  return !membership || !membership.is_active;
}

/** A code sent less than a minute ago stays valid: a second request does not replace the one in the inbox. */
const RESEND_AFTER_MS = 60_000;

async function sendCode(deps: Deps, account: AccountRow, purpose: CodePurpose, options: { reuseRecent?: boolean } = {}): Promise<{ destination: string }> {
  if (options.reuseRecent) {
    const recent = await deps.db.selectFrom('auth_codes').select('id').where('account_id', '=', account.id).where('purpose', '=', purpose)
      .where('consumed_at', 'is', null).where('created_at', '>', new Date(Date.now() - RESEND_AFTER_MS)).executeTakeFirst();
    if (recent) return { destination: maskEmail(account.email) };
  }
  const code = await deps.codes.issue(deps.db, account.id, purpose);
  await deps.mailer.send(codeMail(account.email, purpose, code, deps.config.publicUrl));
  return { destination: maskEmail(account.email) };
}

/** Self-service sign-up: the user's own organization, the user as its admin editor, a mailed code. */
export async function signUp(deps: Deps, input: SignUp): Promise<{ userConfirmed: false; destination: string }> {
  if (await findAccountByEmail(deps.db, input.email)) throw conflict(MSG.userExists, AUTH_ERRORS.usernameExists);
  const passwordHash = await hashPassword(input.password);
  const account = await deps.db.transaction().execute(async (trx) => {
    const org = await insertOrganization(trx, {
      name: input.company_name || `${input.given_name} ${input.family_name}`,
      maxUsers: DEFAULT_MAX_USERS,
      functionalityFlags: allFunctionalityFlagsOn(),
      geoserverUrl: deps.config.publicUrl,
    });
    const created = await insertAccount(trx, {
      email: input.email,
      passwordHash,
      firstName: input.given_name,
      lastName: input.family_name,
      phoneNumber: input.phone_number,
      companyName: input.company_name || null,
      defaultOrganizationId: org.id,
    });
    await insertMembership(trx, { accountId: created.id, organizationId: org.id, userType: USER_TYPES.editor });
    await insertPermissions(trx, created.id, org.id, [{ assetTypeName: 'organization', assetId: org.id, bitMask: '1111' }]);
    return created;
  });
  const { destination } = await sendCode(deps, account, 'signup');
  return { userConfirmed: false, destination };
}

export async function confirmSignUp(deps: Deps, email: string, code: string): Promise<{ confirmed: true }> {
  const account = await requireAccount(deps, email);
  if (account.confirmed) return { confirmed: true };
  await deps.codes.consume(deps.db, account.id, 'signup', code);
  await updateAccount(deps.db, account.id, { confirmed: true, email_verified: true });
  return { confirmed: true };
}

/** Resends the sign-up code, or the e-mail verification code of a confirmed but unverified account. */
export async function resendCode(deps: Deps, email: string): Promise<{ destination: string }> {
  const account = await requireAccount(deps, email);
  if (!account.confirmed) return sendCode(deps, account, 'signup');
  if (!account.email_verified) return sendCode(deps, account, 'verify_email');
  throw badRequest('app.user-already-confirmed', AUTH_ERRORS.invalidParameter);
}

const idTokenFor = (deps: Deps, account: AccountRow) =>
  deps.tokens.signIdToken({
    sub: account.id,
    email: account.email,
    email_verified: account.email_verified,
    given_name: account.first_name,
    family_name: account.last_name,
  });

async function issueTokens(deps: Deps, account: AccountRow): Promise<AuthTokens> {
  const idToken = await idTokenFor(deps, account);
  const refreshToken = deps.tokens.newRefreshToken();
  await deps.db
    .insertInto('refresh_tokens')
    .values({
      account_id: account.id,
      token_hash: deps.tokens.hashRefreshToken(refreshToken),
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      revoked_at: null,
    })
    .execute();
  return { idToken, refreshToken, expiresIn: ID_TOKEN_TTL_SECONDS };
}

export async function signIn(deps: Deps, email: string, password: string, ip: string): Promise<SignInResult> {
  await assertNotThrottled(deps.db, email, ip);
  const account = await findAccountByEmail(deps.db, email);
  if (!account) {
    await recordSignInFailure(deps.db, email, ip);
    throw userNotFound();
  }
  if (!(await verify(account.password_hash, password))) {
    await recordSignInFailure(deps.db, email, ip);
    throw unauthorized(MSG.incorrectCredentials);
  }
  await clearAccountFailures(deps.db, email);
  if (!account.confirmed) throw badRequest('app.user-not-confirmed', AUTH_ERRORS.userNotConfirmed);
  if (account.password_reset_required) throw badRequest('app.password-reset-required', AUTH_ERRORS.passwordResetRequired);
  if (await isDisabled(deps, account)) throw unauthorized(MSG.userDisabled);
  if (account.must_change_password) {
    return { challenge: 'NEW_PASSWORD_REQUIRED', session: await deps.tokens.signChallenge(account.id) };
  }
  return issueTokens(deps, account);
}

/** Answers the NEW_PASSWORD_REQUIRED challenge; an unverified address gets its verification code. */
export async function completeNewPassword(deps: Deps, session: string, password: string): Promise<AuthTokens & { emailVerified: boolean }> {
  const accountId = await deps.tokens.verifyChallenge(session);
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw userNotFound();
  if (!account.must_change_password) throw unauthorized(MSG.sessionExpired);
  const updated = await updateAccount(deps.db, account.id, {
    password_hash: await hashPassword(password),
    must_change_password: false,
  });
  if (!updated.email_verified) await sendCode(deps, updated, 'verify_email');
  return { ...(await issueTokens(deps, updated)), emailVerified: updated.email_verified };
}

export async function forgotPassword(deps: Deps, email: string): Promise<{ destination: string }> {
  const account = await requireAccount(deps, email);
  // Spec 1 §8: an unconfirmed account cannot reset; the UI sends the user to confirm-signup.
  if (!account.confirmed) throw badRequest('app.reset.unconfirmed', AUTH_ERRORS.invalidParameter);
  if (await isDisabled(deps, account)) throw unauthorized(MSG.userDisabled);
  return sendCode(deps, account, 'reset');
}

/** A reset also ends every open session of the account. */
export async function resetPassword(deps: Deps, email: string, code: string, password: string): Promise<void> {
  const account = await requireAccount(deps, email);
  await deps.codes.consume(deps.db, account.id, 'reset', code);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, account.id, {
      password_hash: passwordHash,
      password_reset_required: false,
      must_change_password: false,
      email_verified: true,
    });
    await revokeAllRefreshTokens(trx, account.id);
  });
}

export async function sendVerifyEmail(deps: Deps, accountId: string): Promise<{ destination: string }> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw userNotFound();
  if (account.email_verified) throw badRequest('app.email-already-verified', AUTH_ERRORS.invalidParameter);
  // The verify-email screen asks for a code as it opens, right after the new-password step mailed one.
  return sendCode(deps, account, 'verify_email', { reuseRecent: true });
}

export async function verifyEmail(deps: Deps, accountId: string, code: string): Promise<{ verified: true }> {
  await deps.codes.consume(deps.db, accountId, 'verify_email', code);
  await updateAccount(deps.db, accountId, { email_verified: true });
  return { verified: true };
}

export async function refresh(deps: Deps, refreshToken: string): Promise<AuthTokens> {
  const row = await deps.db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', deps.tokens.hashRefreshToken(refreshToken))
    .executeTakeFirst();
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() < Date.now()) throw unauthorized(MSG.sessionExpired);
  const account = await findAccountById(deps.db, row.account_id);
  if (!account || (await isDisabled(deps, account))) throw unauthorized(MSG.userDisabled);
  const idToken = await idTokenFor(deps, account);
  return { idToken, refreshToken, expiresIn: ID_TOKEN_TTL_SECONDS };
}

export async function signOut(deps: Deps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  await deps.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', deps.tokens.hashRefreshToken(refreshToken))
    .where('revoked_at', 'is', null)
    .execute();
}

async function revokeAllRefreshTokens(db: Executor, accountId: string) {
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
}

/** Settings → change password: needs the current password. */
export async function changePassword(deps: Deps, accountId: string, previous: string, proposed: string): Promise<void> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw userNotFound();
  if (!(await verify(account.password_hash, previous))) throw unauthorized(MSG.incorrectCredentials);
  await updateAccount(deps.db, account.id, { password_hash: await hashPassword(proposed) });
}
