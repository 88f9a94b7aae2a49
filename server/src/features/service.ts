import {
  FEATURE_MSG,
  MOVE_MSG,
  ONECALL_MSG,
  normalizeGeometry,
  parseFeatureRef,
  type FeatureInput,
  type FeatureKind,
  type FieldValue,
  type LayerField,
} from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { canCreateFeature, canEditFeature, canView, folderChain, isFeatureAdmin } from '../projects/access.js';
import type { AssetRef } from '@fieldbook/domain';
import { checkedClassification, checkedFieldValues, drawTargetError } from './validate.js';
import { addVersion, addVersions, logFeatures, softDelete } from './store.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { withStoredAttachments } from '../attachments/file-list.js';

/** Feature ids travel as "<kind>.<number>" (spec 3 §3); a number beyond the id column's range names no feature. */
export function parseFeatureId(id: string): { kind: string; id: string } {
  const ref = parseFeatureRef(id);
  if (!ref) throw notFound();
  return ref;
}

export async function layerContext(db: Executor, caller: Caller, layerId: string) {
  const layer = await db
    .selectFrom('layers')
    .innerJoin('folders', 'folders.id', 'layers.folder_id')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .select([
      'layers.id',
      'layers.read_only',
      'layers.is_active',
      'layers.folder_id',
      'layers.type',
      'layers.server_name',
      'layers.reference_id',
      'layers.fields',
      'folders.parent_id',
      'projects.id as project_id',
      'projects.dictionary_id',
      'projects.organization_id',
    ])
    .where('layers.id', '=', layerId)
    .executeTakeFirst();
  if (!layer || layer.organization_id !== caller.organizationId) throw notFound();
  const chain: AssetRef[] = [
    { type: 'layer', id: layer.id },
    ...folderChain(layer.project_id, layer.parent_id ? [layer.folder_id, layer.parent_id] : [layer.folder_id]),
  ];
  if (!canView(caller, chain)) throw notFound();
  return { layer, chain };
}

export function toFeature(row: Record<string, unknown>) {
  const { id, kind, geometry, attributes, metadata, properties, field_values, ...rest } = row as {
    id: string;
    kind: string;
    geometry: string;
    attributes: unknown;
    metadata: unknown;
    properties: Record<string, string>;
    field_values?: Record<string, FieldValue>;
    [k: string]: unknown;
  };
  return {
    type: 'Feature' as const,
    id: `${kind}.${id}`,
    geometry: typeof geometry === 'string' ? JSON.parse(geometry) : geometry,
    properties: {
      ...properties,
      ...rest,
      ogc_fid: Number(id),
      attributes: JSON.stringify(attributes ?? []),
      metadata: metadata === null ? null : JSON.stringify(metadata),
      /** Values of the layer's typed fields by name (absent: null). */
      fieldValues: field_values ?? {},
    },
  };
}

/**
 * The feature rows of the caller's organization that are not deleted (with `withDeleted`, deleted ones
 * too: a restore reads them), in the shape toFeature presents.
 */
export function featureRows(
  db: Executor,
  caller: Pick<Caller, 'organizationId'>,
  { withDeleted = false }: { withDeleted?: boolean } = {},
) {
  const rows = db
    .selectFrom('features')
    .innerJoin('layers', 'layers.id', 'features.layer_id')
    .leftJoin('accounts as c', 'c.id', 'features.created_by')
    .leftJoin('accounts as m', 'm.id', 'features.updated_by')
    .select([
      'features.id',
      'features.kind',
      sql<string>`ST_AsGeoJSON(features.geom, 9)`.as('geometry'),
      'features.layer_id',
      'layers.folder_id',
      'features.project_id',
      'features.dictionary_id',
      'features.system_id',
      'features.component_id',
      'features.attributes',
      'features.metadata',
      'features.properties',
      'features.field_values',
      'features.created_at as created',
      'features.updated_at as modified',
      'c.email as created_by_email',
      'm.email as modified_by_email',
    ])
    .where('features.organization_id', '=', caller.organizationId);
  return withDeleted ? rows : rows.where('features.deleted_at', 'is', null);
}

export async function load(db: Executor, caller: Pick<Caller, 'organizationId'>, featureId: string, kind?: string) {
  const row = await featureRows(db, caller).where('features.id', '=', featureId).executeTakeFirst();
  if (!row || (kind && row.kind !== kind)) throw notFound();
  return row;
}

/** Several features at once (e.g. the selection of a move); missing ids are simply absent. */
export async function loadMany(db: Executor, caller: Caller, featureIds: string[]) {
  return featureIds.length
    ? featureRows(db, caller).where('features.id', 'in', featureIds).orderBy('features.id').execute()
    : [];
}

/** Edit is disabled for features classified by a dictionary other than the project's (spec 3 §4). */
const ownDictionary = (row: { dictionary_id: string | null }, layer: { dictionary_id: string }) =>
  !row.dictionary_id || row.dictionary_id === layer.dictionary_id;

