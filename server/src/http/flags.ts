import type { Executor } from '../db/types.js';
import type { Caller } from './context.js';
import { forbidden } from './errors.js';

/** Reads a functionality flag of the caller's organization: `true` or `{ enabled: true }` count as on. */
export async function flagOn(db: Executor, caller: Caller, flag: string): Promise<boolean> {
  const org = await db
    .selectFrom('organizations')
    .select('functionality_flags')
    .where('id', '=', caller.organizationId)
    .executeTakeFirst();
  const value = (org?.functionality_flags as Record<string, unknown> | undefined)?.[flag];
  if (value && typeof value === 'object') return (value as { enabled?: boolean }).enabled === true;
  return value === true;
}

/** Feature gates of spec 2 §6 (geoserver, siteCalibration, clients, dictionaryStyling). */
export async function requireFlag(db: Executor, caller: Caller, flag: string, message: string): Promise<void> {
  if (!(await flagOn(db, caller, flag))) throw forbidden(message);
}
