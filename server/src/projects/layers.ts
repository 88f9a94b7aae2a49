import { z } from 'zod';
import {
  DATA_MSG,
  MOVE_MSG,
  PROJECT_MSG,
  createLayerSchema,
  needsGeoserver,
  sortedFields,
  updateLayerSchema,
  type LayerField,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound, uniquely } from '../http/errors.js';
import {
  canCreate,
  canEdit,
  canView,
  folderChain,
  folderOf,
  isAdminOf,
  readableProject,
  requireRight,
} from './access.js';
import { presentLayer } from './tree.js';
import { requireOwnRows } from '../authz/references.js';
import { flagOn } from '../http/flags.js';
import { LAYER_DELETE_MSG, layerDeleteBlock, removeLayer } from './layer-removal.js';
import { applyFieldChanges, fieldChanges } from './layer-fields.js';
import { layerNameTaken } from './layer-names.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { editedArtifact, layerActivity } from './activity.js';

async function layerOf(deps: Deps, caller: Caller, projectId: string, folderId: string, layerId: string) {
  const { project, folder, chain } = await folderOf(deps.db, caller, projectId, folderId);
  const layer = await deps.db
    .selectFrom('layers')
    .selectAll()
    .where('id', '=', layerId)
    .where('folder_id', '=', folder.id)
    .executeTakeFirst();
  const layerChain = [{ type: 'layer' as const, id: layerId }, ...chain];
  if (!layer || !canView(caller, layerChain)) throw notFound();
  return { project, folder, layer, chain: layerChain };
}

/** Layers of a folder, also of a project shared with the caller's organization (read-only). */
export async function listLayers(deps: Deps, caller: Caller, projectId: string, folderId: string) {
  const { project, view } = await readableProject(deps.db, caller, projectId);
  const folder = await deps.db
    .selectFrom('folders')
    .selectAll()
    .where('id', '=', folderId)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  const chain = folder ? folderChain(project.id, folder.parent_id ? [folder.id, folder.parent_id] : [folder.id]) : [];
  if (!folder || !view(chain)) throw notFound();
  const rows = await deps.db
    .selectFrom('layers')
    .selectAll()
    .where('folder_id', '=', folder.id)
    .orderBy('z_index')
    .orderBy('name')
    .execute();
  return rows.filter((l) => view([{ type: 'layer', id: l.id }, ...chain])).map((l) => presentLayer(l));
}

export async function getLayer(deps: Deps, caller: Caller, projectId: string, folderId: string, layerId: string) {
  const layer = (await listLayers(deps, caller, projectId, folderId)).find((l) => l.id === layerId);
  if (!layer) throw notFound();
  return layer;
}

/** WMS and WMS-TILE data methods need the organization's geoserver flag (spec 3 §6); `methods` are the newly chosen ones. */
async function checkedMethods(deps: Deps, caller: Caller, methods: Array<string | null | undefined>) {
  if (methods.some(needsGeoserver) && !(await flagOn(deps.db, caller, 'geoserver')))
    throw forbidden(DATA_MSG.geoserverDisabled);
}

