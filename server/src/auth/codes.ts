import { randomInt } from 'node:crypto';
import { AUTH_ERRORS, LIMITS, MSG } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { AuthCodesTable } from '../db/schema.js';
import type { Executor } from '../db/types.js';
import { AppError, badRequest } from '../http/errors.js';
import type { TokenService } from './tokens.js';

export type CodePurpose = AuthCodesTable['purpose'];

/**
 * E-mailed six-digit codes: valid 15 minutes, single use, a new code replaces older ones, and a
 * code is burnt after five wrong tries.
 */
export class CodeService {
  constructor(private readonly tokens: TokenService) {}

  async issue(db: Executor, accountId: string, purpose: CodePurpose): Promise<string> {
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
    return code;
  }

  /**
   * Checks and consumes the code. Runs outside the caller's transaction on purpose: a wrong try must
   * be counted even though the request fails.
   */
  async consume(db: Executor, accountId: string, purpose: CodePurpose, code: string): Promise<void> {
    const latest = await db
      .selectFrom('auth_codes')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) throw badRequest(MSG.codeMismatch, AUTH_ERRORS.codeMismatch);
    if (new Date(latest.expires_at).getTime() < Date.now() || latest.attempts >= LIMITS.codeMaxAttempts) {
      throw new AppError(400, AUTH_ERRORS.expiredCode, MSG.codeExpired);
    }
    if (!this.tokens.codeMatches(latest.code_hash, this.tokens.hashCode(accountId, purpose, code.trim()))) {
      await db.updateTable('auth_codes').set({ attempts: sql`attempts + 1` }).where('id', '=', latest.id).execute();
      throw badRequest(MSG.codeMismatch, AUTH_ERRORS.codeMismatch);
    }
    const used = await db
      .updateTable('auth_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', latest.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    // Two requests racing with the same code: only one wins.
    if (Number(used.numUpdatedRows) !== 1) throw badRequest(MSG.codeMismatch, AUTH_ERRORS.codeMismatch);
  }
}
