import type { FeatureInput, Geometry } from '@fieldbook/domain';
import { apiFetch } from './client';

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
    [key: string]: unknown;
  };
}

export const featuresApi = {
  get: (id: string) => apiFetch<FeatureOut>(`/rest/features/${id}`),
  create: (body: FeatureInput) => apiFetch<FeatureOut>('/rest/features', { method: 'POST', body }),
  update: (body: FeatureInput & { id: string }) => apiFetch<FeatureOut>('/rest/features', { method: 'PUT', body }),
  remove: (id: string) => apiFetch<void>(`/rest/features/${id}`, { method: 'DELETE' }),
};
