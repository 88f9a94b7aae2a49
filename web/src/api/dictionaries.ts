import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictionaryOut, Member } from '@fieldbook/domain';
import { apiFetch } from './client';
import { useSession } from './session';

/** Data dictionary calls of spec 2 §7 (dictionaries, systems, components, attributes, pick lists). */

export type Dictionary = DictionaryOut;
export type DictionarySummary = Omit<DictionaryOut, 'systems' | 'pickLists'>;
export type DictSystem = DictionaryOut['systems'][number];
export type DictComponent = DictSystem['components'][number];
export type DictAttribute = DictComponent['attributes'][number];
export type PickList = DictionaryOut['pickLists'][number];
export type PickListValue = PickList['values'][number];

/** Where a pick list is used: one attribute of a component of a system. */
export interface PickListUse {
  attribute: string;
  component: string;
  system: string;
}
export type PickListWithUsage = PickList & { usedBy: PickListUse[] };

export interface ProjectSummary {
  id: string;
  name: string;
  dataDictionaryId: string | null;
}

export interface SymbolItem {
  id: string;
  name: string;
  format: string;
  symbolUrl: string | null;
}

export interface ReorderItem {
  id: string;
  order: number;
}

export interface SystemBody {
  name: string;
  color: string;
  dictionaryId: string;
}

export interface ComponentBody {
  systemId: string;
  componentTypeId: number;
  alias: string;
  attributeIdList: string[];
  componentStyling: boolean;
  style?: string | null;
}

export interface AttributeBody {
  typeId: number;
  name: string;
  defaultValue: string | null;
  pickListId: string | null;
  required: boolean;
  order?: number;
}

export interface PickListBody {
  name: string;
  values: { id?: string; value: string; label?: string; order?: number }[];
  isGlobal: boolean;
  organizationId?: string | null;
  dictionaryId?: string | null;
}

const json = (method: 'POST' | 'PUT', body: unknown) => ({ method, body });

export const dictionariesApi = {
  list: () => apiFetch<DictionarySummary[]>('/rest/dictionaries', { query: { flat: true } }),
  get: (id: string) =>
    apiFetch<Dictionary>(`/rest/dictionaries/${id}`, { query: { includeGlobalPickListsOnAttributes: false } }),
  copy: (sourceId: string, name: string) =>
    apiFetch<Dictionary>(`/rest/dictionaries/copy/${sourceId}`, json('POST', { name, isReadonly: false })),
  rename: (id: string, name: string) => apiFetch<Dictionary>('/rest/dictionaries', json('PUT', { id, name })),
  remove: (id: string) => apiFetch<void>(`/rest/dictionaries/${id}`, { method: 'DELETE' }),
  reorderSystems: (id: string, items: ReorderItem[]) =>
    apiFetch<Dictionary>(`/rest/dictionaries/${id}/reorderSystems`, json('PUT', items)),

  createSystem: (body: SystemBody) => apiFetch<DictSystem>('/rest/systems', json('POST', body)),
  updateSystem: (id: string, body: { id: string; dictionaryId: string; name?: string; color?: string }) =>
    apiFetch<DictSystem>(`/rest/systems/${id}`, json('PUT', body)),
  deleteSystem: (id: string) => apiFetch<void>(`/rest/systems/${id}`, { method: 'DELETE' }),
  reorderComponents: (systemId: string, items: ReorderItem[]) =>
    apiFetch<DictSystem>(`/rest/systems/${systemId}/reorderComponents`, json('PUT', items)),

  createComponent: (body: ComponentBody) => apiFetch<DictComponent>('/rest/components', json('POST', body)),
  updateComponent: (id: string, body: Partial<ComponentBody> & { id: string }) =>
    apiFetch<DictComponent>(`/rest/components/${id}`, json('PUT', body)),
  deleteComponent: (id: string) => apiFetch<void>(`/rest/components/${id}`, { method: 'DELETE' }),
  copyComponent: (id: string, name: string) =>
    apiFetch<DictComponent>(`/rest/components/${id}/copy`, { method: 'POST', query: { name } }),

  createAttribute: (body: AttributeBody) => apiFetch<DictAttribute>('/rest/component-attributes', json('POST', body)),
  updateAttribute: (id: string, body: AttributeBody & { id: string }) =>
    apiFetch<DictAttribute>(`/rest/component-attributes/${id}`, json('PUT', body)),
  indexAttributes: (componentId: string, attributes: { id: string; name: string; typeId: number }[]) =>
    apiFetch<unknown>('/rest/component-attributes/search-index', json('POST', { componentId, attributes })),

  pickLists: (dictionaryId: string) => apiFetch<PickListWithUsage[]>(`/rest/pick-lists/list/${dictionaryId}`),
  /** `manager` applies the manager's shorter value limit (64 instead of 96). */
  createPickList: (body: PickListBody, manager = false) =>
    apiFetch<PickList>('/rest/pick-lists', { ...json('POST', body), query: { manager: manager || undefined } }),
  updatePickList: (id: string, body: PickListBody & { id: string }, manager = false) =>
    apiFetch<PickList>(`/rest/pick-lists/${id}`, { ...json('PUT', body), query: { manager: manager || undefined } }),
  deletePickList: (id: string) => apiFetch<void>(`/rest/pick-lists/${id}`, { method: 'DELETE' }),

  projectSummaries: () => apiFetch<ProjectSummary[]>('/rest/projects/summaries'),
  searchSymbols: (search: string) =>
    apiFetch<{ data: SymbolItem[]; page: number; totalCount: number }>('/rest/symbols/paged', {
      query: {
        search: search.trim() || undefined,
        page: 0,
        pageSize: 10,
        cacheBuster: Math.random().toString(36).slice(2),
      },
    }),
  member: (id: string) => apiFetch<Member>(`/rest/accounts/${id}`),
};

