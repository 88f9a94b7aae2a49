import { hash } from '@node-rs/argon2';
import { AUTH_ERRORS, DEFAULT_MAX_USERS, MSG, USER_TYPES, allFunctionalityFlagsOn } from '@fieldbook/domain';
import type { z } from 'zod';
import type { signUpSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { badRequest, conflict, unauthorized } from '../http/errors.js';
import {
  findAccountByEmail,
  findAccountById,
  insertAccount,
  insertMembership,
  insertPermissions,
  updateAccount,
  type AccountRow,
} from '../accounts/store.js';
import { insertOrganization } from '../organizations/store.js';
import type { MailMessage } from '../platform/mail.js';
import { codeMail } from './mails.js';
import { reserveMail } from './throttle.js';
import type { CodePurpose } from './codes.js';
import { actorOfAccount, recordActivity } from '../activities/record.js';
import { memberActivity } from '../members/activity.js';

type SignUp = z.output<typeof signUpSchema>;

export const hashPassword = (password: string) => hash(password);

/** The answer names where the code went, masked; an unknown address gets the same shape. */
export const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

/**
 * Sent without waiting for the mail server, so answering takes as long for an address with an
 * account as for one without (no timing oracle); a failed send is logged and the user asks again.
 */
function dispatch(deps: Deps, message: MailMessage): void {
  deps.mailer.send(message).catch((err: unknown) => deps.log.error({ err }, 'code mail not sent'));
}

/** A code sent less than a minute ago stays valid: a second request does not replace the one in the inbox. */
const RESEND_AFTER_MS = 60_000;

async function hasRecentCode(deps: Deps, account: AccountRow, purpose: CodePurpose): Promise<boolean> {
  const recent = await deps.db
    .selectFrom('auth_codes')
    .select('id')
    .where('account_id', '=', account.id)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('created_at', '>', new Date(Date.now() - RESEND_AFTER_MS))
    .executeTakeFirst();
  return recent !== undefined;
}

/** Issues a code and mails it; callers have counted the mail against the limits first. */
export async function sendCode(
  deps: Deps,
  account: AccountRow,
  purpose: CodePurpose,
): Promise<{ destination: string }> {
  const code = await deps.codes.issue(deps.db, account.id, account.email, purpose);
  dispatch(deps, codeMail(account.email, purpose, code, deps.config.publicUrl));
  return { destination: maskEmail(account.email) };
}

/**
 * Self-service sign-up: the user's own organization, the user as its admin editor, a mailed code.
 * A taken address keeps the provider's UsernameExistsException (the spec's sign-up form shows it);
 * the mail limit per address and per client bounds how fast that can be probed.
 */
export async function signUp(
  deps: Deps,
  input: SignUp,
  ip: string,
): Promise<{ userConfirmed: false; destination: string }> {
  await reserveMail(deps.db, input.email, ip);
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
    await insertPermissions(trx, created.id, org.id, [
      { assetTypeName: 'organization', assetId: org.id, bitMask: '1111' },
    ]);
    const actor = await actorOfAccount(trx, created.id, org.id);
    await recordActivity(trx, actor, memberActivity('Add', created, 'signed up', { organizationName: org.name }));
    return created;
  });
  const { destination } = await sendCode(deps, account, 'signup');
  return { userConfirmed: false, destination };
}

/** An unknown or already confirmed address answers like a wrong code (there is nothing to confirm). */
export async function confirmSignUp(deps: Deps, email: string, code: string): Promise<{ confirmed: true }> {
  const account = await findAccountByEmail(deps.db, email);
  const pending = account && !account.confirmed ? account : null;
  await deps.codes.consume(deps.db, { accountId: pending?.id ?? null, email }, 'signup', code);
  if (pending) {
    const who = { id: pending.id, email: pending.email, organizationId: pending.default_organization_id };
    await updateAccountLogged(deps, who, { confirmed: true, email_verified: true }, 'confirmed the sign-up');
  }
  return { confirmed: true };
}

/** An account change of the identity flows, logged in the organization the person works in. */
async function updateAccountLogged(
  deps: Deps,
  account: { id: string; email: string; organizationId: string | null },
  changes: Parameters<typeof updateAccount>[2],
  did: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, account.id, changes);
    if (!account.organizationId) return;
    const actor = await actorOfAccount(trx, account.id, account.organizationId);
    await recordActivity(trx, actor, memberActivity('Edit', account, did));
  });
}

/**
 * Resends the sign-up code, or the e-mail verification code of a confirmed but unverified account.
 * Any other address (unknown, or nothing left to confirm) gets the same answer and no mail.
 */
export async function resendCode(deps: Deps, email: string, ip: string): Promise<{ destination: string }> {
  await reserveMail(deps.db, email, ip);
  const account = await findAccountByEmail(deps.db, email);
  if (account && !account.confirmed) return sendCode(deps, account, 'signup');
  if (account && !account.email_verified) return sendCode(deps, account, 'verify_email');
  await deps.codes.issueDecoy(deps.db, email, 'signup');
  return { destination: maskEmail(email) };
}

export async function sendVerifyEmail(deps: Deps, accountId: string, ip: string): Promise<{ destination: string }> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw unauthorized(MSG.sessionExpired);
  if (account.email_verified) throw badRequest('app.email-already-verified', AUTH_ERRORS.invalidParameter);
  // The verify-email screen asks for a code as it opens, right after the new-password step mailed one.
  if (await hasRecentCode(deps, account, 'verify_email')) return { destination: maskEmail(account.email) };
  await reserveMail(deps.db, account.email, ip);
  return sendCode(deps, account, 'verify_email');
}

export async function verifyEmail(
  deps: Deps,
  caller: { accountId: string; email: string; organizationId: string },
  code: string,
): Promise<{ verified: true }> {
  await deps.codes.consume(deps.db, caller, 'verify_email', code);
  const who = { id: caller.accountId, email: caller.email, organizationId: caller.organizationId };
  await updateAccountLogged(deps, who, { email_verified: true }, 'verified the e-mail address');
  return { verified: true };
}
