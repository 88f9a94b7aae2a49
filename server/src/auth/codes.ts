import { randomInt } from 'node:crypto';
import { AUTH_ERRORS, LIMITS, MSG } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { AuthCodesTable } from '../db/schema.js';
import type { Executor } from '../db/types.js';
import { AppError, badRequest } from '../http/errors.js';
import { forgetKey, reserveAttempt, type DelayPolicy } from './throttle.js';
import type { TokenService } from './tokens.js';

export type CodePurpose = AuthCodesTable['purpose'];

/** Whom a code is for: an address that may or may not have an account. */
export interface CodeTarget {
  accountId: string | null;
  email: string;
}

/**
 * Where there is no code to check (unknown address, or no code outstanding), tries are counted on a
 * decoy key with the same five-try limit, so the answers do not tell whether the address has an account.
 */
const DECOY_POLICY: DelayPolicy = {
  free: LIMITS.codeMaxAttempts,
  baseSeconds: LIMITS.codeTtlMs / 1000,
  maxSeconds: LIMITS.codeTtlMs / 1000,
  forgetAfterSeconds: LIMITS.codeTtlMs / 1000,
};
const decoyKey = (purpose: CodePurpose, email: string) => `code:${purpose}:${email}`;

const mismatch = () => badRequest(MSG.codeMismatch, AUTH_ERRORS.codeMismatch);
const expired = () => new AppError(400, AUTH_ERRORS.expiredCode, MSG.codeExpired);

/**
 * E-mailed six-digit codes: valid 15 minutes, single use, a new code replaces older ones, and a
 * code is burnt after five wrong tries.
 */
export class CodeService {
  constructor(private readonly tokens: TokenService) {}

  async issue(db: Executor, accountId: string, email: string, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 10 ** LIMITS.codeDigits)).padStart(LIMITS.codeDigits, '0');
    await db
      .updateTable('auth_codes')
      .set({ consumed_at: new Date() })
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await db
      .insertInto('auth_codes')
      .values({
        account_id: accountId,
        purpose,
        code_hash: this.tokens.hashCode(accountId, purpose, code),
        expires_at: new Date(Date.now() + LIMITS.codeTtlMs),
      })
      .execute();
    await this.issueDecoy(db, email, purpose);
    return code;
  }

  /** What issuing a code does to the tries of an address without an account: they start over. */
  async issueDecoy(db: Executor, email: string, purpose: CodePurpose): Promise<void> {
    await forgetKey(db, decoyKey(purpose, email));
  }

  /**
   * Checks and consumes the code. A try is reserved first with one conditional UPDATE (the row lock
   * serializes concurrent tries), so a burst of guesses checks at most five. Runs outside the
   * caller's transaction on purpose: a wrong try must be counted even though the request fails.
   */
  async consume(db: Executor, target: CodeTarget, purpose: CodePurpose, code: string): Promise<void> {
    const latest =
      target.accountId === null
        ? undefined
        : await db
            .selectFrom('auth_codes')
            .select(['id', 'code_hash'])
            .where('account_id', '=', target.accountId)
            .where('purpose', '=', purpose)
            .where('consumed_at', 'is', null)
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst();
    if (!latest || target.accountId === null) {
      if (await reserveAttempt(db, decoyKey(purpose, target.email), DECOY_POLICY)) throw expired();
      throw mismatch();
    }
    const reserved = await db
      .updateTable('auth_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', latest.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', LIMITS.codeMaxAttempts)
      .where('expires_at', '>', new Date())
      .returning('id')
      .executeTakeFirst();
    if (!reserved) throw expired();
    if (!this.tokens.codeMatches(latest.code_hash, this.tokens.hashCode(target.accountId, purpose, code.trim())))
      throw mismatch();
    const used = await db
      .updateTable('auth_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', latest.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    // Two requests racing with the same code: only one wins.
    if (Number(used.numUpdatedRows) !== 1) throw mismatch();
  }
}
