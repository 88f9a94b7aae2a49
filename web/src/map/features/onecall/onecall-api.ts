import { useQuery } from '@tanstack/react-query';
import {
  oneCallFlags,
  type OneCallEmail,
  type OneCallEmailCreate,
  type OneCallEmailUpdate,
  type OneCallTicket,
  type PositiveResponse,
  type PositiveResponseInput,
  type TicketResponses,
} from '@fieldbook/domain';
import { useCurrentAccount } from '../../../api/accounts';
import { ApiError, apiFetch } from '../../../api/client';
import { useSession } from '../../../api/session';

/** The one-call service of spec 3 §7: the project's e-mail list, tickets and positive responses. */
export const oneCallApi = {
  emails: (projectId: string) => apiFetch<OneCallEmail[]>(`/rest/onecall/email/email-addresses/${projectId}`),
  addEmail: (body: OneCallEmailCreate) =>
    apiFetch<OneCallEmail>('/rest/onecall/email/email-address', { method: 'POST', body }),
  updateEmail: (body: OneCallEmailUpdate) =>
    apiFetch<OneCallEmail>('/rest/onecall/email/email-address', { method: 'PUT', body }),
  removeEmail: (projectId: string, id: string) =>
    apiFetch<void>(`/rest/onecall/email/email-address/${projectId}/${id}`, { method: 'DELETE' }),
  resendVerification: (projectId: string, id: string) =>
    apiFetch<OneCallEmail>(`/rest/onecall/email/email-address/${projectId}/${id}/verification`, { method: 'POST' }),
  ticket: (ticketNumber: string, projectId?: string) =>
    apiFetch<OneCallTicket>(`/rest/onecall/tickets/${encodeURIComponent(ticketNumber)}`, { query: { projectId } }),
  ticketOfFeature: (featureId: string) => apiFetch<OneCallTicket>(`/rest/onecall/tickets/feature/${featureId}`),
  responses: (ticketNumber: string, projectId: string) =>
    apiFetch<TicketResponses>(`/rest/onecall/tickets/${encodeURIComponent(ticketNumber)}/responses`, {
      query: { all: true, projectId },
    }),
  respond: (ticketNumber: string, body: PositiveResponseInput) =>
    apiFetch<PositiveResponse>(`/rest/onecall/positive-response/${encodeURIComponent(ticketNumber)}`, {
      method: 'POST',
      body,
    }),
};

/** Query keys carry the organization so switching organizations never shows another's cache. */
export const oneCallKeys = {
  all: (orgId: string | null) => ['onecall', orgId] as const,
  emails: (orgId: string | null, projectId: string) => ['onecall', orgId, 'emails', projectId] as const,
  ticketOfFeature: (orgId: string | null, featureId: string) => ['onecall', orgId, 'feature', featureId] as const,
  responses: (orgId: string | null, ticketNumber: string, projectId: string) =>
    ['onecall', orgId, 'responses', ticketNumber, projectId] as const,
};

/** The organization's one-call flags (spec 3 §6). */
export function useOneCallFlags() {
  return oneCallFlags(useCurrentAccount().data?.organization.functionalityFlags);
}

export function useOneCallEmails(projectId: string, enabled: boolean) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: oneCallKeys.emails(orgId, projectId),
    queryFn: () => oneCallApi.emails(projectId),
    enabled,
  });
}

export function useTicketOfFeature(featureId: string, enabled = true) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: oneCallKeys.ticketOfFeature(orgId, featureId),
    queryFn: () => oneCallApi.ticketOfFeature(featureId),
    enabled,
    retry: false,
  });
}

export function useTicketResponses(ticketNumber: string | undefined, projectId: string) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: oneCallKeys.responses(orgId, ticketNumber ?? '', projectId),
    queryFn: () => oneCallApi.responses(ticketNumber!, projectId),
    enabled: !!ticketNumber,
    retry: false,
  });
}

/** A 404 of a ticket lookup (spec 3 §8: shown as 'The OneCall ticket could not be found'). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
