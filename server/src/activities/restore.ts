import { sql } from 'kysely';
import { z } from 'zod';
import { ACTIVITY_MSG, FEATURE_MSG, SUPPORT_USER_TYPE, type LayerField } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { featureRows, layerContext, parseFeatureId, toFeature } from '../features/service.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { canView, isAdminOf, isFeatureAdmin, projectChain, projectOf, requireRight } from '../projects/access.js';
import { restoreDeletedLayers } from '../projects/deleted-layers.js';
import { actorOf, recordActivity, recordFeatureActivity } from './record.js';
import { restoreAttachments } from '../attachments/restore.js';

/**
 * Restores from the activity log (spec 3 §4 restore dialog, §7): a feature undeleted or put back to its
 * state at a logged time, and a deleted layer or folder brought back with its features. Each restore
 * runs in one transaction with its own log entry. The answer's `data` is RESTORED, or a warning (a
 * message id) the web app shows after its restore-warning text (spec 3 §8).
 */
export const RESTORED = 'success';

export const featureRestoreAnswer = z.object({
  data: z.string(),
  featureId: z.string(),
  /** The entry time restored from; null for an undelete. */
  restoredFrom: z.number().nullable(),
  /** File_List ids of the restored metadata whose files are gone. */
  expiredFiles: z.array(z.string()),
});
export type FeatureRestoreAnswer = z.infer<typeof featureRestoreAnswer>;

/** Keys of a version's properties that are the row's columns (server/src/features/service.ts toFeature), not free properties. */
const ROW_KEYS = new Set([
  'layer_id',
  'folder_id',
  'project_id',
  'dictionary_id',
  'system_id',
  'component_id',
  'created',
  'modified',
  'created_by_email',
  'modified_by_email',
  'ogc_fid',
  'attributes',
  'metadata',
  'fieldValues',
]);

const snapshotShape = z.object({
  geometry: z.record(z.string(), z.unknown()),
  properties: z.record(z.string(), z.unknown()),
});

const fromJsonText = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));
const idOrNull = (v: unknown) => (typeof v === 'string' ? v : null);

/** What a restore puts back, read from a feature in the shape versions keep (toFeature). */
function stateOf(snapshot: unknown) {
  const { geometry, properties: p } = snapshotShape.parse(snapshot);
  return {
    geometry,
    dictionary_id: idOrNull(p.dictionary_id),
    system_id: idOrNull(p.system_id),
    component_id: idOrNull(p.component_id),
    attributes: (fromJsonText(p.attributes) ?? []) as unknown[],
    metadata: fromJsonText(p.metadata),
    properties: Object.fromEntries(Object.entries(p).filter(([k]) => !ROW_KEYS.has(k))),
    field_values: (p.fieldValues ?? {}) as Record<string, unknown>,
  };
}
type FeatureState = ReturnType<typeof stateOf>;

/** JSON with sorted keys, to compare two states whatever order the database gave their keys. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );

/** The feature (deleted or not) locked for the restore, and whether its layer still exists. */
async function lockedFeature(trx: Executor, caller: Caller, id: string) {
  const r = await sql<{
    id: string;
    kind: string;
    layer_id: string;
    project_id: string;
    deleted: boolean;
    created_ms: string;
    layer_exists: boolean;
  }>`
    SELECT f.id::text AS id, f.kind, f.layer_id, f.project_id, f.deleted_at IS NOT NULL AS deleted,
      floor(extract(epoch FROM f.created_at) * 1000)::bigint AS created_ms,
      EXISTS (SELECT 1 FROM layers l WHERE l.id = f.layer_id) AS layer_exists
    FROM features f WHERE f.id = ${id} AND f.organization_id = ${caller.organizationId}
    FOR UPDATE`.execute(trx);
  return r.rows[0];
}

/**
 * The feature's state right after the write logged at `time` (epoch ms): what the first version written
 * after that millisecond held before its change, or the current state when none was written since.
 * Versions without a `before` other than an Add (a layer's delete or restore, an undelete) changed only
 * whether the feature was deleted, so they are read past. null when the feature did not exist then.
 */
async function stateAt(trx: Executor, featureId: string, time: number, createdMs: number, current: unknown) {
  if (createdMs > time) return null;
  const next = await sql<{ before: unknown }>`
    SELECT before FROM feature_versions
    WHERE feature_id = ${featureId} AND changed_at >= to_timestamp(${String(time + 1)}::bigint / 1000.0)
      AND NOT (before IS NULL AND action IN ('Delete', 'Restore'))
    ORDER BY changed_at, id LIMIT 1`.execute(trx);
  const row = next.rows[0];
  if (!row) return stateOf(current);
  return row.before === null ? null : stateOf(row.before);
}

/** Field values of fields the layer no longer has are left out (a removed field's values stay in the history). */
function withLayerFields(state: FeatureState, fields: LayerField[]): FeatureState {
  const names = new Set(fields.map((f) => f.name));
  return {
    ...state,
    field_values: Object.fromEntries(Object.entries(state.field_values).filter(([k]) => names.has(k))),
  };
}

/**
 * POST /rest/features/restore/{featureId}: without a time, undeletes a deleted feature; with an entry's
 * time, puts the feature back to its state right after that write (and undeletes it). Feature admins of
 * a writable layer only; the layer must still exist.
 */
