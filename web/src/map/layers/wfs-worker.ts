/**
 * A worker that loads layers' WFS pages and packs them (wfs-pack.ts), so fetching and parsing 50,000
 * points never waits behind the main thread's work (the app starting, the map drawing) nor adds to it.
 * The packed points come back as transferred buffers.
 *
 * While the app starts, it is also asked to preload the last project: it reads the project's details
 * itself and starts loading its switched-on WFS layers at once, without waiting for the main thread;
 * the main thread's request for such a layer then takes over the load under way.
 */
import type { Project } from '../../api/projects';
import { wfsLayers } from './layer-kind';
import { loadPacked, type PackedLayer, type Page } from './wfs-pack';

interface Paging {
  headers: Record<string, string>;
  pageSize: number;
  limit: number;
}

export type WorkerRequest =
  /** Load a layer: its WFS URL with the query every page shares (absolute). */
  | (Paging & { type: 'load'; id: number; url: string })
  | { type: 'abort'; id: number }
  /**
   * Preload a project's layers: its details URL, the ids of its switched-on layers, and its layers'
   * WFS URL with `{project}`, `{folder}`, `{layer}` in place of the ids.
   */
  | (Paging & { type: 'preload'; detailsUrl: string; selected: string[]; wfsUrl: string })
  | { type: 'drop' };

export type WorkerResponse =
  { id: number; packed: PackedLayer | 'tooMany' } | { id: number; status: number; error: string };

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`WFS ${status}`);
  }
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(m: WorkerResponse, transfer?: Transferable[]): void;
};

/** Loads under way by request id (aborted with `abort`) and their URLs, and preloads by WFS URL (taken by a `load`). */
const running = new Map<number, AbortController>();
const loading = new Set<string>();
const preloads = new Map<
  string,
  { result: Promise<PackedLayer | 'tooMany'>; abort: AbortController; timer: ReturnType<typeof setTimeout> }
>();

/** Preloads nobody asked for are dropped after this long. */
const KEEP_MS = 30_000;

function load(
  url: string,
  { headers, pageSize, limit }: Paging,
  signal: AbortSignal,
): Promise<PackedLayer | 'tooMany'> {
  const page = async (i: number): Promise<Page> => {
    const u = new URL(url);
    u.searchParams.set('count', String(pageSize));
    u.searchParams.set('startIndex', String(i * pageSize));
    // The first page says how many there are; the others yield to the app's own requests (the
    // browser's six connections to the server would otherwise all be taken by pages).
    const res = await fetch(u, { headers, signal, priority: i === 0 ? 'high' : 'low' });
    if (!res.ok) throw new HttpError(res.status);
    return (await res.json()) as Page;
  };
  return loadPacked(page, pageSize, limit);
}

function drop(url: string) {
  const p = preloads.get(url);
  if (!p) return;
  preloads.delete(url);
  clearTimeout(p.timer);
  p.abort.abort();
}

/** Bumped by `drop`: a preload whose project details come after it starts nothing. */
let drops = 0;

async function preload(detailsUrl: string, selected: string[], wfsUrl: string, paging: Paging) {
  const since = drops;
  const res = await fetch(detailsUrl, { headers: paging.headers });
  if (!res.ok) return;
  const project = (await res.json()) as Project;
  if (drops !== since) return;
  for (const l of wfsLayers(project, selected)) {
    const url = wfsUrl
      .replace('%7Bproject%7D', l.projectId)
      .replace('%7Bfolder%7D', l.folderId)
      .replace('%7Blayer%7D', l.id);
    // A layer the main thread has asked for meanwhile is loading already.
    if (preloads.has(url) || loading.has(url)) continue;
    const abort = new AbortController();
    const result = load(url, paging, abort.signal);
    result.catch(() => undefined);
    preloads.set(url, { result, abort, timer: setTimeout(() => drop(url), KEEP_MS) });
  }
}

scope.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'abort') return running.get(m.id)?.abort();
  if (m.type === 'drop') {
    drops++;
    return [...preloads.keys()].forEach(drop);
  }
  if (m.type === 'preload') return void preload(m.detailsUrl, m.selected, m.wfsUrl, m).catch(() => undefined);
  const controller = new AbortController();
  running.set(m.id, controller);
  loading.add(m.url);
  // A preload of the same layer is taken over (once): aborting the request aborts it.
  const preloaded = preloads.get(m.url);
  if (preloaded) {
    preloads.delete(m.url);
    clearTimeout(preloaded.timer);
    controller.signal.addEventListener('abort', () => preloaded.abort.abort());
  }
  (preloaded?.result ?? load(m.url, m, controller.signal))
    .then((packed) =>
      scope.postMessage(
        { id: m.id, packed },
        packed === 'tooMany' ? [] : [packed.coords.buffer, packed.propIndex.buffer],
      ),
    )
    .catch((err: unknown) =>
      scope.postMessage({ id: m.id, status: err instanceof HttpError ? err.status : 0, error: String(err) }),
    )
    .finally(() => {
      running.delete(m.id);
      loading.delete(m.url);
    });
};