/**
 * Refuses an edit of a feature: edit-feature rights, a writable layer, the project's dictionary. A
 * one-call ticket shows what its center sent (spec 3 §2 read-only panel): only a re-sent ticket changes it.
 */
export function assertEditable(
  caller: Caller,
  row: { dictionary_id: string | null; kind: string },
  layer: { read_only: boolean; dictionary_id: string },
  featureChain: AssetRef[],
) {
  if (!canEditFeature(caller, featureChain)) throw forbidden();
  if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  if (row.kind === 'onecall_tickets') throw forbidden(ONECALL_MSG.ticketReadOnly);
  if (!ownDictionary(row, layer)) throw badRequest(FEATURE_MSG.dictionaryMismatch);
}

/** A feature with what the caller may do to it, so the feature panel offers only allowed actions. */
export async function getFeature(deps: Deps, caller: Caller, featureId: string, kind?: string) {
  const row = await load(deps.db, caller, featureId, kind);
  const { layer, chain } = await layerContext(deps.db, caller, row.layer_id);
  const featureChain: AssetRef[] = [{ type: 'feature', id: String(row.id) }, ...chain];
  const writable = !layer.read_only;
  return {
    ...toFeature(row),
    abilities: {
      edit: writable && ownDictionary(row, layer) && canEditFeature(caller, featureChain),
      admin: writable && isFeatureAdmin(caller, featureChain),
    },
  };
}

/** A new feature as checked for its layer: the values its row gets. */
export interface CheckedFeature {
  kind: FeatureKind;
  geometry: NonNullable<ReturnType<typeof normalizeGeometry>>;
  classification: Awaited<ReturnType<typeof checkedClassification>>;
  properties: Record<string, string>;
  /** The layer's field values, coerced to their types (nulls left out). */
  fieldValues: Record<string, FieldValue>;
}

type LayerContext = Awaited<ReturnType<typeof layerContext>>;

/** The checks of a drawn feature: create rights there, a writable active layer of the kind, a valid dictionary classification. */
export async function checkedNewFeature(
  db: Executor,
  caller: Caller,
  { layer, chain }: LayerContext,
  kind: FeatureKind,
  input: FeatureInput,
): Promise<CheckedFeature> {
  if (!canCreateFeature(caller, chain)) throw forbidden();
  if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  if (!layer.is_active) throw badRequest(FEATURE_MSG.layerInactive);
  const unfit = drawTargetError(layer, kind);
  if (unfit) throw badRequest(unfit);
  const geometry = normalizeGeometry(kind, input.geometry);
  if (!geometry) throw badRequest(FEATURE_MSG.geometryTypeMismatch);
  const p = input.properties;
  const classification = await checkedClassification(db, layer, kind, {
    dictionaryId: p.dictionary_id,
    systemId: p.system_id,
    componentId: p.component_id,
    attributes: p.attributes,
  });
  return {
    kind,
    geometry,
    classification,
    properties: (p.properties ?? {}) as Record<string, string>,
    fieldValues: checkedFieldValues(layer.fields as LayerField[], {}, p.fieldValues),
  };
}

