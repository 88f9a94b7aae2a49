import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import { useSession } from './session';

/** Site calibrations and the coordinate system service of spec 2 §3 and §7. */
export interface Site {
  id: string;
  name: string;
  wkt: string;
  proj: string | null;
}

export interface CrsOption {
  name: string;
  epsg: number;
  wkt: string;
}

/** A project as the site and client lists read it: `proj.id` is the assigned calibration. */
export interface ProjectSummary {
  id: string;
  name: string;
  dataDictionaryId: string | null;
  proj: { id: string } | null;
}

export interface SiteInput {
  name: string;
  wkt: string;
  proj: string | null;
}

export const siteKeys = {
  all: (orgId: string | null) => ['sites', orgId] as const,
  list: (orgId: string | null) => ['sites', orgId, 'list'] as const,
  crs: (query: string) => ['crs', 'search', query] as const,
  projects: (orgId: string | null) => ['projects', orgId, 'summaries'] as const,
};

export const sitesApi = {
  list: () => apiFetch<Site[]>('/rest/site'),
  create: (body: SiteInput) => apiFetch<Site>('/rest/site', { method: 'POST', body }),
  update: (body: SiteInput & { id: string }) => apiFetch<Site>('/rest/site', { method: 'PUT', body }),
  remove: (id: string) => apiFetch<void>(`/rest/site/${id}`, { method: 'DELETE' }),
  searchCrs: (query: string) => apiFetch<CrsOption[]>('/rest/crs', { query: { query: query || undefined } }),
  crs: (epsg: number) => apiFetch<CrsOption>(`/rest/crs/${epsg}`),
  projects: () => apiFetch<ProjectSummary[]>('/rest/projects/summaries'),
};

const useOrgId = () => useSession((s) => s.orgId);

export function useSites(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: siteKeys.list(orgId), queryFn: sitesApi.list, enabled });
}

export function useProjectSummaries(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: siteKeys.projects(orgId), queryFn: sitesApi.projects, enabled });
}

/** Coordinate systems by code or name (the caller debounces the text, 200 ms). */
export function useCrsSearch(query: string, enabled: boolean) {
  return useQuery({
    queryKey: siteKeys.crs(query),
    queryFn: () => sitesApi.searchCrs(query),
    enabled,
    staleTime: 5 * 60_000,
  });
}

function useSiteMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const orgId = useOrgId();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: siteKeys.all(orgId) }),
        client.invalidateQueries({ queryKey: siteKeys.projects(orgId) }),
      ]),
  });
}

export const useCreateSite = () => useSiteMutation(sitesApi.create);
export const useUpdateSite = () => useSiteMutation(sitesApi.update);
export const useDeleteSite = () => useSiteMutation(sitesApi.remove);
