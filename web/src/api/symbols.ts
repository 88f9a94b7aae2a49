import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type Member } from '@fieldbook/domain';
import { ApiError, apiFetch } from './client';
import { useSession } from './session';

/** Symbols (marker images) of spec 2 §3 and §7. */
export interface SymbolItem {
  id: string;
  name: string;
  format: 'png' | 'jpg' | 'gif' | null;
  originalName: string | null;
  /** Already cache-busted by the last change (`?v=`); null until an image was uploaded. */
  symbolUrl: string | null;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
}

export interface SavedSymbol extends SymbolItem {
  postUrl: string | null;
  dictionaryIDsUsing: string[];
}

export interface SymbolPage {
  data: SymbolItem[];
  page: number;
  totalCount: number;
}

export type SymbolSort = 'name' | 'format' | 'updatedAt';

export interface SymbolQuery {
  page: number;
  pageSize: number;
  sort: SymbolSort;
  order: 'asc' | 'desc';
  search?: string;
}

export const symbolKeys = {
  all: (orgId: string | null) => ['symbols', orgId] as const,
  page: (orgId: string | null, q: SymbolQuery) => ['symbols', orgId, 'page', q] as const,
  usage: (orgId: string | null, id: string) => ['symbols', orgId, 'usage', id] as const,
};

export const symbolsApi = {
  paged: (q: SymbolQuery) =>
    apiFetch<SymbolPage>('/rest/symbols/paged', {
      query: { ...q, search: q.search || undefined, cacheBuster: Math.random().toString(36).slice(2) },
    }),
  nameExists: (name: string, excludeID?: string) =>
    apiFetch<{ exists: boolean }>('/rest/symbols/name/exists', { query: { name, excludeID } }),
  countUsage: (id: string) => apiFetch<{ count: number }>(`/rest/symbols/countComponentUsage/${id}`),
  create: (body: { name: string; originalName: string; size: number }) =>
    apiFetch<SavedSymbol>('/rest/symbols', { method: 'POST', body }),
  update: (id: string, body: { name: string; originalName?: string; size?: number }) =>
    apiFetch<SavedSymbol>(`/rest/symbols/${id}`, { method: 'PUT', body }),
  triggerPackaging: (dictionaryIds: string[]) =>
    apiFetch<{ dictionaryIds: string[] }>('/rest/symbols/triggerDictionaryPackaging', {
      method: 'POST',
      body: { dictionaryIds },
    }),
  remove: (id: string) => apiFetch<void>(`/rest/symbols/${id}`, { method: 'DELETE' }),
};

/**
 * The direct upload to a signed postUrl (spec 2 §4 "Symbol save"): the raw file with its own
 * content type and WITHOUT the Authorization header (the URL itself is the permission).
 */
export async function uploadToPostUrl(postUrl: string, file: File): Promise<void> {
  const url = `${postUrl}${postUrl.includes('?') ? '&' : '?'}name=${encodeURIComponent(file.name)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NetworkError', MSG.errorOccurred);
  }
  if (res.ok) return;
  let message: string = MSG.errorOccurred;
  let code = `Http${res.status}`;
  try {
    const body = (await res.json()) as { message?: string; code?: string };
    if (body.message) message = body.message;
    if (body.code) code = body.code;
  } catch {
    // no JSON body: the generic message stays
  }
  throw new ApiError(res.status, code, message);
}

export interface SaveSymbolInput {
  id: string | null;
  name: string;
  /** Required on create, optional on edit (a new image). */
  file: File | null;
}

/**
 * Create or edit, then the image to the returned postUrl, then repackaging of the dictionaries that
 * use the symbol. A new symbol whose image could not be stored is removed again, so no symbol
 * without an image is left behind.
 */
export async function saveSymbol({ id, name, file }: SaveSymbolInput): Promise<SavedSymbol> {
  const body = { name: name.trim(), ...(file ? { originalName: file.name, size: file.size } : {}) };
  const saved = id
    ? await symbolsApi.update(id, body)
    : await symbolsApi.create(body as { name: string; originalName: string; size: number });
  if (saved.postUrl && file) {
    try {
      await uploadToPostUrl(saved.postUrl, file);
    } catch (error) {
      if (!id) await symbolsApi.remove(saved.id).catch(() => undefined);
      throw error;
    }
  }
  if (saved.dictionaryIDsUsing?.length) await symbolsApi.triggerPackaging(saved.dictionaryIDsUsing);
  return saved;
}

const useOrgId = () => useSession((s) => s.orgId);

export function useSymbolPage(q: SymbolQuery) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: symbolKeys.page(orgId, q),
    queryFn: () => symbolsApi.paged(q),
    placeholderData: keepPreviousData,
  });
}

export function useSymbolUsage(id: string | null) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: symbolKeys.usage(orgId, id ?? ''),
    queryFn: () => symbolsApi.countUsage(id as string),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/**
 * After symbols changed: the table, and (spec 2 §2 Symbology) the data dictionaries loaded for the
 * current project, whose component styles may point at the symbol images.
 */
export function useSymbolsChanged() {
  const client = useQueryClient();
  const orgId = useOrgId();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: symbolKeys.all(orgId) }),
      client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('dictionar'),
      }),
    ]);
}

/** A member by id, for "created by" and "modified by" (their e-mail); missing or hidden members give nothing. */
export function useMemberById(id: string | null | undefined) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: ['member-by-id', orgId, id],
    queryFn: () => apiFetch<Member>(`/rest/accounts/${id}`),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
