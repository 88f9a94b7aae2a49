import { useQuery } from '@tanstack/react-query';
import type { FolderOut, ProjectOut } from '@fieldbook/domain';
import { apiFetch } from './client';
import { useSession } from './session';

/** Projects, folders and layers of spec 3 §7 as the map screen reads them. */
export type Project = ProjectOut;
export type Folder = FolderOut;
export type Layer = FolderOut['layers'][number];

export interface LayerExtent {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

/** Query keys carry the organization so switching organizations never shows another's cache. */
export const projectKeys = {
  all: (orgId: string | null) => ['projects', orgId] as const,
  list: (orgId: string | null) => ['projects', orgId, 'list'] as const,
  one: (orgId: string | null, id: string) => ['projects', orgId, 'one', id] as const,
  extents: (orgId: string | null, ids: string[]) => ['projects', orgId, 'extents', ...ids] as const,
};

export const projectsApi = {
  list: () => apiFetch<Project[]>('/rest/projects'),
  get: (id: string) => apiFetch<Project>(`/rest/projects/${id}`),
  layerExtents: (layerIds: string[]) =>
    apiFetch<Record<string, LayerExtent | null>>('/rest/projects/layerExtents', { method: 'POST', body: { layerIds } }),
  layerExtent: (id: string) => apiFetch<LayerExtent>(`/rest/projects/layerExtent/${id}`),
};

export function useProjects(enabled = true) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({ queryKey: projectKeys.list(orgId), queryFn: projectsApi.list, enabled });
}

export function useProject(id: string | null | undefined) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({ queryKey: projectKeys.one(orgId, id ?? ''), queryFn: () => projectsApi.get(id!), enabled: !!id });
}

/** Every layer of a project's two-level tree, in tree order. */
export function allLayers(project: Pick<Project, 'folders'> | undefined): Layer[] {
  if (!project) return [];
  return project.folders.flatMap((f) => [...f.layers, ...f.folders.flatMap((s) => s.layers)]);
}

/** Every folder of a project's tree (both levels). */
export function allFolders(project: Pick<Project, 'folders'> | undefined): Folder[] {
  if (!project) return [];
  return project.folders.flatMap((f) => [f, ...(f.folders as Folder[])]);
}

/** The WFS/WMS base path of a layer (spec 3 §7 map services). */
export const layerServicePath = (l: Pick<Layer, 'projectId' | 'folderId' | 'id'>, service: 'wfs' | 'wms') =>
  `/rest/projects/${l.projectId}/folders/${l.folderId}/layers/${l.id}/geo/${service}`;
