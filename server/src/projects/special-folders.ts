import type { Executor } from '../db/types.js';

/**
 * The project's top-level folder of a special type (1 one-call, 2 forms), created on first use with
 * the first of `names` no sibling uses (folder names are unique among siblings).
 */
export async function specialFolder(
  db: Executor,
  projectId: string,
  folderType: string,
  names: readonly string[],
): Promise<string> {
  const existing = await db
    .selectFrom('folders')
    .select('id')
    .where('project_id', '=', projectId)
    .where('folder_type', '=', folderType)
    .where('parent_id', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  if (existing) return existing.id;
  const taken = await db
    .selectFrom('folders')
    .select('name')
    .where('project_id', '=', projectId)
    .where('parent_id', 'is', null)
    .execute();
  const used = new Set(taken.map((f) => f.name.toLowerCase()));
  const name = names.find((n) => !used.has(n.toLowerCase())) ?? `${names[0]} ${Date.now()}`;
  const row = await db
    .insertInto('folders')
    .values({ project_id: projectId, parent_id: null, name, description: null, folder_type: folderType })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
