import { access } from 'node:fs/promises';
import { z } from 'zod';
import { sql, type RawBuilder } from 'kysely';
import { ACTIVITY_MSG, DELETED_LAYER_RETENTION_DAYS, FOLDER_TYPES, PROJECT_MSG } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, conflict, uniquely } from '../http/errors.js';
import { rasterPath } from '../rasters/raster-info.js';
import { layerNameTaken, siblingNameTaken } from './layer-names.js';

/**
 * Layers and folders that were deleted, kept restorable (issue #14). Their features stay, soft-deleted
 * by the layer-delete trigger (migration 024) at the transaction's time; the delete's log entry holds a
 * snapshot of the deleted rows and that time (`featuresDeletedAt`), from which a project admin brings
 * them back with their ids. After DELETED_LAYER_RETENTION_DAYS the features are purged and the entry
 * can no longer be restored.
 */

/** A row as the database held it (to_jsonb), with the columns a restore reads. */
const rowWith = <T extends z.ZodRawShape>(shape: T) => z.object(shape).passthrough();
/** What a delete's entry keeps (artifact.snapshot). */
export const deletedLayersSnapshot = z.object({
  /** The deleted folder first, then its sub-folders; empty for a layer delete. */
  folders: z.array(
    rowWith({
      id: z.string(),
      name: z.string(),
      project_id: z.string(),
      parent_id: z.string().nullable(),
      folder_type: z.string(),
    }),
  ),
  layers: z.array(
    rowWith({
      id: z.string(),
      name: z.string(),
      folder_id: z.string(),
      project_id: z.string(),
      raster: z.object({ file: z.string() }).passthrough().nullable().optional(),
    }),
  ),
  /** The layers' dictionary styling (it goes with a layer). */
  dictionaryStyles: z.array(rowWith({})),
  /** Layers of other projects shared into the deleted folders (the shares go with a folder). */
  shares: z.array(rowWith({})),
});
export type DeletedLayersSnapshot = z.infer<typeof deletedLayersSnapshot>;

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const uuids = (ids: string[]) => sql`${ids}::uuid[]`;

/** The rows a delete is about to remove, read in its transaction. */
async function snapshotOf(trx: Executor, folderIds: string[], layerIds: string[]): Promise<DeletedLayersSnapshot> {
  const rows = async (query: RawBuilder<{ row: unknown }>) => (await query.execute(trx)).rows.map((r) => r.row);
  return deletedLayersSnapshot.parse({
    folders: await rows(sql<{
      row: unknown;
    }>`SELECT to_jsonb(f) AS row FROM folders f WHERE f.id = ANY(${uuids(folderIds)})
      ORDER BY f.parent_id IS NOT NULL, f.name`),
    layers: await rows(sql<{
      row: unknown;
    }>`SELECT to_jsonb(l) AS row FROM layers l WHERE l.id = ANY(${uuids(layerIds)})
      ORDER BY l.name`),
    dictionaryStyles: await rows(sql<{ row: unknown }>`SELECT to_jsonb(s) AS row FROM layer_dictionary_styles s
      WHERE s.layer_id = ANY(${uuids(layerIds)})`),
    shares: await rows(
      sql<{ row: unknown }>`SELECT to_jsonb(s) AS row FROM layer_shares s WHERE s.folder_id = ANY(${uuids(folderIds)})`,
    ),
  });
}

/** What a layer or folder delete puts in its log entry's artifact. */
export interface LayerDeletion {
  snapshot: DeletedLayersSnapshot;
  /** The features' deleted_at, exact (text: a JS date would lose the microseconds). */
  featuresDeletedAt: string;
  featuresDeleted: number;
  retentionDays: number;
}

/**
 * Deletes layers, and the folders given (their sub-folders go with them), once their rules were
 * checked, in the caller's transaction: the trigger soft-deletes the layers' features, naming the
 * caller in their versions. Returns what the log entry keeps to restore them.
 */
