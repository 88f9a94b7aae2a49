import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from './client';
import { useSession } from './session';

/**
 * Push subscription of this browser and its organization-notification interest (spec 1 §2.9).
 * Real push delivery comes later: the token is a random id made once per browser.
 */

export const PUSH_TOKEN_KEY = 'fieldbook.push-token';
const ORGANIZATION_UPDATED = 'ORGANIZATION_UPDATED';

export interface NotificationInterest {
  artifact: string;
  scope: string;
  code: string;
}

/** 32 random hex digits (getRandomValues works outside secure contexts too, unlike randomUUID). */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** This browser's token, created on first use (or renewed) and kept in localStorage. */
export function pushToken(renew = false): string {
  try {
    const saved = renew ? null : localStorage.getItem(PUSH_TOKEN_KEY);
    if (saved) return saved;
    const token = randomToken();
    localStorage.setItem(PUSH_TOKEN_KEY, token);
    return token;
  } catch {
    return randomToken();
  }
}

const path = (token: string) => encodeURIComponent(token);

export const notificationsApi = {
  /**
   * Registers the token; the answer names the token now in use. A token belongs to the account that
   * registered it (409 for anyone else), so after another account used this browser it gets a new one.
   */
  register: async (token: string): Promise<{ token: string }> => {
    const post = (t: string) =>
      apiFetch<{ token: string }>('/rest/subscriptions', { method: 'POST', body: { token: t } });
    try {
      return await post(token);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) return post(pushToken(true));
      throw err;
    }
  },
  interests: async (token: string): Promise<NotificationInterest[]> => {
    try {
      return await apiFetch<NotificationInterest[]>(`/rest/notification-interests/${path(token)}`);
    } catch (err) {
      // A browser that never registered has no subscription: its notifications are off.
      if (err instanceof ApiError && err.status === 404) return [];
      throw err;
    }
  },
  enableOrganization: (token: string) =>
    apiFetch<NotificationInterest[]>(`/rest/notification-interests/organization/${path(token)}`, { method: 'POST' }),
  disableOrganization: (token: string) =>
    apiFetch<NotificationInterest[]>(`/rest/notification-interests/organization/${path(token)}`, { method: 'DELETE' }),
};

export const hasOrganizationInterest = (interests: NotificationInterest[] | undefined) =>
  Boolean(interests?.some((i) => i.code === ORGANIZATION_UPDATED));

const interestsKey = (orgId: string | null, token: string) => ['notification-interests', orgId, token] as const;

export function useNotificationInterests(token: string, enabled: boolean) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({ queryKey: interestsKey(orgId, token), queryFn: () => notificationsApi.interests(token), enabled });
}

export const useRegisterPushSubscription = () => useMutation({ mutationFn: notificationsApi.register });

function useInterestMutation(fn: (token: string) => Promise<NotificationInterest[]>) {
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  return useMutation({
    mutationFn: fn,
    onSuccess: (interests, token) => client.setQueryData(interestsKey(orgId, token), interests),
  });
}

export const useEnableOrganizationNotifications = () => useInterestMutation(notificationsApi.enableOrganization);
export const useDisableOrganizationNotifications = () => useInterestMutation(notificationsApi.disableOrganization);
