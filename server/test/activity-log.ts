import type { Harness } from './harness.js';

/** What the log holds for an organization, oldest first, as tests compare it. */
export interface LoggedEntry {
  type: string;
  category: string;
  message: string;
  projectId: string | null;
  actorEmail: string | null;
  artifact: Record<string, unknown> | null;
  seq: number;
}

/** The organization's entries written after `afterSeq` (see `lastSeq`), oldest first. */
export async function loggedSince(h: Harness, organizationId: string, afterSeq = 0): Promise<LoggedEntry[]> {
  const rows = await h.db
    .selectFrom('activities')
    .select(['type', 'category', 'message', 'project_id', 'actor_email', 'artifact', 'seq'])
    .where('organization_id', '=', organizationId)
    .where('seq', '>', String(afterSeq))
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    type: r.type,
    category: r.category,
    message: r.message,
    projectId: r.project_id,
    actorEmail: r.actor_email,
    artifact: r.artifact,
    seq: Number(r.seq),
  }));
}

/** The newest entry's seq (0 when none): take it before a write, then read `loggedSince` it. */
export async function lastSeq(h: Harness): Promise<number> {
  const row = await h.db
    .selectFrom('activities')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}
