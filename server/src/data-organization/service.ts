import { MOVE_MSG, type DataOrganizationInput, type DataOrganizationResult } from '@fieldbook/domain';
import { layerNameTaken } from '../projects/layer-names.js';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden } from '../http/errors.js';
import { flagOn } from '../http/flags.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import {
  MOVABLE_FOLDER_TYPES,
  adminProject,
  folderIn,
  folderInOrg,
  layerInOrg,
  nameTakenAmongFolders,
  sameDictionary,
} from './checks.js';
import { moveFeatures } from './move-features.js';
import { recordMove } from './move-activity.js';

/**
 * Data organization (spec 3 §7): moves of features between layers, of layers between folders and of
 * folders within or across projects. Each needs the dataOrganization flag and project admin rights on
 * both sides, keeps every feature with its versions, and runs in one transaction.
 */
export async function organize(
  deps: Deps,
  caller: Caller,
  input: DataOrganizationInput,
): Promise<DataOrganizationResult> {
  if (!(await flagOn(deps.db, caller, 'dataOrganization'))) throw forbidden(MOVE_MSG.flagOff);
  return deps.db.transaction().execute((trx) => {
    switch (input.scenario) {
      case 'MOVE_LAYER_TO_FOLDER':
        return moveLayer(trx, caller, input);
      case 'MOVE_FOLDER_TO_PROJECT':
        return moveFolder(trx, caller, input.folderId, input.projectId, null, input.scenario);
      case 'MOVE_FOLDER_AS_SUBFOLDER':
        return moveFolder(trx, caller, input.subFolderId, input.projectId, input.folderId, input.scenario);
      case 'MOVE_FEATURES_TO_LAYER':
        return moveFeatures(trx, caller, input);
    }
  });
}

/** Layers and features follow their new project; shares into the new project become pointless. */
async function reassign(trx: Executor, layerIds: string[], projectId: string) {
  if (!layerIds.length) return 0;
  await trx.updateTable('layers').set({ project_id: projectId }).where('id', 'in', layerIds).execute();
  await trx.deleteFrom('layer_shares').where('layer_id', 'in', layerIds).where('project_id', '=', projectId).execute();
  const moved = await trx
    .updateTable('features')
    .set({ project_id: projectId })
    .where('layer_id', 'in', layerIds)
    .executeTakeFirst();
  await bumpLayerDataVersion(trx, layerIds);
  return Number(moved.numUpdatedRows);
}

async function moveLayer(
  trx: Executor,
  caller: Caller,
  input: Extract<DataOrganizationInput, { scenario: 'MOVE_LAYER_TO_FOLDER' }>,
): Promise<DataOrganizationResult> {
  const layer = await layerInOrg(trx, caller, input.layerId, MOVE_MSG.layerNotFound);
  const source = await adminProject(trx, caller, layer.project_id, MOVE_MSG.layerNotFound, MOVE_MSG.layerPermissions);
  const target = await adminProject(trx, caller, input.projectId, MOVE_MSG.layerNotFound, MOVE_MSG.layerPermissions);
  const folder = await folderIn(trx, target.id, input.folderId, MOVE_MSG.layerNotFound);
  const sourceFolder = await folderIn(trx, source.id, layer.folder_id, MOVE_MSG.layerNotFound);
  // Read-only, referenced (leader, form, ticket) and external-service layers stay where they are.
  if (layer.read_only || layer.reference_id || !MOVABLE_FOLDER_TYPES.includes(sourceFolder.folder_type))
    throw badRequest(MOVE_MSG.layerError);
  if (!MOVABLE_FOLDER_TYPES.includes(folder.folder_type) || folder.id === layer.folder_id)
    throw badRequest(MOVE_MSG.layerError);
  // Raster layers never move, within a project or across (spec 3 §5).
  if (layer.type === 'RASTER') throw badRequest(MOVE_MSG.layerRaster);
  if (target.id !== source.id) sameDictionary(source, target);
  if (await layerNameTaken(trx, folder.id, layer.name)) throw conflict(MOVE_MSG.layerUnique);
  await trx.updateTable('layers').set({ folder_id: folder.id }).where('id', '=', layer.id).execute();
  const movedFeatures = target.id !== source.id ? await reassign(trx, [layer.id], target.id) : 0;
  await recordMove(trx, caller, 'Layer', {
    layerId: layer.id,
    name: layer.name,
    fromProjectId: source.id,
    fromFolderId: layer.folder_id,
    toProjectId: target.id,
    toFolderId: folder.id,
    features: movedFeatures,
  });
  return {
    scenario: 'MOVE_LAYER_TO_FOLDER',
    movedLayerIds: [layer.id],
    movedFeatures,
    projectIds: [...new Set([source.id, target.id])],
  };
}

