import type { Executor } from '../db/types.js';

/**
 * Whether the folder has a layer of that name, ignoring case (spec 3 §5: layer names are unique in a
 * folder), other than `exceptId`. `db` may be a transaction: the check and the write then go together.
 */
export async function layerNameTaken(db: Executor, folderId: string, name: string, exceptId?: string) {
  let q = db
    .selectFrom('layers')
    .select('id')
    .where('folder_id', '=', folderId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Whether a folder of that name (ignoring case) is among the siblings under `parentId` (spec 3 §5). */
export async function siblingNameTaken(
  db: Executor,
  projectId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
) {
  let q = db
    .selectFrom('folders')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  q = parentId ? q.where('parent_id', '=', parentId) : q.where('parent_id', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}
