import { z } from 'zod';
import {
  FOLDER_TYPES,
  MOVE_MSG,
  PROJECT_MSG,
  createFolderSchema,
  isDeletableFolderType,
  isFeatureFolder,
  updateFolderSchema,
  type FolderOut,
  SYSTEM_NAMES,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, conflict, forbidden, notFound, uniquely } from '../http/errors.js';
import {
  canCreate,
  canEdit,
  folderOf,
  isAdminOf,
  projectChain,
  projectOf,
  readableProject,
  requireRight,
} from './access.js';
import { FOLDER_DELETE_MSG, layerDeleteBlock, removeFolder } from './layer-removal.js';
import { loadFolders } from './tree.js';
import { siblingNameTaken } from './layer-names.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { editedArtifact, folderActivity } from './activity.js';

/** Only two levels exist: a parent must be a top-level folder of the same project. */
async function checkedParent(db: Executor, projectId: string, parentId: string | null | undefined) {
  if (!parentId) return null;
  const parent = await db
    .selectFrom('folders')
    .select(['id', 'parent_id', 'folder_type'])
    .where('id', '=', parentId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!parent) throw notFound();
  if (parent.parent_id) throw badRequest(PROJECT_MSG.folderTooDeep);
  return parent.id;
}

function findIn(folders: FolderOut[], id: string): FolderOut | undefined {
  for (const f of folders) {
    if (f.id === id) return f;
    const inner = f.folders.find((s) => s.id === id);
    if (inner) return inner;
  }
  return undefined;
}

export async function listFolders(deps: Deps, caller: Caller, projectId: string) {
  const readable = await readableProject(deps.db, caller, projectId);
  return loadFolders(deps.db, caller, readable.project.id, readable.view, readable.shared);
}

async function presentFolder(deps: Deps, caller: Caller, projectId: string, id: string) {
  const folder = findIn(await loadFolders(deps.db, caller, projectId), id);
  if (!folder) throw notFound();
  return folder;
}

