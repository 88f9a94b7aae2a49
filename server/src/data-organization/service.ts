import { MOVE_MSG, type DataOrganizationInput } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { flagOn } from '../http/flags.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { folderChain, isFeatureAdmin } from '../projects/access.js';
import {
  MOVABLE_FOLDER_TYPES, adminProject, folderIn, folderInOrg, layerInOrg, nameTakenAmongFolders, nameTakenAmongLayers, sameDictionary,
} from './checks.js';

type Result = { scenario: DataOrganizationInput['scenario']; movedLayerIds: string[]; movedFeatures: number; projectIds: string[] };

/**
 * Data organization (spec 3 §7): moves of features between layers, of layers between folders and of
 * folders within or across projects. Each needs the dataOrganization flag and project admin rights on
 * both sides, keeps every feature with its versions, and runs in one transaction.
 */
export async function organize(deps: Deps, caller: Caller, input: DataOrganizationInput): Promise<Result> {
  if (!(await flagOn(deps.db, caller, 'dataOrganization'))) throw forbidden(MOVE_MSG.flagOff);
  return deps.db.transaction().execute((trx) => {
    switch (input.scenario) {
      case 'MOVE_LAYER_TO_FOLDER': return moveLayer(trx, caller, input);
      case 'MOVE_FOLDER_TO_PROJECT': return moveFolder(trx, caller, input.folderId, input.projectId, null, input.scenario);
      case 'MOVE_FOLDER_AS_SUBFOLDER': return moveFolder(trx, caller, input.subFolderId, input.projectId, input.folderId, input.scenario);
      case 'MOVE_FEATURES_TO_LAYER': return moveFeatures(trx, caller, input);
    }
  });
}

/** Layers and features follow their new project; shares into the new project become pointless. */
async function reassign(trx: Executor, layerIds: string[], projectId: string) {
  if (!layerIds.length) return 0;
  await trx.updateTable('layers').set({ project_id: projectId }).where('id', 'in', layerIds).execute();
  await trx.deleteFrom('layer_shares').where('layer_id', 'in', layerIds).where('project_id', '=', projectId).execute();
  const moved = await trx.updateTable('features').set({ project_id: projectId }).where('layer_id', 'in', layerIds).executeTakeFirst();
  await bumpLayerDataVersion(trx, layerIds);
  return Number(moved.numUpdatedRows);
}

async function moveLayer(trx: Executor, caller: Caller, input: Extract<DataOrganizationInput, { scenario: 'MOVE_LAYER_TO_FOLDER' }>): Promise<Result> {
  const layer = await layerInOrg(trx, caller, input.layerId, MOVE_MSG.layerNotFound);
  const source = await adminProject(trx, caller, layer.project_id, MOVE_MSG.layerNotFound, MOVE_MSG.layerPermissions);
  const target = await adminProject(trx, caller, input.projectId, MOVE_MSG.layerNotFound, MOVE_MSG.layerPermissions);
  const folder = await folderIn(trx, target.id, input.folderId, MOVE_MSG.layerNotFound);
  const sourceFolder = await folderIn(trx, source.id, layer.folder_id, MOVE_MSG.layerNotFound);
  // Read-only, referenced (leader, form, ticket) and external-service layers stay where they are.
  if (layer.read_only || layer.reference_id || !MOVABLE_FOLDER_TYPES.includes(sourceFolder.folder_type)) throw badRequest(MOVE_MSG.layerError);
  if (!MOVABLE_FOLDER_TYPES.includes(folder.folder_type) || folder.id === layer.folder_id) throw badRequest(MOVE_MSG.layerError);
  if (layer.type === 'RASTER' && target.id !== source.id) throw badRequest(MOVE_MSG.layerRaster);
  if (target.id !== source.id) sameDictionary(source, target);
  if (await nameTakenAmongLayers(trx, folder.id, layer.name)) throw conflict(MOVE_MSG.layerUnique);
  await trx.updateTable('layers').set({ folder_id: folder.id }).where('id', '=', layer.id).execute();
  const movedFeatures = target.id !== source.id ? await reassign(trx, [layer.id], target.id) : 0;
  return { scenario: 'MOVE_LAYER_TO_FOLDER', movedLayerIds: [layer.id], movedFeatures, projectIds: [...new Set([source.id, target.id])] };
}

/**
 * A folder moves to the top level of a project (parentId null) or under a top-level folder. Only two
 * levels exist, so a folder with sub-folders cannot become a sub-folder.
 */
