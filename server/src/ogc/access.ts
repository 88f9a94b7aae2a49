import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { loadCaller, type Caller } from '../http/context.js';
import { unauthorized } from '../http/errors.js';
import { canView, folderChain, projectChain, readableProject } from '../projects/access.js';
import { layerSharedWithCaller } from '../projects/shared-access.js';
import { resolveClientKey } from '../clients/service.js';
import type { WfsLayer } from './wfs.js';

/** Layers with features (WFS, feature info), and the layers map images draw: raster layers too. */
export const FEATURE_LAYER_TYPES: readonly string[] = ['VECTOR'];
export const MAP_LAYER_TYPES: readonly string[] = ['VECTOR', 'RASTER'];

/**
 * Layers of a project (vector layers unless `types` says more) that the caller may view, optionally
 * just the one a layer path names (`.../folders/{folderId}/layers/{layerId}`): none when that layer is
 * not in that folder. Projects shared through an accepted organization grant are readable too
 * (readableProject decides), so WFS and WMS give the same read-only access.
 */
export async function viewableLayers(
  deps: Deps,
  caller: Caller,
  projectId: string,
  one?: { folderId: string; layerId: string },
  types = FEATURE_LAYER_TYPES,
): Promise<WfsLayer[]> {
  if (one) {
    const own = await ownViewableLayer(deps, caller, projectId, one, types);
    if (own) return [own];
  }
  const layerId = one?.layerId;
  if (
    one &&
    !(await deps.db
      .selectFrom('layers')
      .select('id')
      .where('id', '=', one.layerId)
      .where('folder_id', '=', one.folderId)
      .executeTakeFirst())
  )
    return [];
  // A layer shared into a folder the caller may view is readable from the target project (projects/shared-access).
  const shared = layerId ? await layerSharedWithCaller(deps.db, caller, projectId, layerId, types) : null;
  if (shared) return [shared];
  const { view } = await readableProject(deps.db, caller, projectId);
  let q = deps.db
    .selectFrom('layers')
    .innerJoin('folders', 'folders.id', 'layers.folder_id')
    .select(['layers.id', 'layers.name', 'layers.server_name', 'layers.folder_id', 'folders.parent_id'])
    .where('layers.project_id', '=', projectId)
    .where('layers.type', 'in', types)
    .where('layers.is_active', '=', true);
  if (layerId) q = q.where('layers.id', '=', layerId);
  const rows = await q.orderBy('layers.name').execute();
  return rows
    .filter((l) =>
      view([
        { type: 'layer', id: l.id },
        ...folderChain(projectId, l.parent_id ? [l.folder_id, l.parent_id] : [l.folder_id]),
      ]),
    )
    .map((l) => ({ id: l.id, name: l.name, kind: l.server_name }));
}

/**
 * The common case in one query: a layer of the caller's own organization that the caller may view.
 * Every map tile and WFS page asks this, so it is worth not taking the general path (shares, grants).
 * Null sends the caller down that path, which also gives every refusal.
 */
async function ownViewableLayer(
  deps: Deps,
  caller: Caller,
  projectId: string,
  one: { folderId: string; layerId: string },
  types: readonly string[],
): Promise<WfsLayer | null> {
  const row = await deps.db
    .selectFrom('layers')
    .innerJoin('folders', 'folders.id', 'layers.folder_id')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .select(['layers.id', 'layers.name', 'layers.server_name', 'layers.type', 'layers.is_active', 'folders.parent_id'])
    .where('layers.id', '=', one.layerId)
    .where('layers.folder_id', '=', one.folderId)
    .where('layers.project_id', '=', projectId)
    .where('projects.organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!row || !types.includes(row.type) || !row.is_active) return null;
  const folders = row.parent_id ? [one.folderId, row.parent_id] : [one.folderId];
  const visible =
    canView(caller, projectChain(projectId)) &&
    canView(caller, [{ type: 'layer', id: row.id }, ...folderChain(projectId, folders)]);
  return visible ? { id: row.id, name: row.name, kind: row.server_name } : null;
}

/** The client key of a request (`?key=` or `X-API-Key`), and the member it stands for; 401 otherwise. */
export async function clientKeyCaller(
  deps: Deps,
  req: FastifyRequest,
  params: Record<string, string>,
): Promise<{ caller: Caller; key: string }> {
  const key = params.key ?? req.headers['x-api-key'];
  const owner = typeof key === 'string' && key !== '' ? await resolveClientKey(deps, key) : null;
  if (!owner) throw unauthorized();
  const caller = await loadCaller(deps.db, owner.accountId, owner.organizationId).catch(() => null);
  if (!caller || !caller.isActive) throw unauthorized();
  return { caller, key: String(key) };
}
