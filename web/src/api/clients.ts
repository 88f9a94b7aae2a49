import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@fieldbook/domain';
import { apiFetch } from './client';
import { useSession } from './session';

/** Client keys and public endpoints of spec 2 §2 "Manage clients" and §7. */
export interface ClientKey {
  id: string;
  email: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The only time a key is readable: the answer to its creation. */
export interface CreatedClientKey {
  id: string;
  email: string;
  key: string;
}

export interface ProjectEndpoints {
  projectId: string;
  name: string;
  wfs: string;
  /** Null when the map server (geoserver) is off. */
  wms: string | null;
}

export const clientKeys = {
  all: (orgId: string | null) => ['client-keys', orgId] as const,
  list: (orgId: string | null) => ['client-keys', orgId, 'list'] as const,
  endpoints: (orgId: string | null) => ['client-keys', orgId, 'endpoints'] as const,
  members: (orgId: string | null) => ['client-keys', orgId, 'members'] as const,
};

export const clientsApi = {
  list: () => apiFetch<ClientKey[]>('/rest/accounts/clientkey/list'),
  create: (email: string) =>
    apiFetch<CreatedClientKey>('/rest/accounts/clientkey', { method: 'POST', body: { email } }),
  remove: (id: string) => apiFetch<void>(`/rest/accounts/clientkey/${id}`, { method: 'DELETE' }),
  endpoints: () => apiFetch<ProjectEndpoints[]>('/rest/accounts/clientkey/endpoints'),
  members: () => apiFetch<Member[]>('/rest/accounts'),
};

const useOrgId = () => useSession((s) => s.orgId);

export function useClientKeys(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: clientKeys.list(orgId), queryFn: clientsApi.list, enabled });
}

export function useClientEndpoints(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: clientKeys.endpoints(orgId), queryFn: clientsApi.endpoints, enabled });
}

/** Every member, for the user picker. */
export function useClientMembers(enabled: boolean) {
  const orgId = useOrgId();
  return useQuery({ queryKey: clientKeys.members(orgId), queryFn: clientsApi.members, enabled });
}

function useClientMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const orgId = useOrgId();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: clientKeys.list(orgId) }),
  });
}

export const useCreateClientKey = () => useClientMutation(clientsApi.create);
export const useDeleteClientKey = () => useClientMutation(clientsApi.remove);
