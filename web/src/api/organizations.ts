import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '@fieldbook/domain';
import { accountKeys } from './accounts';
import { apiFetch } from './client';
import { useSession } from './session';

/** Organization calls of spec 1 §2.6: address, children. The organization itself comes with the current account. */

export interface UpdateOrganizationBody {
  id: string;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}

export const organizationsApi = {
  get: (id: string) => apiFetch<Organization>(`/rest/organizations/${id}`),
  update: (body: UpdateOrganizationBody) => apiFetch<Organization>('/rest/organizations', { method: 'PUT', body }),
  createChild: (body: { name: string; parentId: string }) =>
    apiFetch<Organization>('/rest/organizations', { method: 'POST', body }),
  deleteChild: (id: string) => apiFetch<void>(`/rest/organizations/${id}`, { method: 'DELETE' }),
};

export function useOrganization(id: string | undefined) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: ['organization', orgId, id],
    queryFn: () => organizationsApi.get(id as string),
    enabled: Boolean(id),
  });
}

/**
 * The account (which carries the organization) and the profile (which lists the organizations)
 * are fetched again after a change. Our tokens carry no organization list, so none is renewed.
 */
function useOrganizationMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: accountKeys.current(orgId) }),
        client.invalidateQueries({ queryKey: ['profile'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
      ]),
  });
}

export const useUpdateOrganization = () => useOrganizationMutation(organizationsApi.update);
export const useCreateChildOrganization = () => useOrganizationMutation(organizationsApi.createChild);
export const useDeleteChildOrganization = () => useOrganizationMutation(organizationsApi.deleteChild);