export async function deleteKeepingFeatures(
  trx: Executor,
  caller: Caller,
  { folderIds, layerIds }: { folderIds: string[]; layerIds: string[] },
): Promise<LayerDeletion> {
  await sql`SELECT set_config('fieldbook.actor_id', ${caller.accountId}, true)`.execute(trx);
  const snapshot = await snapshotOf(trx, folderIds, layerIds);
  if (layerIds.length) await trx.deleteFrom('layers').where('id', 'in', layerIds).execute();
  if (folderIds.length) await trx.deleteFrom('folders').where('id', 'in', folderIds).execute();
  const deleted = await sql<{ at: string; n: string }>`
    SELECT now()::text AS at, (SELECT count(*) FROM features
      WHERE layer_id = ANY(${uuids(layerIds)}) AND deleted_at = now()) AS n`.execute(trx);
  const { at, n } = deleted.rows[0]!;
  return { snapshot, featuresDeletedAt: at, featuresDeleted: Number(n), retentionDays: DELETED_LAYER_RETENTION_DAYS };
}

const deletionArtifact = z.object({ snapshot: deletedLayersSnapshot, featuresDeletedAt: z.string() });

/** Parses a delete entry's artifact; null when it holds no snapshot (an entry written before restores existed). */
export function deletionOf(artifact: unknown): z.infer<typeof deletionArtifact> | null {
  const parsed = deletionArtifact.safeParse(artifact);
  return parsed.success ? parsed.data : null;
}

const retentionMs = DELETED_LAYER_RETENTION_DAYS * 24 * 3600 * 1000;
const gone = (message: string) => new AppError(410, 'Gone', message);

/**
 * Refuses a restore that cannot be made, with a message id: the retention passed (or the features
 * were purged), the layers exist again or were deleted again since, the place they go is gone or
 * holds a same-named folder or layer, an external-service folder (its stored credentials were not
 * kept), a raster layer whose image is gone.
 */
async function checkRestorable(
  trx: Executor,
  dataDir: string,
  { snapshot, featuresDeletedAt }: z.infer<typeof deletionArtifact>,
  deletedAt: Date,
  now: Date,
) {
  if (now.getTime() - deletedAt.getTime() > retentionMs) throw gone(ACTIVITY_MSG.restoreExpired);
  const [top] = snapshot.folders;
  const layerIds = snapshot.layers.map((l) => l.id);
  const folderIds = snapshot.folders.map((f) => f.id);
  const existing = [
    ...(folderIds.length ? await trx.selectFrom('folders').select('id').where('id', 'in', folderIds).execute() : []),
    ...(layerIds.length ? await trx.selectFrom('layers').select('id').where('id', 'in', layerIds).execute() : []),
  ];
  if (existing.length) throw conflict(ACTIVITY_MSG.restoreAlreadyRestored);
  if (layerIds.length) {
    const notes = await sql<{ layer_id: string; current: boolean }>`
      SELECT layer_id, deleted_at = ${featuresDeletedAt}::timestamptz AS current FROM layer_deletions
      WHERE layer_id = ANY(${uuids(layerIds)})`.execute(trx);
    if (notes.rows.length < layerIds.length) throw gone(ACTIVITY_MSG.restoreExpired);
    // Restored and deleted again since: the newer delete's entry restores them.
    if (notes.rows.some((r) => !r.current)) throw conflict(ACTIVITY_MSG.restoreNotRestorable);
  }
  const projectId = String((top ?? snapshot.layers[0])?.project_id ?? '');
  if (top) {
    if (top.folder_type === FOLDER_TYPES.wms || top.folder_type === FOLDER_TYPES.wmts)
      throw badRequest(ACTIVITY_MSG.restoreNotRestorable);
    if (top.parent_id) {
      const parent = await folderIn(trx, projectId, top.parent_id);
      if (!parent) throw conflict(ACTIVITY_MSG.restoreParentGone);
      if (parent.parent_id) throw badRequest(PROJECT_MSG.folderTooDeep);
    }
    if (await siblingNameTaken(trx, projectId, top.parent_id, top.name)) throw conflict(PROJECT_MSG.folderNameExists);
  } else {
    for (const layer of snapshot.layers) {
      if (!(await folderIn(trx, projectId, layer.folder_id))) throw conflict(ACTIVITY_MSG.restoreParentGone);
      if (await layerNameTaken(trx, layer.folder_id, layer.name)) throw conflict(PROJECT_MSG.layerNameExists);
    }
  }
  for (const layer of snapshot.layers) {
    if (!layer.raster) continue;
    const present = await access(rasterPath(dataDir, layer.raster)).then(
      () => true,
      () => false,
    );
    if (!present) throw conflict(ACTIVITY_MSG.restoreRasterGone);
  }
}

