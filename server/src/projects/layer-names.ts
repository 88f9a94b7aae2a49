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