async function moveFolder(trx: Executor, caller: Caller, folderId: string, projectId: string, parentId: string | null, scenario: Result['scenario']): Promise<Result> {
  const folder = await folderInOrg(trx, caller, folderId, MOVE_MSG.folderNotFound);
  const source = await adminProject(trx, caller, folder.project_id, MOVE_MSG.folderNotFound, MOVE_MSG.folderPermissions);
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
  if (target.id !== source.id) {
    if (layers.some((l) => l.type === 'RASTER')) throw badRequest(MOVE_MSG.folderRaster);
    sameDictionary(source, target);
  }
  if (await nameTakenAmongFolders(trx, target.id, parentId, folder.name, folder.id)) throw conflict(MOVE_MSG.folderUnique);
  await trx.updateTable('folders').set({ project_id: target.id, parent_id: parentId }).where('id', '=', folder.id).execute();
  let movedFeatures = 0;
  if (target.id !== source.id) {
    await trx.updateTable('folders').set({ project_id: target.id }).where('id', 'in', folderIds).execute();
    // Shares into the moved folders belong to the project they were shared into: keep them pointing there.
    await trx.updateTable('layer_shares').set({ project_id: target.id }).where('folder_id', 'in', folderIds).execute();
    movedFeatures = await reassign(trx, layers.map((l) => l.id), target.id);
  }
  return { scenario, movedLayerIds: layers.map((l) => l.id), movedFeatures, projectIds: [...new Set([source.id, target.id])] };
}

const KINDS = ['point', 'line', 'polygon'];

async function moveFeatures(trx: Executor, caller: Caller, input: Extract<DataOrganizationInput, { scenario: 'MOVE_FEATURES_TO_LAYER' }>): Promise<Result> {
  const sourceLayer = await layerInOrg(trx, caller, input.sourceLayerId, MOVE_MSG.featureNone);
  const targetLayer = await layerInOrg(trx, caller, input.layerId, MOVE_MSG.featureNone);
  if (targetLayer.folder_id !== input.folderId || targetLayer.project_id !== input.projectId) throw notFound(MOVE_MSG.featureNone);
  const source = await adminProject(trx, caller, sourceLayer.project_id, MOVE_MSG.featureNone, MOVE_MSG.featurePermissions);
  const target = await adminProject(trx, caller, targetLayer.project_id, MOVE_MSG.featureNone, MOVE_MSG.featurePermissions);
  const sourceFolder = await folderIn(trx, source.id, sourceLayer.folder_id, MOVE_MSG.featureNone);
  const chain = [{ type: 'layer' as const, id: sourceLayer.id }, ...folderChain(source.id, sourceFolder.parent_id ? [sourceFolder.id, sourceFolder.parent_id] : [sourceFolder.id])];
  if (!isFeatureAdmin(caller, chain)) throw forbidden(MOVE_MSG.featurePermissions);
  if (targetLayer.read_only || sourceLayer.read_only || targetLayer.type !== 'VECTOR' || targetLayer.reference_id) throw badRequest(MOVE_MSG.featureError);
  if (targetLayer.id === sourceLayer.id) throw badRequest(MOVE_MSG.featureError);
  if (target.id !== source.id) sameDictionary(source, target);
  const ids = input.ogc_fid.map((v) => String(v).split('.').pop()!);
  const rows = await trx.selectFrom('features').select(['id', 'kind', 'dictionary_id']).where('layer_id', '=', sourceLayer.id)
    .where('deleted_at', 'is', null).where('id', 'in', ids).execute();
  if (!rows.length || rows.length !== new Set(ids).size) throw badRequest(MOVE_MSG.featureNone);
  // Only dictionary features move (spec 3 §6), and only onto a layer of their geometry.
  if (rows.some((r) => !r.dictionary_id)) throw badRequest(MOVE_MSG.featureDictionary);
  const targetKind = KINDS.includes(targetLayer.server_name ?? '') ? targetLayer.server_name
    : (await trx.selectFrom('features').select('kind').where('layer_id', '=', targetLayer.id).where('deleted_at', 'is', null).executeTakeFirst())?.kind;
  if (targetKind && rows.some((r) => r.kind !== targetKind)) throw badRequest(MOVE_MSG.featureKind);
  await trx.updateTable('features').set({ layer_id: targetLayer.id, project_id: target.id, updated_at: new Date(), updated_by: caller.accountId })
    .where('id', 'in', rows.map((r) => r.id)).execute();
  await bumpLayerDataVersion(trx, [sourceLayer.id, targetLayer.id]);
  return { scenario: 'MOVE_FEATURES_TO_LAYER', movedLayerIds: [sourceLayer.id, targetLayer.id], movedFeatures: rows.length, projectIds: [...new Set([source.id, target.id])] };
}