export async function restoreFeature(
  deps: Deps,
  caller: Caller,
  featureRef: string,
  restoreFromTime?: number,
): Promise<FeatureRestoreAnswer> {
  const ref = parseFeatureId(featureRef);
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockedFeature(trx, caller, ref.id);
    if (!row || (ref.kind && row.kind !== ref.kind)) throw notFound();
    if (!canView(caller, projectChain(row.project_id))) throw notFound();
    if (!row.layer_exists) throw conflict(ACTIVITY_MSG.restoreLayerGone);
    const { layer, chain } = await layerContext(trx, caller, row.layer_id);
    if (!isFeatureAdmin(caller, [{ type: 'feature', id: row.id }, ...chain])) throw forbidden();
    if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
    const featureId = `${row.kind}.${row.id}`;

    const current = toFeature(
      await featureRows(trx, caller, { withDeleted: true }).where('features.id', '=', row.id).executeTakeFirstOrThrow(),
    );
    // An undelete changes only the deleted flag (unless gone files leave File_List): its version then keeps no `before` (see stateAt).
    let state: FeatureState | null = null;
    if (restoreFromTime === undefined) {
      if (!row.deleted) throw conflict(ACTIVITY_MSG.restoreNotDeleted);
    } else {
      const found = await stateAt(trx, row.id, restoreFromTime, Number(row.created_ms), current);
      if (!found) throw notFound(ACTIVITY_MSG.restoreNoState);
      state = withLayerFields(found, layer.fields as LayerField[]);
      // Already in that state: nothing to write, refused like an undelete of a live feature.
      if (!row.deleted && canonical(state) === canonical(stateOf(current)))
        throw conflict(ACTIVITY_MSG.restoreUnchanged);
    }

    // The attachment rows follow the restored File_List; files that are gone leave it (and are reported).
    const restored = state ?? stateOf(current);
    const attachments = await restoreAttachments(trx, deps.files, caller, row.id, restored.metadata);
    const metadataChanged = state !== null || attachments.expiredFiles.length > 0;
    await trx
      .insertInto('feature_versions')
      .values({
        feature_id: row.id,
        action: 'Restore',
        changed_by: caller.accountId,
        before: metadataChanged ? JSON.stringify(current) : null,
      })
      .execute();
    await trx
      .updateTable('features')
      .set({
        ...(state
          ? {
              geom: sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(state.geometry)}), 4326)`,
              dictionary_id: state.dictionary_id,
              system_id: state.system_id,
              component_id: state.component_id,
              attributes: JSON.stringify(state.attributes),
              properties: JSON.stringify(state.properties),
              field_values: JSON.stringify(state.field_values),
            }
          : {}),
        ...(metadataChanged
          ? { metadata: attachments.metadata === null ? null : JSON.stringify(attachments.metadata) }
          : {}),
        deleted_at: null,
        updated_at: new Date(),
        updated_by: caller.accountId,
      })
      .where('id', '=', row.id)
      .execute();
    await bumpLayerDataVersion(trx, [row.layer_id]);
    await recordFeatureActivity(trx, actorOf(caller), {
      type: 'Restore',
      featureIds: [row.id],
      ...(restoreFromTime !== undefined ? { extra: { restoredFrom: restoreFromTime } } : {}),
    });
    const { expiredFiles } = attachments;
    return {
      data: expiredFiles.length ? ACTIVITY_MSG.restoreAttachmentsExpired : RESTORED,
      featureId,
      restoredFrom: restoreFromTime ?? null,
      expiredFiles,
    };
  });
}

export const layerRestoreAnswer = z.object({
  data: z.string(),
  folderIds: z.array(z.string()),
  layerIds: z.array(z.string()),
  featuresRestored: z.number(),
});
export type LayerRestoreAnswer = z.infer<typeof layerRestoreAnswer>;

/**
 * POST /rest/activities/{entryId}/restore: brings back the layer or folder a Layer or Folder Delete
 * entry removed, with its features (server/src/projects/deleted-layers.ts). Project admins only.
 */
export async function restoreFromEntry(deps: Deps, caller: Caller, entryId: string): Promise<LayerRestoreAnswer> {
  return deps.db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('activities')
      .select(['id', 'type', 'category', 'project_id', 'artifact', 'occurred_at', 'actor_type'])
      .where('id', '=', entryId)
      .where('organization_id', '=', caller.organizationId)
      .executeTakeFirst();
    // Support users' entries are theirs alone (spec 3 §6).
    if (!entry || (entry.actor_type === SUPPORT_USER_TYPE && caller.userType !== SUPPORT_USER_TYPE)) throw notFound();
    const category = entry.category;
    if (entry.type !== 'Delete' || (category !== 'Layer' && category !== 'Folder') || !entry.project_id)
      throw badRequest(ACTIVITY_MSG.restoreNotRestorable);
    const project = await projectOf(trx, caller, entry.project_id);
    requireRight(isAdminOf(caller, projectChain(project.id)));
    const restored = await restoreDeletedLayers(trx, caller, deps.config.dataDir, entry);
    const name = String(entry.artifact?.name ?? '');
    await recordActivity(trx, actorOf(caller), {
      type: 'Restore',
      category,
      message: `${category} '${name}' restored`,
      projectId: project.id,
      artifact: {
        ...(category === 'Layer' ? { layerId: restored.layerIds[0] } : { folderId: restored.folderIds[0] }),
        name,
        restoredFrom: entry.id,
        ...restored,
      },
    });
    return { data: RESTORED, ...restored };
  });
}