/**
 * A folder moves to the top level of a project (parentId null) or under a top-level folder. Only two
 * levels exist, so a folder with sub-folders cannot become a sub-folder.
 */
async function moveFolder(
  trx: Executor,
  caller: Caller,
  folderId: string,
  projectId: string,
  parentId: string | null,
  scenario: DataOrganizationResult['scenario'],
): Promise<DataOrganizationResult> {
  const folder = await folderInOrg(trx, caller, folderId, MOVE_MSG.folderNotFound);
  const source = await adminProject(
    trx,
    caller,
    folder.project_id,
    MOVE_MSG.folderNotFound,
    MOVE_MSG.folderPermissions,
  );
  const target = await adminProject(trx, caller, projectId, MOVE_MSG.folderNotFound, MOVE_MSG.folderPermissions);
  if (!MOVABLE_FOLDER_TYPES.includes(folder.folder_type)) throw badRequest(MOVE_MSG.folderError);
  const children = await trx.selectFrom('folders').select('id').where('parent_id', '=', folder.id).execute();
  if (parentId) {
    const parent = await folderIn(trx, target.id, parentId, MOVE_MSG.folderNotFound);
    if (parent.id === folder.id || parent.parent_id || children.length) throw badRequest(MOVE_MSG.folderDepth);
    if (!MOVABLE_FOLDER_TYPES.includes(parent.folder_type)) throw badRequest(MOVE_MSG.folderError);
  }
  if (folder.project_id === target.id && folder.parent_id === parentId) throw badRequest(MOVE_MSG.folderError);
  const folderIds = [folder.id, ...children.map((c) => c.id)];
  const layers = await trx.selectFrom('layers').select(['id', 'type']).where('folder_id', 'in', folderIds).execute();
  // A folder holding raster layers never moves, within a project or across (spec 3 §5).
  if (layers.some((l) => l.type === 'RASTER')) throw badRequest(MOVE_MSG.folderRaster);
  if (target.id !== source.id) sameDictionary(source, target);
  if (await nameTakenAmongFolders(trx, target.id, parentId, folder.name, folder.id))
    throw conflict(MOVE_MSG.folderUnique);
  await trx
    .updateTable('folders')
    .set({ project_id: target.id, parent_id: parentId })
    .where('id', '=', folder.id)
    .execute();
  let movedFeatures = 0;
  if (target.id !== source.id) {
    await trx.updateTable('folders').set({ project_id: target.id }).where('id', 'in', folderIds).execute();
    // Shares into the moved folders belong to the project they were shared into: keep them pointing there.
    await trx.updateTable('layer_shares').set({ project_id: target.id }).where('folder_id', 'in', folderIds).execute();
    movedFeatures = await reassign(
      trx,
      layers.map((l) => l.id),
      target.id,
    );
  }
  await recordMove(trx, caller, 'Folder', {
    folderId: folder.id,
    name: folder.name,
    fromProjectId: source.id,
    fromParentId: folder.parent_id,
    toProjectId: target.id,
    toParentId: parentId,
    layerIds: layers.map((l) => l.id),
    features: movedFeatures,
  });
  return {
    scenario,
    movedLayerIds: layers.map((l) => l.id),
    movedFeatures,
    projectIds: [...new Set([source.id, target.id])],
  };
}
