import type { FolderOut, ProjectOut } from '@fieldbook/domain';

/**
 * Walks of a project's two-level folder tree. Type-only imports, so the WFS loading worker
 * (map/layers/wfs-worker.ts) reads project details with them without the app's modules.
 */
type Project = ProjectOut;
type Folder = FolderOut;
type Layer = FolderOut['layers'][number];

/** Every layer of a project's two-level tree, in tree order. */
export function allLayers(project: Pick<Project, 'folders'> | undefined): Layer[] {
  if (!project) return [];
  // Layers shared into the project's folders are drawn too (read-only, spec 3 §3).
  return project.folders.flatMap((f) => [
    ...f.layers,
    ...(f.sharedLayers ?? []),
    ...f.folders.flatMap((s) => [...s.layers, ...(s.sharedLayers ?? [])]),
  ]);
}

/** Every folder of a project's tree (both levels). */
export function allFolders(project: Pick<Project, 'folders'> | undefined): Folder[] {
  if (!project) return [];
  return project.folders.flatMap((f) => [f, ...(f.folders as Folder[])]);
}

/** The WFS/WMS base path of a layer (spec 3 §7 map services). */
export const layerServicePath = (l: Pick<Layer, 'projectId' | 'folderId' | 'id'>, service: 'wfs' | 'wms') =>
  `/rest/projects/${l.projectId}/folders/${l.folderId}/layers/${l.id}/geo/${service}`;
