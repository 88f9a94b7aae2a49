import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { notFound } from '../http/errors.js';

/**
 * Every feature write (create, edit, delete, restore, move, split, join, import) must call this in
 * the same transaction, for the source and the target layer alike: rendered WMS tiles are cached
 * under the layer's data version, so a write that skips it leaves stale tiles on the map. A column
 * on the layer (not process memory) keeps the cache correct across several server processes.
 *
 * It also stands in for the foreign key `features.layer_id` no longer has (migration 017): the
 * update locks each layer row until the write commits, so deleting the layer waits and then deletes
 * the new rows too; a layer deleted before fails the write (404) instead of leaving features without
 * a layer. `mustExist: false` is for bumping a list of layers read earlier, some perhaps gone since.
 */
export async function bumpLayerDataVersion(
  trx: Executor,
  layerIds: Iterable<string>,
  { mustExist = true }: { mustExist?: boolean } = {},
): Promise<void> {
  const ids = [...new Set(layerIds)];
  if (ids.length === 0) return;
  const r =
    await sql`UPDATE layers SET data_version = data_version + 1 WHERE id IN (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(
      trx,
    );
  // The embedded dialect leaves numAffectedRows out when no row was updated.
  if (mustExist && Number(r.numAffectedRows ?? 0) < ids.length) throw notFound();
}