const folderIn = (trx: Executor, projectId: string, folderId: string) =>
  trx
    .selectFrom('folders')
    .select(['id', 'parent_id'])
    .where('id', '=', folderId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();

/**
 * Brings back the folders and layers of a delete entry with their ids, and the features that were
 * deleted with them (not those deleted one by one before). The layers'
 * data version moves on, so no map tile cached before the delete is served. Returns what came back.
 */
export async function restoreDeletedLayers(
  trx: Executor,
  caller: Caller,
  dataDir: string,
  entry: { artifact: unknown; occurred_at: Date },
  now = new Date(),
) {
  const deletion = deletionOf(entry.artifact);
  if (!deletion) throw badRequest(ACTIVITY_MSG.restoreNotRestorable);
  await checkRestorable(trx, dataDir, deletion, entry.occurred_at, now);
  const { snapshot, featuresDeletedAt } = deletion;
  const layerIds = snapshot.layers.map((l) => l.id);
  await uniquely(ACTIVITY_MSG.restoreAlreadyRestored, async () => {
    // One folder at a time, the deleted one first: a sub-folder's parent must exist before it.
    for (const folder of snapshot.folders)
      await sql`INSERT INTO folders SELECT * FROM jsonb_populate_record(NULL::folders, ${json(folder)})`.execute(trx);
    if (layerIds.length)
      await sql`INSERT INTO layers SELECT * FROM jsonb_populate_recordset(NULL::layers, (
        SELECT jsonb_agg(j || jsonb_build_object(
          'data_version', coalesce((j->>'data_version')::bigint, 0) + 1,
          'style_id', (SELECT s.id FROM styles s WHERE s.id = (j->>'style_id')::uuid)))
        FROM jsonb_array_elements(${json(snapshot.layers)}) j))`.execute(trx);
  });
  // Styling and shares come back where what they name still exists.
  if (snapshot.dictionaryStyles.length)
    await sql`INSERT INTO layer_dictionary_styles
      SELECT s.* FROM jsonb_populate_recordset(NULL::layer_dictionary_styles, ${json(snapshot.dictionaryStyles)}) s
      WHERE EXISTS (SELECT 1 FROM systems y WHERE y.id = s.system_id)
        AND (s.component_id IS NULL OR EXISTS (SELECT 1 FROM components c WHERE c.id = s.component_id))`.execute(trx);
  if (snapshot.shares.length)
    await sql`INSERT INTO layer_shares
      SELECT s.* FROM jsonb_populate_recordset(NULL::layer_shares, ${json(snapshot.shares)}) s
      WHERE EXISTS (SELECT 1 FROM layers l WHERE l.id = s.layer_id) ON CONFLICT DO NOTHING`.execute(trx);
  const featuresRestored = layerIds.length ? await undeleteFeatures(trx, caller, layerIds, featuresDeletedAt) : 0;
  return { folderIds: snapshot.folders.map((f) => f.id), layerIds, featuresRestored };
}

/** Undeletes the features deleted with the layers, each with a 'Restore' version (no `before`: only the deleted flag changes). */
async function undeleteFeatures(trx: Executor, caller: Caller, layerIds: string[], deletedAt: string) {
  const r = await sql<{ n: string }>`
    WITH back AS (
      UPDATE features f SET deleted_at = NULL, updated_at = now(), updated_by = ${caller.accountId}::uuid
      WHERE f.layer_id = ANY(${uuids(layerIds)}) AND f.deleted_at = ${deletedAt}::timestamptz RETURNING f.id),
    versions AS (
      INSERT INTO feature_versions (feature_id, action, changed_by)
      SELECT id, 'Restore', ${caller.accountId}::uuid FROM back)
    SELECT count(*) AS n FROM back`.execute(trx);
  await trx.deleteFrom('layer_deletions').where('layer_id', 'in', layerIds).execute();
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Removes for good the features of layers deleted more than DELETED_LAYER_RETENTION_DAYS before `now`
 * (run by the job worker; tests pass a later `now`). Returns how many features went.
 */
export async function purgeDeletedLayerFeatures(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  const r = await sql`
    WITH expired AS (DELETE FROM layer_deletions WHERE deleted_at < ${cutoff} RETURNING layer_id)
    DELETE FROM features f USING expired e
    WHERE f.layer_id = e.layer_id AND f.deleted_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM layers l WHERE l.id = e.layer_id)`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
