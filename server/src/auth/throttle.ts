import { AUTH_ERRORS, MSG } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { AppError } from '../http/errors.js';

/** Failed sign-ins allowed in a window, per account and per client address. */
export const THROTTLE = {
  windowMinutes: 15,
  perAccount: 5,
  perIp: 30,
} as const;

const accountKey = (email: string) => `account:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Refuses with 429 while the account or the address has too many recent failures. */
export async function assertNotThrottled(db: Executor, email: string, ip: string): Promise<void> {
  const rows = await db
    .selectFrom('auth_throttle')
    .select(['key', 'failures', 'window_started_at'])
    .where('key', 'in', [accountKey(email), ipKey(ip)])
    .where('window_started_at', '>', sql<Date>`now() - make_interval(mins => ${THROTTLE.windowMinutes})`)
    .execute();
  for (const row of rows) {
    const limit = row.key.startsWith('account:') ? THROTTLE.perAccount : THROTTLE.perIp;
    if (row.failures >= limit) {
      const retryAt = new Date(row.window_started_at).getTime() + THROTTLE.windowMinutes * 60_000;
      const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
      throw new AppError(429, AUTH_ERRORS.tooManyRequests, MSG.tooManyAttempts, { retryAfterSeconds });
    }
  }
}

export async function recordSignInFailure(db: Executor, email: string, ip: string): Promise<void> {
  for (const key of [accountKey(email), ipKey(ip)]) {
    await sql`
      INSERT INTO auth_throttle (key, failures, window_started_at) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN auth_throttle.window_started_at < now() - make_interval(mins => ${THROTTLE.windowMinutes})
                        THEN 1 ELSE auth_throttle.failures + 1 END,
        window_started_at = CASE WHEN auth_throttle.window_started_at < now() - make_interval(mins => ${THROTTLE.windowMinutes})
                        THEN now() ELSE auth_throttle.window_started_at END`.execute(db);
  }
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearAccountFailures(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', accountKey(email)).execute();
}
