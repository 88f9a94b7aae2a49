import type { Executor } from '../db/types.js';

export interface NewActivity {
  organizationId: string;
  accountId: string | null;
  type: string;
  category: string;
  message: string;
  occurredAt: Date;
}

export async function insertActivity(db: Executor, a: NewActivity): Promise<string> {
  const row = await db
    .insertInto('activities')
    .values({
      organization_id: a.organizationId,
      account_id: a.accountId,
      type: a.type,
      category: a.category,
      message: a.message,
      occurred_at: a.occurredAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listActivities(db: Executor, organizationId: string, limit = 50) {
  return db
    .selectFrom('activities')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('occurred_at', 'desc')
    .limit(limit)
    .execute();
}
