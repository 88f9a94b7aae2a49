import { MOVE_MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden } from '../http/errors.js';
import { flagOn } from '../http/flags.js';
import { adminProject, folderInOrg, layerInOrg } from '../data-organization/checks.js';

/**
 * Layer sharing (spec 3 §4, §6): a project admin of both projects shows a layer read-only in a
 * folder of another project of the same organization. The client replaces a share by deleting the
 * old one and creating the new one.
 */
async function checked(deps: Deps, caller: Caller, folderId: string, layerId: string) {
  if (!(await flagOn(deps.db, caller, 'sharedLayers'))) throw forbidden(MOVE_MSG.shareDisabled);
  const layer = await layerInOrg(deps.db, caller, layerId, MOVE_MSG.shareError);
  const folder = await folderInOrg(deps.db, caller, folderId, MOVE_MSG.shareError);
  await adminProject(deps.db, caller, layer.project_id, MOVE_MSG.shareError, MOVE_MSG.shareError);
  await adminProject(deps.db, caller, folder.project_id, MOVE_MSG.shareError, MOVE_MSG.shareError);
  return { layer, folder };
}

export async function shareLayer(deps: Deps, caller: Caller, folderId: string, layerId: string) {
  const { layer, folder } = await checked(deps, caller, folderId, layerId);
  if (folder.project_id === layer.project_id) throw badRequest(MOVE_MSG.shareSameProject);
  if (layer.reference_id || !['VECTOR', 'RASTER'].includes(layer.type)) throw badRequest(MOVE_MSG.shareError);
  await deps.db.insertInto('layer_shares').values({ layer_id: layer.id, folder_id: folder.id, project_id: folder.project_id })
    .onConflict((oc) => oc.columns(['layer_id', 'folder_id']).doNothing()).execute();
  return { layerId: layer.id, folderId: folder.id, projectId: folder.project_id, sourceProjectId: layer.project_id };
}

export async function unshareLayer(deps: Deps, caller: Caller, folderId: string, layerId: string) {
  const { layer, folder } = await checked(deps, caller, folderId, layerId);
  await deps.db.deleteFrom('layer_shares').where('layer_id', '=', layer.id).where('folder_id', '=', folder.id).execute();
}
