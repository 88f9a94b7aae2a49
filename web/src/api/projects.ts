import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FolderOut, LayerField, LayerFieldInput, ProjectOut } from '@fieldbook/domain';
import { apiFetch } from './client';
import { useSession } from './session';

/** Projects, folders and layers of spec 3 §7 as the map screen reads them. */
export type Project = ProjectOut;
export type Folder = FolderOut;
export type Layer = FolderOut['layers'][number];
// The tree walks are pure (type-only imports), so the loading worker uses them too.
export { allFolders, allLayers, layerServicePath } from './project-tree';

export interface LayerExtent {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
  /** Features in the layer (POST /rest/projects/layerExtents gives it). */
  count?: number;
  /** Ids of the dictionary systems its features belong to (the legend lists these). */
  systems?: string[];
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

/** A layer shown read-only in a folder of another project (spec 3 §3 sharedLayers). */
export type SharedLayer = NonNullable<Folder['sharedLayers']>[number];

export interface ProjectInput {
  name: string;
  description?: string | null;
  dataDictionaryId: string;
  organizationId?: string;
}
export interface ProjectUpdate extends ProjectInput {
  id: string;
  coordinate?: string | null;
  zoomLevel?: number | null;
  proj?: { id: string } | null;
  geoidId?: string | null;
}
export interface FolderInput {
  name: string;
  description?: string | null;
  parentId?: string | null;
  folderType?: '0' | 'features';
}
export interface LayerUpdate {
  id: string;
  name: string;
  description?: string | null;
  preferredMethod?: string;
  readOnly?: boolean;
  styles?: Array<{ id: string }>;
  /** The whole new field list; an entry's previousName renames that stored field (absent: fields unchanged). */
  fields?: LayerFieldInput[];
}
export interface Geoid {
  GeoidID: string;
  GeoidName: string;
}
export type DataOrganizationBody =
  | {
      scenario: 'MOVE_FEATURES_TO_LAYER';
      projectId: string;
      folderId: string;
      layerId: string;
      sourceLayerId: string;
      ogc_fid: string[];
    }
  | {
      scenario: 'MOVE_FOLDER_AS_SUBFOLDER';
      projectId: string;
      folderId: string;
      subFolderId: string;
      importedLayerIds?: string[];
    }
  | { scenario: 'MOVE_FOLDER_TO_PROJECT'; projectId: string; folderId: string; importedLayerIds?: string[] }
  | { scenario: 'MOVE_LAYER_TO_FOLDER'; projectId: string; folderId: string; layerId: string };
export interface DataOrganizationResult {
  movedLayerIds: string[];
  movedFeatures: number;
  projectIds: string[];
}
export interface ServiceStoreInput {
  capabilitiesURL: string;
  username: string;
  password: string;
}

const folders = (projectId: string) => `/rest/projects/${projectId}/folders`;

/** Writes of the project panel (spec 3 §7 projects, folders, layers, data organization). */
export const projectWrites = {
  create: (body: ProjectInput) => apiFetch<Project>('/rest/projects', { method: 'POST', body }),
  update: (body: ProjectUpdate) => apiFetch<Project>('/rest/projects', { method: 'PUT', body }),
  remove: (id: string) => apiFetch<void>(`/rest/projects/${id}`, { method: 'DELETE' }),
  createFolder: (projectId: string, body: FolderInput) =>
    apiFetch<Folder>(folders(projectId), { method: 'POST', body }),
  addFeatureFolder: (projectId: string, name: string) =>
    apiFetch<Folder>(`/rest/projects/${projectId}/addFeatureFolder`, { method: 'POST', body: { name } }),
  updateFolder: (projectId: string, body: FolderInput & { id: string }) =>
    apiFetch<Folder>(`${folders(projectId)}/`, { method: 'PUT', body }),
  removeFolder: (projectId: string, id: string, confirm?: string) =>
    apiFetch<void>(`${folders(projectId)}/${id}`, { method: 'DELETE', query: { confirm } }),
  createLayer: (
    projectId: string,
    folderId: string,
    body: { name: string; description?: string | null; fields?: LayerField[] },
  ) => apiFetch<Layer>(`${folders(projectId)}/${folderId}/layers`, { method: 'POST', body }),
  updateLayer: (projectId: string, folderId: string, body: LayerUpdate, stylesUpdated: boolean) =>
    apiFetch<Layer>(`${folders(projectId)}/${folderId}/layers`, {
      method: 'PUT',
      body,
      query: { stylesUpdated: stylesUpdated ? 'true' : undefined },
    }),
  removeLayer: (projectId: string, folderId: string, id: string) =>
    apiFetch<void>(`${folders(projectId)}/${folderId}/layers/${id}`, { method: 'DELETE' }),
  organize: (body: DataOrganizationBody) =>
    apiFetch<DataOrganizationResult>('/rest/data-organization', { method: 'POST', body }),
  /** `replaceFolderId`: the folder whose share of the layer this one replaces, in the same server transaction. */
  share: (folderId: string, layerId: string, replaceFolderId?: string) =>
    apiFetch<unknown>(`/rest/projects/share/${folderId}/${layerId}`, {
      method: 'POST',
      query: { replace: replaceFolderId },
    }),
  unshare: (folderId: string, layerId: string) =>
    apiFetch<void>(`/rest/projects/share/${folderId}/${layerId}`, { method: 'DELETE' }),
  addStore: (projectId: string, kind: 'wms' | 'wmts', store: ServiceStoreInput) =>
    apiFetch<Folder>(`/rest/projects/${projectId}/${kind}store`, {
      method: 'POST',
      body: kind === 'wms' ? { wmsStore: store } : { wmtsStore: store },
    }),
  removeStore: (projectId: string, storeId: string) =>
    apiFetch<void>(`/rest/projects/${projectId}/store/${storeId}`, { method: 'DELETE' }),
  geoids: (projectId: string) => apiFetch<Geoid[]>('/rest/geoid', { query: { projectId } }),
};

/** After a write: every project query of the organization refetches (the tree is part of each project). */
export function useInvalidateProjects() {
  const queryClient = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.all(orgId) });
}

export function useGeoids(projectId: string | null, enabled: boolean) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: ['geoids', orgId, projectId],
    queryFn: () => projectWrites.geoids(projectId!),
    enabled: enabled && !!projectId,
    staleTime: 3_600_000,
  });
}

/** Whether an organization functionality flag is on (`true` or `{ enabled: true }`), as the server reads it. */
export function orgFlag(flags: unknown, name: string): boolean {
  const value = (flags as Record<string, unknown> | undefined)?.[name];
  if (value && typeof value === 'object') return (value as { enabled?: boolean }).enabled === true;
  return value === true;
}
