import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@fieldbook/domain';
import { ApiError, apiFetch } from './client';
import { useSession } from './session';

/** HTML forms with a script file, granted to projects (spec 2 §2 Forms administration, §3 Form). */
export interface FormPermission {
  id: string;
  formId: string;
  projectId: string;
}

export interface FormItem {
  id: string;
  name: string;
  description: string | null;
  htmlFile: string | null;
  jsFile: string | null;
  created: string;
  modified: string;
  permissions: FormPermission[];
}

export interface FormPage {
  output: FormItem[];
  page: number;
  totalCount: number;
}

export interface FormQuery {
  page: number;
  pageSize: number;
  search?: string;
}

export interface FormProject {
  id: string;
  name: string;
}

export interface FormInput {
  name: string;
  description: string;
  htmlFile: File | null;
  jsFile: File | null;
}

export const formKeys = {
  all: (orgId: string | null) => ['forms', orgId] as const,
  page: (orgId: string | null, q: FormQuery) => ['forms', orgId, 'page', q] as const,
  one: (orgId: string | null, id: string) => ['forms', orgId, 'one', id] as const,
  viewUrl: (orgId: string | null, id: string) => ['forms', orgId, 'view-url', id] as const,
  projects: (orgId: string | null) => ['forms-projects', orgId] as const,
};

async function errorOf(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { message?: unknown; code?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : MSG.errorOccurred;
    return new ApiError(res.status, typeof body.code === 'string' ? body.code : `Http${res.status}`, message);
  } catch {
    return new ApiError(res.status, `Http${res.status}`, MSG.errorOccurred);
  }
}

/**
 * A signed-in call whose body is not JSON (multipart). A 401 lets apiFetch renew the session once, then the call is repeated.
 */
async function rawFetch(path: string, init: { method: 'GET' | 'POST' | 'PUT'; body?: FormData }): Promise<Response> {
  const call = async () => {
    const { session, orgId } = useSession.getState();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (session?.idToken) headers.Authorization = `Bearer ${session.idToken}`;
    const url = orgId ? `${path}${path.includes('?') ? '&' : '?'}orgId=${encodeURIComponent(orgId)}` : path;
    try {
      return await fetch(url, { method: init.method, headers, body: init.body });
    } catch {
      throw new ApiError(0, 'NetworkError', MSG.errorOccurred);
    }
  };
  let res = await call();
  if (res.status === 401) {
    const before = useSession.getState().session?.idToken;
    // Any signed-in call renews the token (or ends the session) on a 401.
    await apiFetch('/rest/projects/summaries').catch(() => undefined);
    if (useSession.getState().session?.idToken && useSession.getState().session?.idToken !== before) res = await call();
  }
  if (!res.ok) throw await errorOf(res);
  return res;
}

function multipart(input: FormInput, permissions?: string[]): FormData {
  const data = new FormData();
  data.append(
    'dto',
    JSON.stringify({
      name: input.name.trim(),
      description: input.description.trim(),
      ...(permissions ? { permissions } : {}),
    }),
  );
  if (input.htmlFile) data.append('htmlFile', input.htmlFile, input.htmlFile.name);
  if (input.jsFile) data.append('jsFile', input.jsFile, input.jsFile.name);
  return data;
}

export const formsApi = {
  paged: (q: FormQuery) => apiFetch<FormPage>('/rest/forms/paged', { query: { ...q, search: q.search || undefined } }),
  get: (id: string) => apiFetch<FormItem>(`/rest/forms/${id}`),
  create: async (input: FormInput) =>
    (await rawFetch('/rest/forms', { method: 'POST', body: multipart(input) })).json() as Promise<FormItem>,
  update: async (id: string, input: FormInput, permissions?: string[]) =>
    (
      await rawFetch(`/rest/forms/${id}`, { method: 'PUT', body: multipart(input, permissions) })
    ).json() as Promise<FormItem>,
  updateDetails: (id: string, body: { name: string; description: string }) =>
    apiFetch<FormItem>(`/rest/forms/details/${id}`, { method: 'PUT', body }),
  remove: (id: string) => apiFetch<void>(`/rest/forms/${id}`, { method: 'DELETE' }),
  addPermission: (formId: string, projectId: string) =>
    apiFetch<{ id: string; form: { id: string }; projectId: string }>(
      `/rest/forms/permission/add/${formId}/${projectId}`,
      { method: 'PUT' },
    ),
  removePermission: (permissionId: string) =>
    apiFetch<void>(`/rest/forms/permission/remove/${permissionId}`, { method: 'DELETE' }),
  /**
   * A short-lived signed URL of the rendered form, for a sandboxed iframe's src: a srcdoc frame would
   * inherit the app's Content-Security-Policy, which forbids the form's inline script.
   */
  viewUrl: (id: string) => apiFetch<{ url: string }>(`/rest/forms/view-url/${id}`),
  projects: () => apiFetch<FormProject[]>('/rest/projects/summaries'),
};

const useOrgId = () => useSession((s) => s.orgId);

export function useFormPage(q: FormQuery) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: formKeys.page(orgId, q),
    queryFn: () => formsApi.paged(q),
    placeholderData: keepPreviousData,
  });
}

/** The form as stored now (its permissions change while the edit dialog is open). */
export function useFormItem(id: string | null) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: formKeys.one(orgId, id ?? ''),
    queryFn: () => formsApi.get(id as string),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** A fresh view URL each time the preview opens (the URL expires after a few minutes). */
export function useFormViewUrl(id: string | null) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: formKeys.viewUrl(orgId, id ?? ''),
    queryFn: () => formsApi.viewUrl(id as string),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useFormProjects(enabled = true) {
  const orgId = useOrgId();
  return useQuery({ queryKey: formKeys.projects(orgId), queryFn: formsApi.projects, enabled });
}

/** After forms changed: the table, the open form and (permissions create layers) the projects. */
export function useFormsChanged() {
  const client = useQueryClient();
  const orgId = useOrgId();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: formKeys.all(orgId) }),
      client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('project'),
      }),
    ]);
}
