import { MSG, isUuid, type PermissionEntry } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { notFound } from '../http/errors.js';

/**
 * Ids a request names besides its main resource (a project of a style, the dictionaries to repackage,
 * the assets of a grant, …) are checked against the caller's organization before they are used or
 * stored. A foreign id and an unknown one get the same 404, so the answer never tells another
 * organization's ids from ids that do not exist.
 */

/** Tables whose rows carry their organization. */
type OrganizationTable = 'projects' | 'dictionaries' | 'symbols' | 'styles' | 'forms' | 'sites';

/** Every id in `ids` is a row of `table` belonging to `organizationId`; otherwise 404 with `message`. */
export async function requireOwnRows(
  db: Executor,
  table: OrganizationTable,
  ids: readonly string[],
  organizationId: string,
  message: string = MSG.notFound,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  // The tables share the two columns read here; one of them stands in for the type checker.
  const rows = await db
    .selectFrom(table as 'projects')
    .select('id')
    .where('id', 'in', wanted)
    .where('organization_id', '=', organizationId)
    .execute();
  if (rows.length !== wanted.length) throw notFound(message);
}

type CheckedAsset = 'project' | 'folder' | 'layer' | 'feature';
const WELL_FORMED: Record<CheckedAsset, (id: string) => boolean> = {
  project: isUuid,
  folder: isUuid,
  layer: isUuid,
  feature: (id) => /^\d{1,18}$/.test(id),
};

const ASSET_TABLES: Record<CheckedAsset, string> = {
  project: 'projects',
  folder: 'folders',
  layer: 'layers',
  feature: 'features',
};

/** How many of `ids` (well-formed, distinct) are assets of that type in the organization's projects. */
async function countAssets(db: Executor, organizationId: string, type: CheckedAsset, ids: string[]): Promise<number> {
  const project = sql.ref(type === 'project' ? 't.id' : 't.project_id');
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ${sql.table(ASSET_TABLES[type])} t JOIN projects p ON p.id = ${project}
    WHERE t.id IN (${sql.join(ids)}) AND p.organization_id = ${organizationId}`.execute(db);
  return rows[0].n;
}

/**
 * The assets permission entries name (a grant's list): '*', or the organization itself, or its own
 * projects, folders, layers and features. Other asset types take only '*'.
 */
export async function requireOwnAssets(
  db: Executor,
  organizationId: string,
  entries: readonly PermissionEntry[],
): Promise<void> {
  const named = (type: PermissionEntry['assetTypeName']) => [
    ...new Set(entries.filter((e) => e.assetTypeName === type && e.assetId !== '*').map((e) => e.assetId)),
  ];
  if (named('organization').some((id) => id !== organizationId)) throw notFound();
  for (const type of Object.keys(WELL_FORMED) as CheckedAsset[]) {
    const ids = named(type);
    if (!ids.length) continue;
    if (!ids.every(WELL_FORMED[type]) || (await countAssets(db, organizationId, type, ids)) !== ids.length)
      throw notFound();
  }
  if (
    entries.some((e) => e.assetId !== '*' && !['organization', ...Object.keys(WELL_FORMED)].includes(e.assetTypeName))
  )
    throw notFound();
}
