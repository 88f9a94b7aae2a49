import { AUTH_ERRORS, MSG, type AuthTokens } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { findAccountByEmail, findAccountById, type AccountRow } from '../accounts/store.js';
import { AUTH_ACTIVITIES, actorOfAccount, recordActivity } from '../activities/record.js';
import { hashPassword, maskEmail, sendCode } from './service.js';
import { checkPassword, isDisabled, issueTokens, revokeSessions } from './sessions.js';
import { reserveMail } from './throttle.js';

type PasswordFlags = Partial<Pick<AccountRow, 'password_reset_required' | 'must_change_password' | 'email_verified'>>;

/** Sets the password and stamps the change, which refuses every ID token issued before it. */
async function storeNewPassword(
  db: Executor,
  accountId: string,
  passwordHash: string,
  flags: PasswordFlags = {},
): Promise<AccountRow> {
  const now = new Date();
  return db
    .updateTable('accounts')
    .set({ ...flags, password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Answers the NEW_PASSWORD_REQUIRED challenge; an unverified address gets its verification code. */
export async function completeNewPassword(
  deps: Deps,
  session: string,
  password: string,
): Promise<AuthTokens & { emailVerified: boolean }> {
  const accountId = await deps.tokens.verifyChallenge(session);
  const account = await findAccountById(deps.db, accountId);
  if (!account || !account.must_change_password) throw unauthorized(MSG.sessionExpired);
  const passwordHash = await hashPassword(password);
  // The chosen password replaces the temporary one (a password change) and opens the first session.
  const { updated, tokens } = await deps.db.transaction().execute(async (trx) => {
    const changed = await storeNewPassword(trx, account.id, passwordHash, { must_change_password: false });
    if (changed.default_organization_id) {
      const actor = await actorOfAccount(trx, changed.id, changed.default_organization_id);
      await recordActivity(trx, actor, AUTH_ACTIVITIES.passwordChange);
    }
    return { updated: changed, tokens: await issueTokens(deps, changed, 'newPassword', trx) };
  });
  if (!updated.email_verified) await sendCode(deps, updated, 'verify_email');
  return { ...tokens, emailVerified: updated.email_verified };
}

/**
 * Mails a reset code. An unknown or disabled address gets the same answer and no mail, so the
 * answer does not say whether an account exists. An unconfirmed account keeps its own error
 * (spec 1 §8 sends that user to confirm-signup); like every answer here it is rate-limited.
 */
export async function forgotPassword(deps: Deps, email: string, ip: string): Promise<{ destination: string }> {
  await reserveMail(deps.db, email, ip);
  const account = await findAccountByEmail(deps.db, email);
  if (account && !account.confirmed) throw badRequest('app.reset.unconfirmed', AUTH_ERRORS.invalidParameter);
  if (!account || (await isDisabled(deps, account))) {
    await deps.codes.issueDecoy(deps.db, email, 'reset');
    return { destination: maskEmail(email) };
  }
  return sendCode(deps, account, 'reset');
}

/** A reset ends every open session of the account and writes its audit entry. */
export async function resetPassword(deps: Deps, email: string, code: string, password: string): Promise<void> {
  const account = await findAccountByEmail(deps.db, email);
  await deps.codes.consume(deps.db, { accountId: account?.id ?? null, email }, 'reset', code);
  if (!account) return;
  // Hashed before the transaction: argon2 takes a while and PGlite has one connection.
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await storeNewPassword(trx, account.id, passwordHash, {
      password_reset_required: false,
      must_change_password: false,
      email_verified: true,
    });
    await revokeSessions(trx, account.id);
    if (account.default_organization_id) {
      const actor = await actorOfAccount(trx, account.id, account.default_organization_id);
      await recordActivity(trx, actor, AUTH_ACTIVITIES.passwordReset);
    }
  });
}

export interface PasswordChanger {
  accountId: string;
  organizationId: string;
  sessionId: string | null;
}

/**
 * Settings → change password: needs the current password (checked under the sign-in throttle).
 * Ends the account's other sessions, keeps the caller's, and writes the audit entry.
 */
export async function changePassword(
  deps: Deps,
  caller: PasswordChanger,
  previous: string,
  proposed: string,
  ip: string,
): Promise<void> {
  const account = await findAccountById(deps.db, caller.accountId);
  if (!account) throw unauthorized(MSG.sessionExpired);
  await checkPassword(deps, account.email, previous, ip);
  const passwordHash = await hashPassword(proposed);
  await deps.db.transaction().execute(async (trx) => {
    await storeNewPassword(trx, account.id, passwordHash);
    await revokeSessions(trx, account.id, caller.sessionId);
    const actor = await actorOfAccount(trx, account.id, caller.organizationId);
    await recordActivity(trx, actor, AUTH_ACTIVITIES.passwordChange);
  });
}
