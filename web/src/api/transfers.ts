import { MSG, type ExportItemType, type ExportRequestInput, type UploadType } from '@fieldbook/domain';
import { ApiError, apiFetch, refreshSession } from './client';
import { saveBlob } from '../app/save-blob';
import { useSession } from './session';

/** Options of an upload (spec 3 §7 signed URL query). */
export interface UploadOptions {
  layerName: string;
  /** EPSG code for a file that names no coordinate system (required for a zipped raster). */
  crs?: string;
  convertFromFeet?: boolean;
  measurementFields?: string[];
}

/** `GET /rest/projects/signedurl/{folderId}/{ext}/{type}/{method}`: where to PUT the file. */
export function importUrl(folderId: string, ext: string, type: UploadType, method: string, options: UploadOptions) {
  const path = `/rest/projects/signedurl/${folderId}/${encodeURIComponent(ext)}/${type}/${method}`;
  return apiFetch<{ url: string }>(path, {
    query: {
      layerName: options.layerName,
      crs: options.crs || undefined,
      convertFromFeet: options.convertFromFeet ? 'true' : undefined,
      measurementFields: options.measurementFields?.length ? options.measurementFields.join(',') : undefined,
    },
  });
}

/** The API error an XMLHttpRequest's answer carries (its JSON message and code). */
export function xhrError(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: string; code?: string };
    return new ApiError(xhr.status, body.code ?? `Http${xhr.status}`, body.message || MSG.errorOccurred);
  } catch {
    return new ApiError(xhr.status, `Http${xhr.status}`, MSG.errorOccurred);
  }
}

/**
 * PUTs the file to a signed URL without the Authorization header (the URL is the grant); an
 * XMLHttpRequest because fetch reports no upload progress. Resolves with the IMPORT job's id.
 */
export function putSignedFile(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const target = `${url}${url.includes('?') ? '&' : '?'}fileName=${encodeURIComponent(file.name)}`;
    xhr.open('PUT', target);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as { id: string });
      else reject(xhrError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NetworkError', MSG.errorOccurred));
    xhr.onabort = () => reject(new ApiError(0, 'Aborted', MSG.errorOccurred));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/** `POST /rest/exports/{type}/{id}`: starts an EXPORT job of a layer, folder or project. */
export const startExport = (type: ExportItemType, id: string, body: ExportRequestInput) =>
  apiFetch<{ jobId: string; id: string }>(
    // An export of a search goes through the search service's call (spec 3 §7).
    body.query ? `/search/features/export/${type}/${id}` : `/rest/exports/${type}/${id}`,
    { method: 'POST', body },
  );

async function authorizedGet(path: string): Promise<Response> {
  const attempt = () => {
    const { session, orgId } = useSession.getState();
    const url = orgId ? `${path}${path.includes('?') ? '&' : '?'}orgId=${encodeURIComponent(orgId)}` : path;
    return fetch(url, { headers: session ? { Authorization: `Bearer ${session.idToken}` } : {} });
  };
  let res = await attempt();
  if (res.status === 401 && (await refreshSession())) res = await attempt();
  if (!res.ok) throw new ApiError(res.status, `Http${res.status}`, MSG.errorOccurred);
  return res;
}

/** The file name a result URL ends with (`…/download/<name>`). */
export const resultFileName = (resultUrl: string) =>
  decodeURIComponent(resultUrl.split('?')[0]?.split('/').pop() || 'export');

/**
 * Saves a finished job's result. The download is authenticated (results hold an organization's data),
 * so it is fetched with the session and handed to the browser as a blob.
 */
export async function downloadJobResult(resultUrl: string): Promise<void> {
  saveBlob(await (await authorizedGet(resultUrl)).blob(), resultFileName(resultUrl));
}
