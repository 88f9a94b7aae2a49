import { useQuery, type QueryClient } from '@tanstack/react-query';
import { MSG, type Attachment, type AttachmentCreateQuery, type FileMeta } from '@fieldbook/domain';
import { ApiError, apiFetch, refreshSession } from '../../../api/client';
import { featureKeys } from '../../../api/features';
import { useSession } from '../../../api/session';
import { xhrError } from '../../../api/transfers';
import { saveBlob } from '../../../app/save-blob';
import { contentTypeOf } from './attachment-rules';

/** The attachment calls of spec 3 §7 (`/api/MapFile/...`) and the feature's list and zip. */
export const attachmentsApi = {
  list: (featureId: string) => apiFetch<Attachment[]>(`/rest/features/${featureId}/attachments`),
  /** A short-lived URL of the file or its 375 px thumbnail, fetched without the Authorization header. */
  fileUrl: (id: string, thumb: boolean) =>
    apiFetch<{ url: string }>(`/api/MapFile/GetFile/${id}`, { query: { NoRedirect: 1, thumb: thumb ? 1 : undefined } }),
  updateMeta: (id: string, meta: FileMeta) =>
    apiFetch<Attachment>(`/api/MapFile/Meta/${id}`, { method: 'PUT', body: meta }),
  remove: (id: string) => apiFetch<void>(`/api/MapFile/Delete/${id}`, { method: 'POST' }),
  /** A short-lived URL of a zip of every attachment of the feature. */
  zipUrl: (featureId: string) => apiFetch<{ url: string }>(`/rest/features/attachments/${featureId}`),
};

export const attachmentKeys = {
  list: (orgId: string | null, featureId: string) => ['attachments', orgId, featureId] as const,
  url: (orgId: string | null, id: string, thumb: boolean) => ['attachments', orgId, 'url', id, thumb] as const,
};

export function useAttachments(featureId: string) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: attachmentKeys.list(orgId, featureId),
    queryFn: () => attachmentsApi.list(featureId),
  });
}

/**
 * The signed URL of a file or thumbnail. It lives a few minutes, so it is never reused from the cache
 * after that long; a preview that fails to load asks for a new one once (spec 3 §4).
 */
export function useFileUrl(id: string, thumb: boolean) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: attachmentKeys.url(orgId, id, thumb),
    queryFn: () => attachmentsApi.fileUrl(id, thumb),
    staleTime: 60_000,
    gcTime: 120_000,
    retry: false,
    // A new URL would load the same file again for nothing.
    refetchOnWindowFocus: false,
  });
}

/** An attachment as the server answered a change, shown in the list at once (before the list is read again). */
export function putInList(client: QueryClient, orgId: string | null, featureId: string, changed: Attachment) {
  client.setQueryData<Attachment[]>(attachmentKeys.list(orgId, featureId), (list) =>
    list?.map((a) => (a.File_ID === changed.File_ID ? changed : a)),
  );
}

/** After a change: the list, and the feature whose File_List changed with it. */
export function refreshAfterChange(client: QueryClient, orgId: string | null, featureId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: attachmentKeys.list(orgId, featureId) }),
    client.invalidateQueries({ queryKey: featureKeys.one(orgId, featureId) }),
  ]);
}

function send(
  url: string,
  file: Blob,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', contentTypeOf(file));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, 'NetworkError', MSG.errorOccurred));
    xhr.onabort = () => reject(new ApiError(0, 'Aborted', MSG.errorOccurred));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/**
 * POST /api/MapFile/Create: the file's bytes as the body with its content type, the File_List entry's
 * fields in the query. An XMLHttpRequest because fetch reports no upload progress; like every call it
 * renews an expired session once.
 */
export async function createAttachment(
  query: AttachmentCreateQuery,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const orgId = useSession.getState().orgId;
  if (orgId) params.set('orgId', orgId);
  const url = `/api/MapFile/Create?${params.toString()}`;
  const token = () => useSession.getState().session?.idToken ?? null;
  let xhr = await send(url, file, token(), onProgress, signal);
  if (xhr.status === 401 && (await refreshSession())) xhr = await send(url, file, token(), onProgress, signal);
  if (xhr.status < 200 || xhr.status >= 300) throw xhrError(xhr);
  return JSON.parse(xhr.responseText) as Attachment;
}

/** Download all (spec 3 §7): the zip's URL, fetched as a blob without the session, saved as a zip. */
export async function downloadAllAttachments(featureId: string, fileName: string) {
  const { url } = await attachmentsApi.zipUrl(featureId);
  const res = await fetch(url).catch(() => null);
  if (!res?.ok) throw new ApiError(res?.status ?? 0, 'DownloadFailed', MSG.errorOccurred);
  saveBlob(await res.blob(), fileName);
}
