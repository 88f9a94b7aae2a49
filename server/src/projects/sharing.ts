import { ACTIVITY_TEXTS, MOVE_MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { flagOn } from '../http/flags.js';
import { adminProject, folderInOrg, layerInOrg } from '../data-organization/checks.js';
import { actorOf, recordActivity } from '../activities/record.js';
import type { Executor } from '../db/types.js';

/**
 * A share entry (spec 3 §3 type Share) belongs to the project the layer shows in, the folder's; the
 * artifact names the layer's own project and folder too.
 */
async function logShare(
  trx: Executor,
  caller: Caller,
  message: string,
  layer: { id: string; name: string; project_id: string; folder_id: string },
  folder: { id: string; project_id: string },
  extra: Record<string, unknown> = {},
) {
  await recordActivity(trx, actorOf(caller), {
    type: 'Share',
    category: 'Layer',
    message,
    projectId: folder.project_id,
    artifact: {
      layerId: layer.id,
      name: layer.name,
      folderId: folder.id,
      sourceProjectId: layer.project_id,
      sourceFolderId: layer.folder_id,
      ...extra,
    },
  });
}

/**
 * Layer sharing (spec 3 §4, §6): a project admin of both projects shows a layer read-only in a
 * folder of another project of the same organization. Choosing another folder in the share dialog
 * is one call (`replace` names the folder of the old share), so a failure never leaves the layer
 * unshared or shared twice.
 */
async function checkedLayer(deps: Deps, caller: Caller, layerId: string) {
  if (!(await flagOn(deps.db, caller, 'sharedLayers'))) throw forbidden(MOVE_MSG.shareDisabled);
  const layer = await layerInOrg(deps.db, caller, layerId, MOVE_MSG.shareError);
  await adminProject(deps.db, caller, layer.project_id, MOVE_MSG.shareError, MOVE_MSG.shareError);
  return layer;
}

async function checkedFolder(deps: Deps, caller: Caller, folderId: string) {
  const folder = await folderInOrg(deps.db, caller, folderId, MOVE_MSG.shareError);
  await adminProject(deps.db, caller, folder.project_id, MOVE_MSG.shareError, MOVE_MSG.shareError);
  return folder;
}

/** Shares `layerId` into `folderId`; with `replaceFolderId`, its share in that folder goes in the same transaction. */
export async function shareLayer(
  deps: Deps,
  caller: Caller,
  folderId: string,
  layerId: string,
  replaceFolderId?: string,
) {
  const layer = await checkedLayer(deps, caller, layerId);
  const folder = await checkedFolder(deps, caller, folderId);
  if (folder.project_id === layer.project_id) throw badRequest(MOVE_MSG.shareSameProject);
  if (layer.reference_id || !['VECTOR', 'RASTER'].includes(layer.type)) throw badRequest(MOVE_MSG.shareError);
  const old =
    replaceFolderId && replaceFolderId !== folder.id ? await checkedFolder(deps, caller, replaceFolderId) : null;
  await deps.db.transaction().execute(async (trx) => {
    // Sharing again where it is shared already keeps the one share, and is logged as the user's act.
    await trx
      .insertInto('layer_shares')
      .values({ layer_id: layer.id, folder_id: folder.id, project_id: folder.project_id })
      .onConflict((oc) => oc.columns(['layer_id', 'folder_id']).doNothing())
      .execute();
    if (old) {
      // The share to replace must still be there (another admin may have changed it); otherwise nothing is kept.
      const removed = await trx
        .deleteFrom('layer_shares')
        .where('layer_id', '=', layer.id)
        .where('folder_id', '=', old.id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound(MOVE_MSG.shareError);
    }
    await logShare(trx, caller, ACTIVITY_TEXTS.layerShared, layer, folder, old ? { replacedFolderId: old.id } : {});
  });
  return { layerId: layer.id, folderId: folder.id, projectId: folder.project_id, sourceProjectId: layer.project_id };
}

export async function unshareLayer(deps: Deps, caller: Caller, folderId: string, layerId: string) {
  const layer = await checkedLayer(deps, caller, layerId);
  const folder = await checkedFolder(deps, caller, folderId);
  await deps.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('layer_shares')
      .where('layer_id', '=', layer.id)
      .where('folder_id', '=', folder.id)
      .executeTakeFirst();
    // No share there: nothing to remove, as a replace of a missing share answers (a 2xx is a logged write).
    if (Number(removed.numDeletedRows) === 0) throw notFound(MOVE_MSG.shareError);
    await logShare(trx, caller, ACTIVITY_TEXTS.layerUnshared, layer, folder);
  });
}
