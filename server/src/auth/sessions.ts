import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_ERRORS, MSG, type AuthTokens, type SignInResult } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { AUTH_ACTIVITIES, actorOfAccount, recordActivity } from '../activities/record.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { findAccountByEmail, findAccountById, findMembership, type AccountRow } from '../accounts/store.js';
import { ID_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_MS } from './tokens.js';
import { pruneThrottle, reserveSignIn } from './throttle.js';

export async function isDisabled(deps: Deps, account: AccountRow): Promise<boolean> {
  if (!account.default_organization_id) return true;
  const membership = await findMembership(deps.db, account.id, account.default_organization_id);
  return !membership || !membership.is_active;
}

// An unknown address is checked against this hash, so it costs the same argon2 time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * The password check of sign-in and password change: counted by the sign-in throttle before the
 * hash is verified, and the same answer (and time) for an unknown address as for a wrong password.
 */
export async function checkPassword(deps: Deps, email: string, password: string, ip: string): Promise<AccountRow> {
  const attempt = await reserveSignIn(deps.db, email, ip);
  const account = await findAccountByEmail(deps.db, email);
  dummyHash ??= hash(randomBytes(32).toString('base64url'));
  const matches = await verify(account?.password_hash ?? (await dummyHash), password);
  if (!account || !matches) throw unauthorized(MSG.incorrectCredentials);
  await attempt.succeeded();
  return account;
}

const idTokenFor = (deps: Deps, account: AccountRow, sessionId: string) =>
  deps.tokens.signIdToken(
    {
      sub: account.id,
      email: account.email,
      email_verified: account.email_verified,
      given_name: account.first_name,
      family_name: account.last_name,
    },
    sessionId,
  );

/** How a session was opened, kept in its sign-in entry's artifact. */
export type SignInMethod = 'password' | 'newPassword';

/**
 * A new session: a refresh token row, whose id the ID token carries as `sid`, and its sign-in entry in
 * the organization the session is for (the default one: a caller's organization is the default unless a
 * request names another), in one transaction — the caller's `trx` when it has one.
 */
export async function issueTokens(
  deps: Deps,
  account: AccountRow,
  method: SignInMethod,
  trx?: Executor,
): Promise<AuthTokens> {
  const refreshToken = deps.tokens.newRefreshToken();
  const open = async (db: Executor) => {
    const session = await db
      .insertInto('refresh_tokens')
      .values({
        account_id: account.id,
        token_hash: deps.tokens.hashRefreshToken(refreshToken),
        expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (account.default_organization_id) {
      const actor = await actorOfAccount(db, account.id, account.default_organization_id);
      await recordActivity(db, actor, { ...AUTH_ACTIVITIES.signIn, artifact: { accountId: account.id, method } });
    }
    return session.id;
  };
  const sessionId = trx ? await open(trx) : await deps.db.transaction().execute(open);
  const idToken = await idTokenFor(deps, account, sessionId);
  return { idToken, refreshToken, expiresIn: ID_TOKEN_TTL_SECONDS };
}

export async function signIn(deps: Deps, email: string, password: string, ip: string): Promise<SignInResult> {
  const account = await checkPassword(deps, email, password, ip);
  await pruneThrottle(deps.db);
  // Only the right password learns these states (spec 1 §8 transitions).
  if (!account.confirmed) throw badRequest('app.user-not-confirmed', AUTH_ERRORS.userNotConfirmed);
  if (account.password_reset_required)
    throw badRequest('app.password-reset-required', AUTH_ERRORS.passwordResetRequired);
  if (await isDisabled(deps, account)) throw unauthorized(MSG.userDisabled);
  if (account.must_change_password) {
    return { challenge: 'NEW_PASSWORD_REQUIRED', session: await deps.tokens.signChallenge(account.id) };
  }
  return issueTokens(deps, account, 'password');
}

/** A renewed ID token of an open session: not a sign-in, so not logged. */
export async function refresh(deps: Deps, refreshToken: string): Promise<AuthTokens> {
  const row = await deps.db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', deps.tokens.hashRefreshToken(refreshToken))
    .executeTakeFirst();
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() < Date.now()) throw unauthorized(MSG.sessionExpired);
  const account = await findAccountById(deps.db, row.account_id);
  if (!account || (await isDisabled(deps, account))) throw unauthorized(MSG.userDisabled);
  const idToken = await idTokenFor(deps, account, row.id);
  return { idToken, refreshToken, expiresIn: ID_TOKEN_TTL_SECONDS };
}

/**
 * Ends the session: its refresh token, and with it (through `sid`) every ID token it issued. Not logged:
 * the log has sign-ins (spec 3 §3 has no sign-out type).
 */
export async function signOut(deps: Deps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  await deps.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', deps.tokens.hashRefreshToken(refreshToken))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of the account but `keep` (the one that changed the password). */
export async function revokeSessions(db: Executor, accountId: string, keep: string | null = null): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}
