/**
 * A worker that loads a layer's WFS pages and packs them (wfs-pack.ts), so fetching and parsing 50,000
 * points never waits behind the main thread's work (the app starting, the map drawing) nor adds to it.
 * The packed points come back as transferred buffers.
 */
import { loadPacked, type Page } from './wfs-pack';

export interface WorkerRequest {
  id: number;
  /** The WFS URL with the query every page shares (absolute). */
  url: string;
  headers: Record<string, string>;
  pageSize: number;
  limit: number;
  abort?: boolean;
}

export type WorkerResponse =
  | { id: number; packed: import('./wfs-pack').PackedLayer | 'tooMany' }
  | { id: number; status: number; error: string };

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`WFS ${status}`);
  }
}

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(m: WorkerResponse, transfer?: Transferable[]): void };
const running = new Map<number, AbortController>();

scope.onmessage = (e) => {
  const { id, url, headers, pageSize, limit, abort } = e.data;
  if (abort) {
    running.get(id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  const page = async (i: number): Promise<Page> => {
    const u = new URL(url);
    u.searchParams.set('count', String(pageSize));
    u.searchParams.set('startIndex', String(i * pageSize));
    const res = await fetch(u, { headers, signal: controller.signal });
    if (!res.ok) throw new HttpError(res.status);
    return (await res.json()) as Page;
  };
  loadPacked(page, pageSize, limit)
    .then((packed) => scope.postMessage({ id, packed }, packed === 'tooMany' ? [] : [packed.coords.buffer, packed.propIndex.buffer]))
    .catch((err: unknown) => scope.postMessage({ id, status: err instanceof HttpError ? err.status : 0, error: String(err) }))
    .finally(() => running.delete(id));
};
