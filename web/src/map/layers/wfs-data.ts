import { apiFetch, type QueryValue } from '../../api/client';
import { layerServicePath, type Layer } from '../../api/projects';
import { useSession } from '../../api/session';
import { MAP_DEFAULTS } from '../ol/map-defaults';
import { toLayerData, type LayerData } from './wfs-features';
import { loadPacked, type PackedLayer, type Page } from './wfs-pack';
import type { WorkerRequest, WorkerResponse } from './wfs-worker';

/**
 * GeoJSON in longitude/latitude order: CRS84 says so. Without a system the server answers in the
 * DefaultCRS, the EPSG:4326 URN, whose axis order is latitude first (what desktop GIS clients expect).
 */
const BASE = {
  SERVICE: 'WFS',
  VERSION: '2.0.0',
  REQUEST: 'GetFeature',
  outputFormat: 'application/json',
  srsName: 'urn:ogc:def:crs:OGC:1.3:CRS84',
} as const;

/**
 * The map draws features from their geometry and system (its colour); the feature panel loads the
 * whole feature when one is selected, so pages carry just these and stay a fraction of the size.
 */
const DRAWN_PROPERTIES = 'geometry,system';

/** The query every page of a layer shares, and the request headers (the session's token). */
function request(layer: Pick<Layer, 'projectId' | 'folderId' | 'id'>) {
  const { session, orgId } = useSession.getState();
  const query: Record<string, QueryValue> = { ...BASE, propertyName: DRAWN_PROPERTIES, ...(orgId ? { orgId } : {}) };
  const headers: Record<string, string> = session ? { Authorization: `Bearer ${session.idToken}` } : {};
  return { path: layerServicePath(layer, 'wfs'), query, headers };
}

/**
 * A page fetched on the main thread, abandoned with the layer (a layer switched off or reloaded
 * mid-way must not keep the server busy). A 401 goes through apiFetch, which renews the session.
 */
async function mainThreadPage(layer: Layer, i: number, signal: AbortSignal): Promise<Page> {
  const { path, query: shared, headers } = request(layer);
  const query = { ...shared, count: MAP_DEFAULTS.wfsPageSize, startIndex: i * MAP_DEFAULTS.wfsPageSize };
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${path}?${params}`, { signal, headers });
  if (res.status === 401) return apiFetch<Page>(path, { query });
  if (!res.ok) throw new Error(`WFS ${res.status} for layer ${layer.id}`);
  return (await res.json()) as Page;
}

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (r: WorkerResponse | null) => void>();

function wfsWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof Worker === 'undefined'
        ? null
        : new Worker(new URL('./wfs-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  worker?.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
    waiting.get(e.data.id)?.(e.data);
    waiting.delete(e.data.id);
  });
  // A worker that cannot start leaves the loading to the main thread.
  worker?.addEventListener('error', () => {
    worker = null;
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
  });
  return worker;
}

/** A layer's WFS URL with the query every page shares (absolute), as the worker fetches it. */
function wfsUrl(layer: Pick<Layer, 'projectId' | 'folderId' | 'id'>): { url: string; headers: Record<string, string> } {
  const { path, query, headers } = request(layer);
  const url = new URL(path, window.location.href);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  return { url: url.toString(), headers };
}

const paging = (limit: number = MAP_DEFAULTS.wfsFeatureLimit) => ({ pageSize: MAP_DEFAULTS.wfsPageSize, limit });

/**
 * Has the worker start loading a project's switched-on WFS layers as soon as it has read the
 * project's details itself (while the app is still starting); `loadFeatures` then takes them over.
 */
export function preloadInWorker(projectId: string, selected: string[]) {
  const w = wfsWorker();
  if (!w || selected.length === 0) return;
  const { url, headers } = wfsUrl({ projectId: '{project}', folderId: '{folder}', id: '{layer}' });
  const details = new URL(`/rest/projects/${projectId}`, window.location.href);
  const orgId = useSession.getState().orgId;
  if (orgId) details.searchParams.set('orgId', orgId);
  w.postMessage({
    type: 'preload',
    detailsUrl: details.toString(),
    selected,
    wfsUrl: url,
    headers,
    ...paging(),
  } satisfies WorkerRequest);
}

/** Drops the worker's preloads nobody took. */
export function dropWorkerPreloads() {
  worker?.postMessage({ type: 'drop' } satisfies WorkerRequest);
}

/** The layer loaded by the worker; null when there is none or it was refused (401: the main thread renews the session). */
async function inWorker(layer: Layer, limit: number, signal: AbortSignal): Promise<PackedLayer | 'tooMany' | null> {
  const w = wfsWorker();
  if (!w) return null;
  const { url, headers } = wfsUrl(layer);
  const id = nextId++;
  const answer = new Promise<WorkerResponse | null>((resolve) => waiting.set(id, resolve));
  const onAbort = () => {
    w.postMessage({ type: 'abort', id } satisfies WorkerRequest);
    waiting.get(id)?.(null);
    waiting.delete(id);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  w.postMessage({ type: 'load', id, url, headers, ...paging(limit) } satisfies WorkerRequest);
  const response = await answer;
  signal.removeEventListener('abort', onAbort);
  signal.throwIfAborted();
  if (!response || ('status' in response && response.status === 401)) return null;
  if ('error' in response) throw new Error(`${response.error} for layer ${layer.id}`);
  return response.packed;
}

/**
 * All features of a layer in the map projection (points packed), or `tooMany` when the layer has more
 * than `limit` (it is then drawn from server tiles, spec 3 §4). The first page (3000, spec 3 §9) tells
 * the total; the others are then requested in parallel. Loading runs in a worker where there is one.
 * The data comes in EPSG:4326 (reprojecting in the browser is cheap and works on every database the
 * server runs on). Feature ids stay as the server gives them ("point.42").
 */
export async function loadFeatures(layer: Layer, limit: number, signal: AbortSignal): Promise<LayerData | 'tooMany'> {
  const packed =
    (await inWorker(layer, limit, signal)) ??
    (await loadPacked((i) => mainThreadPage(layer, i, signal), MAP_DEFAULTS.wfsPageSize, limit));
  return packed === 'tooMany' ? 'tooMany' : toLayerData(packed);
}

// The worker starts with the app, so its script has loaded by the time the first layer is asked for.
if (typeof window !== 'undefined') wfsWorker();
