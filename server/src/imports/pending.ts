import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

/**
 * The layers an import is filling (load.ts): their ids are on the job (`payload.pendingLayerIds`)
 * before any feature row carries one, and the layers themselves are created at the end (commit.ts).
 * Features under an id with no layer are an unfinished import's, seen by no one; a failed or
 * restarted import deletes them.
 */

export async function recordPendingLayers(db: Executor, jobId: string, layerIds: string[]): Promise<void> {
  await sql`UPDATE jobs SET payload = jsonb_set(payload, '{pendingLayerIds}', ${JSON.stringify(layerIds)}::jsonb)
    WHERE id = ${jobId}`.execute(db);
}

/** The pending layer ids the job has recorded (read from the database: a crashed run recorded them). */
export async function pendingLayersOf(db: Executor, jobId: string): Promise<string[]> {
  const row = await db.selectFrom('jobs').select('payload').where('id', '=', jobId).executeTakeFirst();
  const ids = (row?.payload as { pendingLayerIds?: unknown } | undefined)?.pendingLayerIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Deletes the features an unfinished run of the job left (under pending ids that no layer has);
 * returns the ids whose layers exist, i.e. that run's import was committed.
 */
export async function deletePendingFeatures(db: Executor, jobId: string): Promise<string[]> {
  const ids = await pendingLayersOf(db, jobId);
  if (!ids.length) return [];
  const made = await db.selectFrom('layers').select('id').where('id', 'in', ids).execute();
  const existing = new Set(made.map((l) => l.id));
  const orphaned = ids.filter((id) => !existing.has(id));
  if (orphaned.length) await db.deleteFrom('features').where('layer_id', 'in', orphaned).execute();
  await recordPendingLayers(db, jobId, [...existing]);
  return [...existing];
}
