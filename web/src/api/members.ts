import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddMemberInput, Member, PermissionEntry, SeatSummary } from '@fieldbook/domain';
import { apiFetch, type QueryValue } from './client';
import { useSession } from './session';

/** Member administration of spec 1 §2.5: GET/POST/PUT/DELETE /rest/accounts… */

export interface MemberFilters {
  active?: boolean;
  renew?: boolean;
  rtk?: boolean;
  userType?: string;
  includeProstarUsers?: boolean;
}

export interface MemberQuery extends MemberFilters {
  page: number;
  pageSize: number;
  sort: 'name' | 'email' | 'userType' | 'createdDt';
  order: 'asc' | 'desc';
  search?: string;
}

export interface MemberPage {
  data: Member[];
  page: number;
  totalCount: number;
}

export interface UpdateMemberBody {
  id: string;
  firstName?: string;
  lastName?: string;
  permissions?: PermissionEntry[];
  renew?: boolean;
  rtkStatus?: boolean;
}

export const memberKeys = {
  all: (orgId: string | null) => ['members', orgId] as const,
  page: (orgId: string | null, q: MemberQuery) => ['members', orgId, 'page', q] as const,
  count: (orgId: string | null) => ['members', orgId, 'count'] as const,
  seats: (orgId: string | null) => ['members', orgId, 'seats'] as const,
};

export const membersApi = {
  filter: (q: MemberQuery) =>
    apiFetch<MemberPage>('/rest/accounts/filter', {
      query: { ...q, search: q.search || undefined } as Record<string, QueryValue>,
    }),
  count: () => apiFetch<{ count: number }>('/rest/accounts/count'),
  seats: () => apiFetch<SeatSummary>('/rest/accounts/seats'),
  add: (body: AddMemberInput) => apiFetch<Member>('/rest/accounts', { method: 'POST', body }),
  update: (body: UpdateMemberBody) => apiFetch<Member>('/rest/accounts', { method: 'PUT', body }),
  remove: (id: string) => apiFetch<void>(`/rest/accounts/${id}`, { method: 'DELETE' }),
  deactivate: (id: string) => apiFetch<Member>(`/rest/accounts/deactivate/${id}`, { method: 'PUT' }),
  activate: (id: string, reinvite: boolean) =>
    apiFetch<Member>(`/rest/accounts/activate/${id}`, { method: 'PUT', query: { reinvite } }),
  resendInvitation: (id: string) => apiFetch<{ sent: true }>(`/rest/cognito/resend/${id}`),
  promote: (id: string) => apiFetch<Member>(`/rest/accounts/promote/${id}`, { method: 'PUT' }),
  demote: (id: string) => apiFetch<Member>(`/rest/accounts/demote/${id}`, { method: 'PUT' }),
};

const useOrgId = () => useSession((s) => s.orgId);

export function useMemberPage(q: MemberQuery) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: memberKeys.page(orgId, q),
    queryFn: () => membersApi.filter(q),
    placeholderData: keepPreviousData,
  });
}

export function useMemberCount(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: memberKeys.count(orgId), queryFn: membersApi.count, enabled });
}

export function useSeats(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: memberKeys.seats(orgId), queryFn: membersApi.seats, enabled });
}

/** A member change: afterwards the table, the count and the seats are fetched again. */
function useMemberMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const orgId = useOrgId();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
  });
}

export const useAddMember = () => useMemberMutation(membersApi.add);
export const useUpdateMember = () => useMemberMutation(membersApi.update);
export const useDeleteMember = () => useMemberMutation(membersApi.remove);
export const useDeactivateMember = () => useMemberMutation(membersApi.deactivate);
export const useActivateMember = () =>
  useMemberMutation(({ id, reinvite }: { id: string; reinvite: boolean }) => membersApi.activate(id, reinvite));
export const useResendInvitation = () => useMemberMutation(membersApi.resendInvitation);
export const usePromoteMember = () => useMemberMutation(membersApi.promote);
export const useDemoteMember = () => useMemberMutation(membersApi.demote);
