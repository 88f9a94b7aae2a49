import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, Profile } from '@fieldbook/domain';
import { apiFetch, refreshSession } from './client';
import { useSession } from './session';

/** Query keys carry the selected organization so switching it refetches. */
export const accountKeys = {
  profile: (orgId: string | null) => ['profile', orgId] as const,
  current: (orgId: string | null) => ['account', 'current', orgId] as const,
};

export const accountsApi = {
  profile: () => apiFetch<Profile>('/rest/accounts/profile'),
  current: () => apiFetch<Account>('/rest/accounts/current'),
  acceptEula: () => apiFetch<Profile>('/rest/accounts/eula/web', { method: 'PUT' }),
  updateOwn: (body: { id: string; firstName: string; lastName: string }) =>
    apiFetch<Account>('/rest/accounts', { method: 'PUT', body }),
  changePassword: (body: { previousPassword: string; proposedPassword: string }) =>
    apiFetch<void>('/rest/cognito/password', { method: 'PUT', body }),
  logAuthActivity: (body: { type: string; category: string; message: string; timestamp: number }) =>
    apiFetch<unknown>('/rest/activities/auth', { method: 'POST', body }),
  eulaHtml: () => apiFetch<string>('/eula.html', { auth: false, text: true }),
};

export function useProfile() {
  const orgId = useSession((s) => s.orgId);
  return useQuery({ queryKey: accountKeys.profile(orgId), queryFn: accountsApi.profile, staleTime: 60_000 });
}

export function useCurrentAccount() {
  const orgId = useSession((s) => s.orgId);
  return useQuery({ queryKey: accountKeys.current(orgId), queryFn: accountsApi.current, staleTime: 60_000 });
}

export function useAcceptEula() {
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  return useMutation({
    mutationFn: accountsApi.acceptEula,
    onSuccess: (profile) => client.setQueryData(accountKeys.profile(orgId), profile),
  });
}

export function useUpdateOwnAccount() {
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  return useMutation({
    mutationFn: accountsApi.updateOwn,
    onSuccess: (account) => client.setQueryData(accountKeys.current(orgId), account),
  });
}

/**
 * Changes the password, then posts the audit call the spec names (the server has written the entry;
 * its failure is not the user's concern). The change refuses ID tokens issued before it, so this tab
 * renews its own at once with the refresh token the server kept.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { previousPassword: string; proposedPassword: string }) => {
      await accountsApi.changePassword(body);
      await refreshSession();
      await accountsApi
        .logAuthActivity({
          type: 'Edit',
          category: 'General',
          message: 'Password changed',
          timestamp: Date.now(),
        })
        .catch(() => undefined);
    },
  });
}

export const useEulaHtml = () =>
  useQuery({ queryKey: ['eula-html'], queryFn: accountsApi.eulaHtml, staleTime: Infinity });
