import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@fieldbook/domain';
import { apiFetch } from './client';

/** The signed-in person's invitations to other organizations (not tied to the selected one). */
const invitationKeys = { mine: ['invitations'] as const };

export const invitationsApi = {
  mine: () => apiFetch<Invitation[]>('/rest/accounts/invitations'),
  accept: (organizationId: string) =>
    apiFetch<unknown>(`/rest/accounts/invitations/${organizationId}/accept`, { method: 'PUT' }),
  decline: (organizationId: string) =>
    apiFetch<void>(`/rest/accounts/invitations/${organizationId}/decline`, { method: 'PUT' }),
};

export const useMyInvitations = () =>
  useQuery({ queryKey: invitationKeys.mine, queryFn: invitationsApi.mine, staleTime: 60_000 });

/** An answer: the list is fetched again, and after an acceptance the profile (its organizations) too. */
function useAnswer(fn: (organizationId: string) => Promise<unknown>, refreshProfile: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: invitationKeys.mine });
      if (refreshProfile) await client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export const useAcceptInvitation = () => useAnswer(invitationsApi.accept, true);
export const useDeclineInvitation = () => useAnswer(invitationsApi.decline, false);
