import { FOLDER_TYPES, MOVE_MSG } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { isAdminOf, projectChain } from '../projects/access.js';

/** Folders that take part in moves: normal and feature folders; special and external ones stay put (spec 3 §5). */
export const MOVABLE_FOLDER_TYPES: string[] = [FOLDER_TYPES.normal, FOLDER_TYPES.features];

/** A project of the caller's organization the caller administers; another organization's is not found. */
export async function adminProject(
  db: Executor,
  caller: Caller,
  projectId: string,
  notFoundMsg: string,
  permissionMsg: string,
) {
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!project) throw notFound(notFoundMsg);
  if (!isAdminOf(caller, projectChain(project.id))) throw forbidden(permissionMsg);
  return project;
}

export async function folderIn(db: Executor, projectId: string, folderId: string, notFoundMsg: string) {
  const folder = await db
    .selectFrom('folders')
    .selectAll()
    .where('id', '=', folderId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!folder) throw notFound(notFoundMsg);
  return folder;
}

/** A layer of the caller's organization with its project. */
export async function layerInOrg(db: Executor, caller: Caller, layerId: string, notFoundMsg: string) {
  const layer = await db
    .selectFrom('layers')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .selectAll('layers')
    .select(['projects.dictionary_id as project_dictionary_id'])
    .where('layers.id', '=', layerId)
    .where('projects.organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!layer) throw notFound(notFoundMsg);
  return layer;
}

export async function folderInOrg(db: Executor, caller: Caller, folderId: string, notFoundMsg: string) {
  const folder = await db
    .selectFrom('folders')
    .innerJoin('projects', 'projects.id', 'folders.project_id')
    .selectAll('folders')
    .where('folders.id', '=', folderId)
    .where('projects.organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!folder) throw notFound(notFoundMsg);
  return folder;
}

/** Moves between projects need the same data dictionary on both sides (spec 3 §5). */
export function sameDictionary(a: { dictionary_id: string }, b: { dictionary_id: string }) {
  if (a.dictionary_id !== b.dictionary_id) throw badRequest(MOVE_MSG.dictionaryMismatch);
}

export async function nameTakenAmongFolders(
  db: Executor,
  projectId: string,
  parentId: string | null,
  name: string,
  exceptId: string,
) {
  let q = db
    .selectFrom('folders')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '<>', exceptId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  q = parentId ? q.where('parent_id', '=', parentId) : q.where('parent_id', 'is', null);
  return !!(await q.executeTakeFirst());
}