/** Draws a feature into a layer (checkedNewFeature), with its 'Add' version. */
export async function createFeature(deps: Deps, caller: Caller, kind: FeatureKind, input: FeatureInput) {
  const context = await layerContext(deps.db, caller, input.properties.layer_id);
  const { layer } = context;
  const { geometry, classification, properties, fieldValues } = await checkedNewFeature(
    deps.db,
    caller,
    context,
    kind,
    input,
  );
  const p = input.properties;
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('features')
      .values({
        organization_id: caller.organizationId,
        project_id: layer.project_id,
        layer_id: layer.id,
        kind,
        geom: sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometry)}), 4326)`,
        dictionary_id: classification.dictionaryId,
        system_id: classification.systemId,
        component_id: classification.componentId,
        attributes: JSON.stringify(classification.attributes),
        metadata:
          p.metadata === undefined || p.metadata === null
            ? null
            : typeof p.metadata === 'string'
              ? p.metadata
              : JSON.stringify(p.metadata),
        properties: JSON.stringify(properties),
        field_values: JSON.stringify(fieldValues),
        created_by: caller.accountId,
        updated_by: caller.accountId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addVersion(trx, caller, row.id, 'Add', null);
    await bumpLayerDataVersion(trx, [layer.id]);
    await logFeatures(trx, caller, 'Add', [row.id]);
    return row.id;
  });
  return toFeature(await load(deps.db, caller, id));
}

/** An edit's metadata as stored: File_List keeps the feature's attachments (attachments/file-list.ts). */
function metadataToWrite(sent: unknown, stored: unknown): string | null {
  const metadata = withStoredAttachments(sent, stored);
  return metadata === null ? null : typeof metadata === 'string' ? metadata : JSON.stringify(metadata);
}

/**
 * Edits geometry and attributes; the previous state is kept as a version. A body without component_id
 * (a geometry-only save, the generic property panel) keeps the stored classification, checking any
 * attributes it sends against the stored component; component_id null removes the classification.
 */
export async function updateFeature(
  deps: Deps,
  caller: Caller,
  kind: FeatureKind | undefined,
  featureId: string,
  input: FeatureInput,
) {
  const current = await load(deps.db, caller, featureId, kind);
  const { layer, chain } = await layerContext(deps.db, caller, current.layer_id);
  assertEditable(caller, current, layer, [{ type: 'feature', id: String(current.id) }, ...chain]);
  if (input.properties.layer_id !== current.layer_id) throw badRequest(MOVE_MSG.featureUseMove);
  const geometry = normalizeGeometry(current.kind as FeatureKind, input.geometry);
  if (!geometry) throw badRequest(FEATURE_MSG.geometryTypeMismatch);
  const p = input.properties;
  const keep = p.component_id === undefined;
  const classification =
    keep && p.attributes === undefined
      ? {
          dictionaryId: current.dictionary_id,
          systemId: current.system_id,
          componentId: current.component_id,
          attributes: current.attributes,
        }
      : await checkedClassification(
          deps.db,
          layer,
          current.kind as FeatureKind,
          keep
            ? {
                dictionaryId: current.dictionary_id,
                systemId: current.system_id,
                componentId: current.component_id,
                attributes: p.attributes,
              }
            : {
                dictionaryId: p.dictionary_id,
                systemId: p.system_id,
                componentId: p.component_id,
                attributes: p.attributes,
              },
        );
  const fieldValues =
    p.fieldValues === undefined
      ? undefined
      : checkedFieldValues(layer.fields as LayerField[], current.field_values, p.fieldValues);
  await deps.db.transaction().execute(async (trx) => {
    await addVersion(trx, caller, current.id, 'Edit', toFeature(current));
    await trx
      .updateTable('features')
      .set({
        geom: sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometry)}), 4326)`,
        dictionary_id: classification.dictionaryId,
        system_id: classification.systemId,
        component_id: classification.componentId,
        attributes: JSON.stringify(classification.attributes ?? []),
        ...(p.metadata !== undefined ? { metadata: metadataToWrite(p.metadata, current.metadata) } : {}),
        ...(p.properties ? { properties: JSON.stringify(p.properties) } : {}),
        ...(fieldValues ? { field_values: JSON.stringify(fieldValues) } : {}),
        updated_at: new Date(),
        updated_by: caller.accountId,
      })
      .where('id', '=', current.id)
      .execute();
    await bumpLayerDataVersion(trx, [current.layer_id]);
    await logFeatures(trx, caller, 'Edit', [current.id]);
  });
  return toFeature(await load(deps.db, caller, current.id));
}

/**
 * Deletes features of one layer at once (a WFS-T Delete): deleteFeature's checks for each, then one
 * statement per write, and one for their Delete entries. `wrongLayer` is the message for a feature of another layer.
 */
export async function deleteFeatures(
  db: Executor,
  caller: Caller,
  { layer, chain }: LayerContext,
  featureIds: string[],
  wrongLayer: string,
): Promise<number> {
  const ids = [...new Set(featureIds)];
  const rows = await loadMany(db, caller, ids);
  if (rows.length !== ids.length) throw notFound();
  for (const row of rows) {
    if (row.layer_id !== layer.id) throw notFound(wrongLayer);
    if (!isFeatureAdmin(caller, [{ type: 'feature', id: String(row.id) }, ...chain])) throw forbidden();
  }
  if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  await addVersions(
    db,
    caller,
    'Delete',
    rows.map((row) => ({ id: row.id, before: toFeature(row) })),
  );
  await db
    .updateTable('features')
    .set({ deleted_at: new Date(), updated_by: caller.accountId })
    .where('id', 'in', ids)
    .execute();
  await bumpLayerDataVersion(db, [layer.id]);
  await logFeatures(db, caller, 'Delete', ids);
  return ids.length;
}

/** Feature admins delete; the row stays (soft delete) so it can be undeleted from the activity log. */
export async function deleteFeature(deps: Deps, caller: Caller, featureId: string, kind?: string) {
  const current = await load(deps.db, caller, featureId, kind);
  const { layer, chain } = await layerContext(deps.db, caller, current.layer_id);
  if (!isFeatureAdmin(caller, [{ type: 'feature', id: String(current.id) }, ...chain])) throw forbidden();
  if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  await deps.db.transaction().execute(async (trx) => {
    await addVersion(trx, caller, current.id, 'Delete', toFeature(current));
    await softDelete(trx, caller, current);
    await logFeatures(trx, caller, 'Delete', [current.id]);
  });
}
