import type { Executor } from '../db/types.js';

export interface NewActivity {
  organizationId: string;
  accountId: string | null;
  type: string;
  category: string;
  message: string;
  occurredAt: Date;
}

/** Audit entries the server writes itself (spec 1 §7 names the password change); clients cannot forge them. */
export const AUTH_ACTIVITIES = {
  passwordChange: { type: 'PASSWORD_CHANGE', category: 'AUTH', message: 'Password changed' },
  passwordReset: { type: 'PASSWORD_RESET', category: 'AUTH', message: 'Password reset' },
} as const;

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
