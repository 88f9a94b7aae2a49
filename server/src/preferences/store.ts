import type { Executor } from '../db/types.js';

export async function readPreferences(db: Executor, accountId: string): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('preferences').select('prefs').where('account_id', '=', accountId).executeTakeFirst();
  return row?.prefs;
}

export async function writePreferences(db: Executor, accountId: string, prefs: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('preferences')
    .values({ account_id: accountId, prefs: JSON.stringify(prefs) })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ prefs: JSON.stringify(prefs), updated_at: new Date() }))
    .execute();
}
