import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  formListOf,
  type AvailableForms,
  type FeatureFormRecord,
  type FormDataEntry,
  type FormSavePayload,
} from '@fieldbook/domain';
import { apiFetch } from '../../../api/client';
import { featureKeys } from '../../../api/features';
import { useSession } from '../../../api/session';

/**
 * The calls of forms on features (spec 3 §7): the feature's list (GET and DELETE
 * /rest/features/{id}/forms), one record's save, update and delete, the form page of the dialog and
 * the feature's PDF.
 */
export const featureFormsApi = {
  /** The spec's service may answer an empty list as its base64 text: both read as a list. */
  list: async (featureId: string) =>
    formListOf(await apiFetch<unknown>(`/rest/features/${featureId}/forms`)) as FeatureFormRecord[],
  available: (featureId: string) => apiFetch<AvailableForms>(`/rest/features/${featureId}/forms/available`),
  save: (body: FormSavePayload) => apiFetch<FeatureFormRecord>('/rest/features/forms', { method: 'POST', body }),
  update: (id: string, data: FormDataEntry[]) =>
    apiFetch<FeatureFormRecord>(`/rest/features/forms/${id}`, { method: 'PUT', body: { id, data } }),
  remove: (id: string) => apiFetch<void>(`/rest/features/forms/${id}`, { method: 'DELETE' }),
  /** A short-lived URL of the form page for the dialog's sandboxed iframe (400 when its script is missing). */
  viewUrl: (formId: string) => apiFetch<{ url: string }>(`/rest/features/forms/view-url/${formId}`),
  pdfUrl: (projectId: string, featureId: string) =>
    apiFetch<{ url: string }>(`/rest/features/project/${projectId}/feature/${featureId}/pdf`, { method: 'POST' }),
};

export const featureFormKeys = {
  list: (orgId: string | null, featureId: string) => ['feature-forms', orgId, featureId] as const,
  available: (orgId: string | null, featureId: string) => ['feature-forms', orgId, featureId, 'available'] as const,
  viewUrl: (orgId: string | null, formId: string) => ['feature-forms', orgId, 'view-url', formId] as const,
};

export function useFeatureForms(featureId: string) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: featureFormKeys.list(orgId, featureId),
    queryFn: () => featureFormsApi.list(featureId),
    retry: false,
  });
}

export function useAvailableForms(featureId: string) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: featureFormKeys.available(orgId, featureId),
    queryFn: () => featureFormsApi.available(featureId),
  });
}

/** A fresh URL each time the dialog opens: it expires after a few minutes. */
export function useFormViewUrl(formId: string | null) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: featureFormKeys.viewUrl(orgId, formId ?? ''),
    queryFn: () => featureFormsApi.viewUrl(formId!),
    enabled: formId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** After a change: the feature's forms, what may be added (a Locate Form layer may be new) and the feature (File_List). */
export function refreshForms(client: QueryClient, orgId: string | null, featureId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['feature-forms', orgId, featureId] }),
    client.invalidateQueries({ queryKey: featureKeys.one(orgId, featureId) }),
  ]);
}

/**
 * Opens the feature's PDF in a new window (spec 3 §7). The window is opened at the click, before the
 * URL is known, so popup blockers let it through; it is closed again when the call fails.
 */
export async function openFeaturePdf(projectId: string, featureId: string) {
  const target = window.open('', '_blank');
  try {
    const { url } = await featureFormsApi.pdfUrl(projectId, featureId);
    if (target) {
      target.opener = null;
      target.location.href = url;
    } else window.open(url, '_blank', 'noopener');
  } catch (error) {
    target?.close();
    throw error;
  }
}
