import { useQuery } from '@tanstack/react-query';
import type { FeatureInput, FieldValue, Geometry, JoinPointsInput, LeaderInput, LeaderUpdate } from '@fieldbook/domain';
import { apiFetch } from './client';
import { useSession } from './session';

/** A feature as the server returns it: GeoJSON with the id "<kind>.<id>" (spec 3 §3). */
export interface FeatureOut {
  type: 'Feature';
  id: string;
  geometry: Geometry;
  properties: {
    layer_id: string;
    folder_id: string;
    project_id: string;
    dictionary_id: string | null;
    system_id: string | null;
    component_id: string | null;
    /** JSON text of the attribute list. */
    attributes: string;
    /** JSON text, or null. */
    metadata: string | null;
    created: string;
    modified: string;
    created_by_email?: string | null;
    modified_by_email?: string | null;
    ogc_fid: number;
    /** Values of the layer's typed fields by name, typed (a field without a value is absent). */
    fieldValues?: Record<string, FieldValue>;
    [key: string]: unknown;
  };
  /** What the caller may do to it (GET only): edit geometry and attributes, and delete. */
  abilities?: { edit: boolean; admin: boolean };
  isLeader?: boolean;
}

export interface FeatureCollectionOut {
  type: 'FeatureCollection';
  features: FeatureOut[];
}

export const featuresApi = {
  get: (id: string) => apiFetch<FeatureOut>(`/rest/features/${id}`),
  create: (body: FeatureInput) => apiFetch<FeatureOut>('/rest/features', { method: 'POST', body }),
  update: (body: FeatureInput & { id: string }) => apiFetch<FeatureOut>('/rest/features', { method: 'PUT', body }),
  remove: (id: string) => apiFetch<void>(`/rest/features/${id}`, { method: 'DELETE' }),

  // Line functions (spec 3 §7); vertex indexes count through every part of the line.
  removeVertex: (id: string, vertex: number) =>
    apiFetch<FeatureOut>(`/rest/features/fn/line/removevertex/collected/${id}/${vertex}`, { method: 'PUT' }),
  split: (id: string, vertex: number) =>
    apiFetch<{ features: [FeatureOut, FeatureOut] }>(`/rest/features/fn/line/split/${id}/${vertex}`, {
      method: 'POST',
    }),
  joinLines: (id1: string, id2: string) =>
    apiFetch<FeatureOut>(`/rest/features/fn/line/join/${id1}/${id2}`, { method: 'POST' }),
  joinPoints: (body: JoinPointsInput) =>
    apiFetch<FeatureOut>('/rest/features/fn/line/join/points', { method: 'POST', body }),

  // Leaders on the folders' leader layers.
  leaders: (projectId: string) => apiFetch<FeatureCollectionOut>('/rest/features/leaders', { query: { projectId } }),
  createLeader: (body: LeaderInput) => apiFetch<FeatureOut>('/rest/features/leaders', { method: 'POST', body }),
  updateLeader: (id: string, body: LeaderUpdate) =>
    apiFetch<FeatureOut>(`/rest/features/leaders/${id}`, { method: 'PUT', body }),
  removeLeader: (id: string) => apiFetch<void>(`/rest/features/leaders/${id}`, { method: 'DELETE' }),
};

/** Query keys carry the organization so switching organizations never shows another's cache. */
export const featureKeys = {
  all: (orgId: string | null) => ['features', orgId] as const,
  one: (orgId: string | null, id: string) => ['features', orgId, 'one', id] as const,
  leaders: (orgId: string | null, projectId: string) => ['features', orgId, 'leaders', projectId] as const,
};

export function useFeature(id: string | null | undefined) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: featureKeys.one(orgId, id ?? ''),
    queryFn: () => featuresApi.get(id!),
    enabled: !!id,
    retry: false,
  });
}

export function useLeaders(projectId: string | null | undefined) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: featureKeys.leaders(orgId, projectId ?? ''),
    queryFn: () => featuresApi.leaders(projectId!),
    enabled: !!projectId,
  });
}

/** The features under a map pixel in server-drawn (tile) layers of a project (spec 3 §7 POST geo/info). */
export interface FeaturesAtPixelInput {
  layerIds: string[];
  crs: 'EPSG:3857';
  bbox: [number, number, number, number];
  width: number;
  height: number;
  i: number;
  j: number;
  tolerance: number;
  featureCount: number;
}

export const featuresAtPixel = (projectId: string, body: FeaturesAtPixelInput) =>
  apiFetch<{ features: Array<{ id: string; layer_id: string }> }>(`/rest/projects/${projectId}/geo/info`, {
    method: 'POST',
    body,
  });