/** Query keys carry the selected organization so switching it refetches. */
export const dictionaryKeys = {
  all: (orgId: string | null) => ['dictionaries', orgId] as const,
  list: (orgId: string | null) => ['dictionaries', orgId, 'list'] as const,
  one: (orgId: string | null, id: string) => ['dictionaries', orgId, 'one', id] as const,
  pickLists: (orgId: string | null, id: string) => ['dictionaries', orgId, 'pick-lists', id] as const,
  projects: (orgId: string | null) => ['dictionaries', orgId, 'projects'] as const,
  symbols: (orgId: string | null, search: string) => ['dictionaries', orgId, 'symbols', search] as const,
  member: (orgId: string | null, id: string) => ['dictionaries', orgId, 'member', id] as const,
};

const useOrgId = () => useSession((s) => s.orgId);

export function useDictionaries() {
  const orgId = useOrgId();
  return useQuery({ queryKey: dictionaryKeys.list(orgId), queryFn: dictionariesApi.list });
}

export function useDictionary(id: string | undefined) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: dictionaryKeys.one(orgId, id ?? ''),
    queryFn: () => dictionariesApi.get(id as string),
    enabled: Boolean(id),
    retry: false,
  });
}

export function usePickLists(dictionaryId: string | undefined, enabled = true) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: dictionaryKeys.pickLists(orgId, dictionaryId ?? ''),
    queryFn: () => dictionariesApi.pickLists(dictionaryId as string),
    enabled: Boolean(dictionaryId) && enabled,
  });
}

export function useProjectSummaries() {
  const orgId = useOrgId();
  return useQuery({ queryKey: dictionaryKeys.projects(orgId), queryFn: dictionariesApi.projectSummaries });
}

export function useSymbolSearch(search: string, enabled: boolean) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: dictionaryKeys.symbols(orgId, search),
    queryFn: () => dictionariesApi.searchSymbols(search),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Who changed the dictionary last: only users who may see members get the address; others see the date only. */
export function useMemberEmail(accountId: string | null | undefined, allowed: boolean) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: dictionaryKeys.member(orgId, accountId ?? ''),
    queryFn: () => dictionariesApi.member(accountId as string),
    enabled: Boolean(accountId) && allowed,
    retry: false,
    staleTime: 5 * 60_000,
    select: (m) => m.email,
  });
}

/** Every dictionary query (lists, trees, pick lists) is read again after a change. */
export function useInvalidateDictionaries() {
  const client = useQueryClient();
  const orgId = useOrgId();
  return () => client.invalidateQueries({ queryKey: dictionaryKeys.all(orgId) });
}

/** A mutation that refreshes the dictionary queries afterwards, whatever the outcome. */
export function useDictionaryMutation<A, R>(fn: (args: A) => Promise<R>) {
  const invalidate = useInvalidateDictionaries();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate() });
}