export async function createFolder(
  deps: Deps,
  caller: Caller,
  projectId: string,
  input: z.output<typeof createFolderSchema>,
) {
  if (input.projectId && input.projectId !== projectId) throw badRequest('app.error.id-mismatch');
  const project = await projectOf(deps.db, caller, projectId);
  const parentId = await checkedParent(deps.db, project.id, input.parentId);
  requireRight(
    canCreate(
      caller,
      parentId ? [{ type: 'folder', id: parentId }, ...projectChain(project.id)] : projectChain(project.id),
    ),
  );
  if (await siblingNameTaken(deps.db, project.id, parentId, input.name)) throw conflict(PROJECT_MSG.folderNameExists);
  const row = await deps.db.transaction().execute(async (trx) => {
    const folder = await uniquely(PROJECT_MSG.folderNameExists, () =>
      trx
        .insertInto('folders')
        .values({
          project_id: project.id,
          parent_id: parentId,
          name: input.name,
          description: input.description ?? null,
          folder_type: input.folderType ?? FOLDER_TYPES.normal,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await recordActivity(trx, actorOf(caller), folderActivity('Add', folder, { folderType: folder.folder_type }));
    return folder;
  });
  return presentFolder(deps, caller, project.id, row.id);
}

/** A data folder with the three feature layers the drawing tools add to (spec 3 §3 'features'). */
export async function addFeatureFolder(
  deps: Deps,
  caller: Caller,
  projectId: string,
  name: string = SYSTEM_NAMES.featureFolder,
) {
  const project = await projectOf(deps.db, caller, projectId);
  requireRight(canCreate(caller, projectChain(project.id)));
  if (await siblingNameTaken(deps.db, project.id, null, name)) throw conflict(PROJECT_MSG.folderNameExists);
  const id = await deps.db.transaction().execute(async (trx) => {
    const folder = await uniquely(PROJECT_MSG.folderNameExists, () =>
      trx
        .insertInto('folders')
        .values({
          project_id: project.id,
          parent_id: null,
          name,
          description: null,
          folder_type: FOLDER_TYPES.features,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const layerIds: string[] = [];
    for (const [layerName, serverName] of SYSTEM_NAMES.featureLayers) {
      const layer = await trx
        .insertInto('layers')
        .values({
          project_id: project.id,
          folder_id: folder.id,
          name: layerName,
          description: null,
          type: 'VECTOR',
          server_name: serverName,
          reference_id: null,
          mobile_preferred_method: null,
          style_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      layerIds.push(layer.id);
    }
    // One entry for the folder with the layers it comes with: the user added one thing.
    await recordActivity(
      trx,
      actorOf(caller),
      folderActivity('Add', folder, { folderType: folder.folder_type, layerIds }),
    );
    return folder.id;
  });
  return presentFolder(deps, caller, project.id, id);
}

/**
 * Edit a folder: name unique among its siblings, description, leaders. A different parent is a move,
 * which goes through data organization and its rules (flag, project admin, raster and name-clash
 * refusals), so a plain edit refuses it.
 */
export async function updateFolder(
  deps: Deps,
  caller: Caller,
  projectId: string,
  input: z.output<typeof updateFolderSchema>,
) {
  if (input.projectId && input.projectId !== projectId) throw badRequest('app.error.id-mismatch');
  const { project, folder, chain } = await folderOf(deps.db, caller, projectId, input.id);
  requireRight(canEdit(caller, chain));
  if (input.parentId !== undefined && (input.parentId ?? null) !== folder.parent_id)
    throw badRequest(MOVE_MSG.folderUseMove);
  if (await siblingNameTaken(deps.db, project.id, folder.parent_id, input.name, folder.id))
    throw conflict(PROJECT_MSG.folderNameExists);
  await deps.db.transaction().execute(async (trx) => {
    const updated = await uniquely(PROJECT_MSG.folderNameExists, () =>
      trx
        .updateTable('folders')
        .set({
          name: input.name,
          description: input.description ?? null,
          ...(input.leadersEnabled !== undefined ? { leaders_enabled: input.leadersEnabled } : {}),
        })
        .where('id', '=', folder.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const edited = editedArtifact(folder, updated, ['name', 'description', 'leaders_enabled']);
    await recordActivity(trx, actorOf(caller), folderActivity('Edit', updated, edited));
  });
  return presentFolder(deps, caller, project.id, folder.id);
}

/**
 * Folder admins delete normal, feature and external-service folders with their sub-folders and
 * layers. A folder admin is admin of every layer below (permissions flow down), and every layer goes
 * by the layer-delete rules, so a folder delete is no way round them. A feature folder also needs the
 * word 'delete' typed by the user (spec 3 §4), sent as confirm=delete. All in one transaction.
 */
export async function deleteFolder(deps: Deps, caller: Caller, projectId: string, id: string, confirm?: string) {
  const { folder, chain } = await folderOf(deps.db, caller, projectId, id);
  requireRight(isAdminOf(caller, chain));
  if (!isDeletableFolderType(folder.folder_type)) throw forbidden(PROJECT_MSG.folderNotDeletable);
  const subFolders = await deps.db.selectFrom('folders').select('id').where('parent_id', '=', folder.id).execute();
  const layers = await deps.db
    .selectFrom('layers')
    .selectAll()
    .where('folder_id', 'in', [folder.id, ...subFolders.map((f) => f.id)])
    .orderBy('name')
    .execute();
  for (const layer of layers) {
    const block = await layerDeleteBlock(deps.db, layer, true);
    if (block) throw new AppError(403, 'Forbidden', FOLDER_DELETE_MSG[block], { layer: layer.name });
  }
  if (
    isFeatureFolder(
      folder.folder_type,
      layers.map((l) => l.server_name),
    ) &&
    confirm !== 'delete'
  )
    throw badRequest(PROJECT_MSG.folderConfirmDelete);
  await deps.db.transaction().execute(async (trx) => {
    await removeFolder(trx, caller, folder, { subFolders, layers });
  });
}