export async function createLayer(
  deps: Deps,
  caller: Caller,
  projectId: string,
  folderId: string,
  input: z.output<typeof createLayerSchema>,
) {
  const { project, folder, chain } = await folderOf(deps.db, caller, projectId, folderId);
  requireRight(canCreate(caller, chain));
  await checkedMethods(deps, caller, [input.preferredMethod]);
  if (await layerNameTaken(deps.db, folder.id, input.name)) throw conflict(PROJECT_MSG.layerNameExists);
  const row = await deps.db.transaction().execute(async (trx) => {
    const layer = await uniquely(PROJECT_MSG.layerNameExists, () =>
      trx
        .insertInto('layers')
        .values({
          project_id: project.id,
          folder_id: folder.id,
          name: input.name,
          description: input.description ?? null,
          type: input.type,
          server_name: null,
          reference_id: null,
          preferred_method: input.preferredMethod,
          mobile_preferred_method: null,
          style_id: null,
          fields: JSON.stringify(sortedFields(input.fields ?? [])),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await recordActivity(trx, actorOf(caller), layerActivity('Add', layer));
    return layer;
  });
  return presentLayer(row);
}

/** The columns a layer edit may change, named in its activity entry (fields: the typed field list). */
const LAYER_EDITABLE = [
  'name',
  'description',
  'preferred_method',
  'mobile_preferred_method',
  'read_only',
  'fields',
  'style_id',
] as const;

/**
 * Edit a layer: name unique in its folder, methods, read-only, style; a read-only layer keeps its data.
 * A different folder is a move, which goes through data organization and its rules (flag, project
 * admin, raster and name-clash refusals), so a plain edit refuses it.
 */
export async function updateLayer(
  deps: Deps,
  caller: Caller,
  projectId: string,
  folderId: string,
  input: z.output<typeof updateLayerSchema>,
) {
  const { layer, chain } = await layerOf(deps, caller, projectId, folderId, input.id);
  requireRight(canEdit(caller, chain));
  if (input.folder && input.folder.id !== layer.folder_id) throw badRequest(MOVE_MSG.layerUseMove);
  // A method kept from before the flag was switched off stays; only a new WMS choice needs the flag.
  await checkedMethods(
    deps,
    caller,
    [input.preferredMethod, input.mobilePreferredMethod].filter(
      (m, i) => m !== [layer.preferred_method, layer.mobile_preferred_method][i],
    ),
  );
  if (await layerNameTaken(deps.db, layer.folder_id, input.name, layer.id)) throw conflict(PROJECT_MSG.layerNameExists);
  const styleId = input.styles === undefined ? layer.style_id : (input.styles[0]?.id ?? null);
  if (styleId && styleId !== layer.style_id)
    await requireOwnRows(deps.db, 'styles', [styleId], caller.organizationId, 'app.layer.error.style');
  const changes = input.fields && fieldChanges(layer.fields as LayerField[], input.fields);
  // The field list is the layer's schema: only a layer admin changes it (spec 3 §2, issue #10).
  if (changes && JSON.stringify(changes.fields) !== JSON.stringify(sortedFields(layer.fields as LayerField[])))
    requireRight(isAdminOf(caller, chain));
  // The field list and the values it moves or drops change together (applyFieldChanges).
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await uniquely(PROJECT_MSG.layerNameExists, () =>
      trx
        .updateTable('layers')
        .set({
          name: input.name,
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.preferredMethod ? { preferred_method: input.preferredMethod } : {}),
          ...(input.mobilePreferredMethod !== undefined
            ? { mobile_preferred_method: input.mobilePreferredMethod }
            : {}),
          ...(input.readOnly !== undefined ? { read_only: input.readOnly } : {}),
          ...(changes ? { fields: JSON.stringify(changes.fields) } : {}),
          style_id: styleId,
        })
        .where('id', '=', layer.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    if (changes) await applyFieldChanges(trx, caller, layer.id, changes);
    await recordActivity(
      trx,
      actorOf(caller),
      layerActivity('Edit', updated, {
        ...editedArtifact(layer, updated, LAYER_EDITABLE),
        ...(changes && (changes.renames.size || changes.removed.length)
          ? { renamedFields: Object.fromEntries(changes.renames), removedFields: changes.removed }
          : {}),
      }),
    );
    return updated;
  });
  return presentLayer(row);
}

export async function disableLayer(deps: Deps, caller: Caller, projectId: string, folderId: string, layerId: string) {
  const { layer, chain } = await layerOf(deps, caller, projectId, folderId, layerId);
  requireRight(isAdminOf(caller, chain));
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('layers')
      .set({ is_active: false })
      .where('id', '=', layer.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actorOf(caller), layerActivity('Edit', updated, { changes: ['is_active'] }));
    return updated;
  });
  return presentLayer(row);
}

/** Layer admins delete layers by the rules of layer-removal.ts (no reference, not shared, not read-only). */
export async function deleteLayer(deps: Deps, caller: Caller, projectId: string, folderId: string, layerId: string) {
  const { layer, chain } = await layerOf(deps, caller, projectId, folderId, layerId);
  requireRight(isAdminOf(caller, chain));
  const block = await layerDeleteBlock(deps.db, layer);
  if (block) throw forbidden(LAYER_DELETE_MSG[block]);
  await deps.db.transaction().execute((trx) => removeLayer(trx, caller, layer));
}
