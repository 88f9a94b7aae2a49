import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Grant, PermissionEntry } from '@fieldbook/domain';
import { apiFetch } from './client';
import { useSession } from './session';

/** Organization sharing of spec 1 §2.7: codes, requests, accept/deny, delete, permissions of a share. */

export const sharingKeys = {
  all: (orgId: string | null) => ['grants', orgId] as const,
  list: (orgId: string | null) => ['grants', orgId, 'list'] as const,
  between: (orgId: string | null, grantorId: string, granteeId: string) =>
    ['grants', orgId, 'between', grantorId, granteeId] as const,
};

export const sharingApi = {
  list: () => apiFetch<Grant[]>('/rest/organization-permissions'),
  createCode: () => apiFetch<Grant>('/rest/organization-permissions', { method: 'POST' }),
  request: (code: string) =>
    apiFetch<Grant>(`/rest/organization-permissions/${encodeURIComponent(code)}`, { method: 'POST' }),
  accept: (id: string) =>
    apiFetch<Grant>(`/rest/organization-permissions/accept/${encodeURIComponent(id)}`, { method: 'PUT' }),
  deny: (id: string) =>
    apiFetch<Grant>(`/rest/organization-permissions/deny/${encodeURIComponent(id)}`, { method: 'PUT' }),
  remove: (id: string) =>
    apiFetch<void>(`/rest/organization-permissions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  between: (grantorId: string, granteeId: string) =>
    apiFetch<Grant>(`/rest/permissions/grant/${grantorId}/${granteeId}`),
  setPermissions: ({
    grantorId,
    granteeId,
    permissions,
  }: {
    grantorId: string;
    granteeId: string;
    permissions: PermissionEntry[];
  }) => apiFetch<Grant>(`/rest/permissions/grant/${grantorId}/${granteeId}`, { method: 'PUT', body: { permissions } }),
};

const useOrgId = () => useSession((s) => s.orgId);

export function useGrants(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: sharingKeys.list(orgId), queryFn: sharingApi.list, enabled });
}

export function useGrantBetween(grantorId: string, granteeId: string, enabled = true) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: sharingKeys.between(orgId, grantorId, granteeId),
    queryFn: () => sharingApi.between(grantorId, granteeId),
    enabled,
  });
}

function useGrantMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const orgId = useOrgId();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: sharingKeys.all(orgId) }),
  });
}

export const useCreateGrantCode = () => useGrantMutation(sharingApi.createCode);
export const useRequestGrant = () => useGrantMutation(sharingApi.request);
export const useAcceptGrant = () => useGrantMutation(sharingApi.accept);
export const useDenyGrant = () => useGrantMutation(sharingApi.deny);
export const useDeleteGrant = () => useGrantMutation(sharingApi.remove);
export const useSetGrantPermissions = () => useGrantMutation(sharingApi.setPermissions);
