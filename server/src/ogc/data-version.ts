import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

/**
 * Every feature write (create, edit, delete, restore, move, split, join, import) must call this in
 * the same transaction, for the source and the target layer alike: rendered WMS tiles are cached
 * under the layer's data version, so a write that skips it leaves stale tiles on the map. A column
 * on the layer (not process memory) keeps the cache correct across several server processes.
 */
export async function bumpLayerDataVersion(trx: Executor, layerIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(layerIds)];
  if (ids.length === 0) return;
  await sql`UPDATE layers SET data_version = data_version + 1 WHERE id IN (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(
    trx,
  );
}
