import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of ours (`module`, a file URL) with `input` as its
 * workerData.input. gdal3.js computes on the thread that calls it: a conversion or a warp run on the
 * main thread would hold every request of the process, map tiles included, and the job's heartbeat.
 */
export function startThread(module: URL, input: unknown): Worker {
  return new Worker(new URL('./thread-boot.mjs', import.meta.url), { workerData: { module: module.href, input } });
}

/** What a thread module receives (see startThread). */
export interface ThreadData<T> {
  module: string;
  input: T;
}
