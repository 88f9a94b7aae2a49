import { sortedFields, type FolderOut, type LayerField, type ProjectOut } from '@fieldbook/domain';
import type { Selectable } from 'kysely';
import type { LayersTable, ProjectsTable } from '../db/schema.js';
import type { Executor } from '../db/types.js';
import { extentOut, rasterInfoOf } from '../rasters/raster-info.js';
import type { Caller } from '../http/context.js';
import { canCreate, canEdit, canView, folderChain, isAdminOf, projectChain, type ViewCheck } from './access.js';

export function presentLayer(l: Selectable<LayersTable>, sharedFolders: string[] = []) {
  return {
    sharedFolders,
    id: l.id,
    name: l.name,
    description: l.description,
    type: l.type,
    serverName: l.server_name,
    referenceId: l.reference_id,
    folderId: l.folder_id,
    projectId: l.project_id,
    isActive: l.is_active,
    readOnly: l.read_only,
    preferredMethod: l.preferred_method,
    mobilePreferredMethod: l.mobile_preferred_method,
    wfsStrategy: l.wfs_strategy,
    styles: l.style_id ? [{ id: l.style_id }] : [],
    zIndex: l.z_index,
    fields: sortedFields(l.fields as LayerField[]),
    ...rasterExtentOf(l),
  };
}

/** A raster layer carries its image's extent (EPSG:4326), so the map can zoom to it. */
function rasterExtentOf(l: Selectable<LayersTable>) {
  const raster = l.type === 'RASTER' ? rasterInfoOf(l.raster) : null;
  return raster ? { extent: extentOut(raster) } : {};
}

/**
 * Folders of two levels with their layers, only what the caller may view, sorted by name. Each layer
 * carries the caller's rights on it (layer → folder → project → organization), so the panel offers a
 * layer's edit, delete and field changes to exactly whom the server allows; none in a shared project.
 */
export async function loadFolders(
  db: Executor,
  caller: Caller,
  projectId: string,
  view: ViewCheck = (c) => canView(caller, c),
  shared = false,
): Promise<FolderOut[]> {
  const folders = await db
    .selectFrom('folders')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .execute();
  const layers = await db
    .selectFrom('layers')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('z_index')
    .orderBy('name')
    .execute();
  // Shares out of this project (they block deleting) and shares into it (shown read-only, spec 3 §3).
  const sharesOut = layers.length
    ? await db
        .selectFrom('layer_shares')
        .select(['layer_id', 'folder_id'])
        .where(
          'layer_id',
          'in',
          layers.map((l) => l.id),
        )
        .execute()
    : [];
  const sharesIn = await db
    .selectFrom('layer_shares')
    .innerJoin('layers', 'layers.id', 'layer_shares.layer_id')
    .selectAll('layers')
    .select(['layer_shares.folder_id as shared_into'])
    .where('layer_shares.project_id', '=', projectId)
    .orderBy('layers.name')
    .execute();
  const sharedTo = (id: string) => sharesOut.filter((s) => s.layer_id === id).map((s) => s.folder_id);
  type Node = Omit<FolderOut, 'folders'> & { folders: Node[] };
  const build = (parentId: string | null, level: number): Node[] =>
    folders
      .filter((f) => f.parent_id === parentId)
      .filter((f) => view(folderChain(projectId, f.parent_id ? [f.id, f.parent_id] : [f.id])))
      .map((f) => ({
        id: f.id,
        name: f.name,
        description: f.description,
        parentId: f.parent_id,
        projectId,
        folderType: f.folder_type,
        leadersEnabled: f.leaders_enabled,
        level,
        folders: level < 2 ? build(f.id, level + 1) : [],
        layers: layers
          .filter((l) => l.folder_id === f.id)
          .map((l) => ({
            l,
            chain: [
              { type: 'layer' as const, id: l.id },
              ...folderChain(projectId, f.parent_id ? [f.id, f.parent_id] : [f.id]),
            ],
          }))
          .filter(({ chain }) => view(chain))
          .map(({ l, chain }) => ({
            ...presentLayer(l, sharedTo(l.id)),
            abilities: shared
              ? { edit: false, admin: false }
              : { edit: canEdit(caller, chain), admin: isAdminOf(caller, chain) },
          })),
        sharedLayers: sharesIn
          .filter((l) => l.shared_into === f.id)
          .map(({ shared_into, ...l }) => ({
            ...presentLayer(l),
            readOnly: true,
            shared: true as const,
            sharedProjectId: projectId,
            sharedFolderId: shared_into,
          })),
      }));
  // Two levels only: a level-2 folder's own list is always empty.
  return build(null, 1) as FolderOut[];
}

/** A shared project (another organization's) is shown read-only with only the granted assets. */
export async function presentProject(
  db: Executor,
  caller: Caller,
  p: Selectable<ProjectsTable>,
  access: { shared?: boolean; view?: ViewCheck } = {},
): Promise<ProjectOut> {
  const site = p.site_id
    ? await db.selectFrom('sites').select(['id', 'name', 'wkt', 'proj']).where('id', '=', p.site_id).executeTakeFirst()
    : undefined;
  const chain = projectChain(p.id);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    dataDictionaryId: p.dictionary_id,
    organizationId: p.organization_id,
    ownerId: p.owner_id,
    createdDate: new Date(p.created_at).toISOString(),
    proj: site ?? null,
    geoidId: p.geoid_id,
    coordinate: p.coordinate,
    zoomLevel: p.zoom_level,
    folders: await loadFolders(db, caller, p.id, access.view, access.shared),
    abilities: access.shared
      ? { edit: false, admin: false, createFolder: false }
      : { edit: canEdit(caller, chain), admin: isAdminOf(caller, chain), createFolder: canCreate(caller, chain) },
  };
}
