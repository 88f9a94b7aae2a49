import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import { useSession } from './session';

/** Styles of spec 2 §3 and §7 (dictionary styles are not listed). */
export interface StyleItem {
  id: string;
  name: string;
  format: 'css' | 'xml';
  project: { id: string } | null;
  isDictionaryStyle: boolean;
  updatedAt?: string;
  updatedBy?: string | null;
}

export const styleKeys = {
  all: (orgId: string | null) => ['styles', orgId] as const,
  list: (orgId: string | null) => ['styles', orgId, 'list'] as const,
  body: (orgId: string | null, id: string) => ['styles', orgId, 'body', id] as const,
};

export const stylesApi = {
  list: () => apiFetch<StyleItem[]>('/rest/styles'),
  upload: (file: { filename: string; body: string }) =>
    apiFetch<StyleItem>('/rest/styles/geo', {
      method: 'POST',
      body: { style: { filename: file.filename, languageVersion: { version: '1.0.0' } }, body: file.body },
    }),
  save: (body: { id: string; body: string }) => apiFetch<StyleItem>('/rest/styles/geo', { method: 'PUT', body }),
  body: (id: string) => apiFetch<string>(`/rest/styles/geo/${id}`, { text: true }),
  remove: (id: string) => apiFetch<void>(`/rest/styles/geo/${id}`, { method: 'DELETE' }),
};

const useOrgId = () => useSession((s) => s.orgId);

export function useStyles(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: styleKeys.list(orgId), queryFn: stylesApi.list, enabled });
}

export function useStyleBody(id: string | undefined) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: styleKeys.body(orgId, id ?? ''),
    queryFn: () => stylesApi.body(id as string),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

function useStyleMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const orgId = useOrgId();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: styleKeys.list(orgId) }),
  });
}

export const useUploadStyle = () => useStyleMutation(stylesApi.upload);
export const useSaveStyle = () => useStyleMutation(stylesApi.save);
export const useDeleteStyle = () => useStyleMutation(stylesApi.remove);
