import { AUTH_ERRORS, MSG } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { AppError } from '../http/errors.js';

/**
 * A progressive delay per key: the first `free` attempts pass at once; from then on each attempt
 * that passes blocks the key for `baseSeconds · 2^(n − free)`, capped at `maxSeconds`. A key with no
 * attempt for `forgetAfterSeconds` starts over. Nothing ever locks for good: a blocked key only
 * waits (429 with Retry-After), which slows guessing without locking the owner out.
 */
export interface DelayPolicy {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
}

const HOUR = 3600;

export const SIGN_IN_POLICIES = {
  /** One account from one client address: the tight limit that stops guessing. */
  pair: { free: 5, baseSeconds: 1, maxSeconds: 15 * 60, forgetAfterSeconds: HOUR },
  /** One client address over all accounts (password spraying); loose so a shared address still signs in. */
  address: { free: 30, baseSeconds: 1, maxSeconds: 60, forgetAfterSeconds: HOUR },
  /** One account over all addresses (distributed guessing); slows, never locks the owner out. */
  account: { free: 20, baseSeconds: 1, maxSeconds: 15, forgetAfterSeconds: HOUR },
} satisfies Record<string, DelayPolicy>;

/** Mails with a code (sign-up, resend, forgot password, verify e-mail), per address and per client. */
export const MAIL_POLICIES = {
  account: { free: 5, baseSeconds: 60, maxSeconds: HOUR, forgetAfterSeconds: HOUR },
  client: { free: 20, baseSeconds: 60, maxSeconds: HOUR, forgetAfterSeconds: HOUR },
} satisfies Record<string, DelayPolicy>;

export const throttleKeys = {
  signInPair: (email: string, ip: string) => `signin:pair:${email}|${ip}`,
  signInAddress: (ip: string) => `signin:ip:${ip}`,
  signInAccount: (email: string) => `signin:account:${email}`,
  mailAccount: (email: string) => `mail:account:${email}`,
  mailClient: (ip: string) => `mail:ip:${ip}`,
};

/**
 * The host itself (health checks, local tools, a same-host proxy when TRUST_PROXY is unset) stands
 * for every client behind it, so per-address limits would slow the whole site: they skip loopback.
 * Per-account and per-pair limits still apply.
 */
export const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

export class Throttled extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    code: string,
    message: string,
  ) {
    super(429, code, message, { retryAfterSeconds });
  }
}

/**
 * Counts one attempt on `key` atomically (one upsert under the row lock), or answers the seconds to
 * wait when the key is blocked. Concurrent attempts are serialized by the row, so a burst gets
 * exactly `free` through before the first delay applies.
 */
export async function reserveAttempt(
  db: Executor,
  key: string,
  policy: DelayPolicy,
): Promise<{ retryAfterSeconds: number } | null> {
  const stale = sql`t.last_attempt_at < now() - make_interval(secs => ${policy.forgetAfterSeconds})`;
  const attempts = sql`CASE WHEN ${stale} THEN 1 ELSE t.attempts + 1 END`;
  const blockFor = (n: unknown) => sql`CASE WHEN ${n} >= ${policy.free}
    THEN now() + make_interval(secs => least(${policy.maxSeconds}::float8, ${policy.baseSeconds}::float8 * power(2, ${n} - ${policy.free})))
    END`;
  const { rows } = await sql<{ attempts: number }>`
    INSERT INTO auth_throttle AS t (key, attempts, blocked_until, last_attempt_at)
    VALUES (${key}, 1, ${blockFor(sql`1`)}, now())
    ON CONFLICT (key) DO UPDATE SET attempts = ${attempts}, blocked_until = ${blockFor(attempts)}, last_attempt_at = now()
    WHERE t.blocked_until IS NULL OR t.blocked_until <= now() OR ${stale}
    RETURNING t.attempts`.execute(db);
  if (rows.length > 0) return null;
  const { rows: blocked } = await sql<{ seconds: number }>`
    SELECT ceil(extract(epoch FROM blocked_until - now()))::int AS seconds FROM auth_throttle WHERE key = ${key}`.execute(
    db,
  );
  return { retryAfterSeconds: Math.max(1, Number(blocked[0]?.seconds ?? 1)) };
}

/** Gives back an attempt that turned out not to be a failure (the delay it started stays). */
export async function refundAttempt(db: Executor, key: string): Promise<void> {
  await sql`UPDATE auth_throttle SET attempts = greatest(attempts - 1, 0) WHERE key = ${key}`.execute(db);
}

export async function forgetKey(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/**
 * Reserves one attempt on each key in order; the first blocked key refuses the request, and the
 * keys reserved before it are given back so a refusal costs nothing.
 */
export async function reserveAll(
  db: Executor,
  entries: Array<[key: string, policy: DelayPolicy]>,
  refuse: (retryAfterSeconds: number) => Throttled,
): Promise<void> {
  const reserved: string[] = [];
  for (const [key, policy] of entries) {
    const blocked = await reserveAttempt(db, key, policy);
    if (blocked) {
      for (const done of reserved) await refundAttempt(db, done);
      throw refuse(blocked.retryAfterSeconds);
    }
    reserved.push(key);
  }
}

export const tooManySignIns = (retryAfterSeconds: number) =>
  new Throttled(retryAfterSeconds, AUTH_ERRORS.tooManyRequests, MSG.tooManyAttempts);
export const tooManyMails = (retryAfterSeconds: number) =>
  new Throttled(retryAfterSeconds, AUTH_ERRORS.limitExceeded, MSG.tooManyCodeRequests);

/**
 * Sign-in: the attempt is counted before the password is checked, so a burst of wrong passwords
 * checks at most `pair.free` of them. `succeeded` clears the pair and gives back the others.
 */
export async function reserveSignIn(db: Executor, email: string, ip: string) {
  const pair = throttleKeys.signInPair(email, ip);
  const others: Array<[string, DelayPolicy]> = [[throttleKeys.signInAccount(email), SIGN_IN_POLICIES.account]];
  if (!isLoopback(ip)) others.unshift([throttleKeys.signInAddress(ip), SIGN_IN_POLICIES.address]);
  await reserveAll(db, [[pair, SIGN_IN_POLICIES.pair], ...others], tooManySignIns);
  return {
    succeeded: async () => {
      await forgetKey(db, pair);
      for (const [key] of others) await refundAttempt(db, key);
    },
  };
}

/** Counts one code mail for the address and the client; refused with 429 LimitExceededException. */
export async function reserveMail(db: Executor, email: string, ip: string): Promise<void> {
  const entries: Array<[string, DelayPolicy]> = [[throttleKeys.mailAccount(email), MAIL_POLICIES.account]];
  if (!isLoopback(ip)) entries.push([throttleKeys.mailClient(ip), MAIL_POLICIES.client]);
  await reserveAll(db, entries, tooManyMails);
}

/** Throttle rows nobody has touched for a day are gone for every policy; keeps the table small. */
export async function pruneThrottle(db: Executor): Promise<void> {
  await sql`DELETE FROM auth_throttle WHERE last_attempt_at < now() - interval '1 day'`.execute(db);
}
