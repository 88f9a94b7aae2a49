import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  FieldValuesResponse,
  LayerCountsResponse,
  SearchFilter,
  SearchMappingResponse,
  SearchResponse,
  SuggestionsResponse,
} from '@fieldbook/domain';
import { useCurrentAccount } from './accounts';
import { apiFetch } from './client';
import { useSession } from './session';

/**
 * The search service of spec 3 §7 (`/search/features/...`). Every query is keyed by the organization,
 * so switching organizations searches again.
 */
export interface SearchBody {
  search?: string;
  projectId?: string;
  layerId?: string;
  filters?: SearchFilter[];
  hasPhotos?: boolean;
  hasFiles?: boolean;
  hasForms?: boolean;
  page?: number;
  pageSize?: number;
  orderBy?: string;
  orderDirection?: 'asc' | 'desc';
}

/** The organization a search runs in: the one selected, else the account's. */
export function useSearchOrganization(): string | null {
  const selected = useSession((s) => s.orgId);
  const own = useCurrentAccount().data?.organization.id ?? null;
  return selected ?? own;
}

export const searchApi = {
  search: (orgId: string, body: SearchBody) =>
    apiFetch<SearchResponse>(`/search/features/${orgId}`, { method: 'POST', body }),
  layerCounts: (body: SearchBody) =>
    apiFetch<LayerCountsResponse>('/search/features/agg/fields', { method: 'POST', body }),
  mappings: (orgId: string, layerId: string) =>
    apiFetch<SearchMappingResponse>(`/search/features/mappings/${orgId}`, { query: { layerId } }),
  fieldValues: (orgId: string, layerId: string, body: SearchBody & { field: string; prefix?: string; size?: number }) =>
    apiFetch<FieldValuesResponse>(`/search/features/agg/fieldvalues/${orgId}`, {
      method: 'POST',
      query: { layerId },
      body,
    }),
  suggestions: (body: { search: string; projectId?: string; layerId?: string }) =>
    apiFetch<SuggestionsResponse>('/search/features/agg/suggestions', { method: 'POST', body }),
};

export const searchKeys = {
  all: ['search'] as const,
  page: (orgId: string | null, body: SearchBody) => ['search', 'page', orgId, body] as const,
  counts: (orgId: string | null, body: SearchBody) => ['search', 'counts', orgId, body] as const,
  mappings: (orgId: string | null, layerId: string) => ['search', 'mappings', orgId, layerId] as const,
  values: (orgId: string | null, layerId: string, field: string, prefix: string) =>
    ['search', 'values', orgId, layerId, field, prefix] as const,
  suggestions: (orgId: string | null, body: object) => ['search', 'suggestions', orgId, body] as const,
};

/** One page of one layer's hits; the previous page stays shown while the next loads. */
export function useSearchPage(body: SearchBody, enabled: boolean) {
  const orgId = useSearchOrganization();
  return useQuery({
    queryKey: searchKeys.page(orgId, body),
    queryFn: () => searchApi.search(orgId!, body),
    enabled: enabled && !!orgId,
    placeholderData: keepPreviousData,
  });
}

/** Matches per layer of the project. */
export function useLayerCounts(body: SearchBody, enabled: boolean) {
  const orgId = useSearchOrganization();
  return useQuery({
    queryKey: searchKeys.counts(orgId, body),
    queryFn: () => searchApi.layerCounts(body),
    enabled: enabled && !!orgId,
    placeholderData: keepPreviousData,
  });
}

/** A layer's searchable columns and their types. */
export function useLayerMapping(layerId: string | null) {
  const orgId = useSearchOrganization();
  return useQuery({
    queryKey: searchKeys.mappings(orgId, layerId ?? ''),
    queryFn: async () => (await searchApi.mappings(orgId!, layerId!))[layerId!] ?? null,
    enabled: !!orgId && !!layerId,
    staleTime: 60_000,
  });
}

/** A field's commonest values (the filter popover's choices), narrowed by what is typed. */
export function useFieldValues(layerId: string, field: string | null, prefix: string) {
  const orgId = useSearchOrganization();
  return useQuery({
    queryKey: searchKeys.values(orgId, layerId, field ?? '', prefix),
    queryFn: () => searchApi.fieldValues(orgId!, layerId, { field: field!, prefix: prefix || undefined, size: 20 }),
    enabled: !!orgId && !!field,
    staleTime: 30_000,
  });
}

/** Values completing the search box's text. */
export function useSuggestions(text: string, projectId: string | null, layerId: string | null) {
  const orgId = useSearchOrganization();
  const body = { search: text, projectId: projectId ?? undefined, layerId: layerId ?? undefined };
  return useQuery({
    queryKey: searchKeys.suggestions(orgId, body),
    queryFn: () => searchApi.suggestions(body),
    enabled: !!orgId && text.trim().length >= 2,
    staleTime: 30_000,
  });
}
