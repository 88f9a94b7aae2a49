import { Worker, parentPort } from 'node:worker_threads';

/**
 * Worker threads running TypeScript modules of ours. gdal3.js computes on the thread that calls it:
 * a conversion or a warp run on the main thread would hold every request of the process, map tiles
 * included, and the job's heartbeat.
 */

/** A thread running `module` (a file URL) with `input` as its workerData.input. */
export function startThread(module: URL, input: unknown): Worker {
  return new Worker(new URL('./thread-boot.mjs', import.meta.url), { workerData: { module: module.href, input } });
}

/** What a thread module receives (see startThread). */
export interface ThreadData<T> {
  module: string;
  input: T;
}

/** What a task thread (runThread) says: progress lines, then its result or its error. */
export type TaskMessage<R> = { info: string } | { result: R } | { error: string };

/**
 * Runs a task thread to its end: resolves with its result, rejects with its error. Aborting `signal`
 * stops the thread; `cleanUp` runs after a thread that gave no result.
 */
export function runThread<R>(
  module: URL,
  input: unknown,
  options: { signal: AbortSignal; info?: (message: string) => void; cleanUp?: () => Promise<void> },
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const thread = startThread(module, input);
    let outcome: { result: R } | { error: Error } | undefined;
    const stop = () => void thread.terminate();
    options.signal.addEventListener('abort', stop, { once: true });
    thread.on('message', (message: TaskMessage<R>) => {
      if ('info' in message) return options.info?.(message.info);
      outcome = 'result' in message ? message : { error: new Error(message.error) };
      void thread.terminate();
    });
    thread.on('error', (error) => {
      outcome ??= { error };
    });
    thread.on('exit', () => {
      options.signal.removeEventListener('abort', stop);
      if (outcome && 'result' in outcome) return resolve(outcome.result);
      const error = outcome?.error ?? (options.signal.reason as Error | undefined) ?? new Error('the thread stopped');
      void (options.cleanUp?.() ?? Promise.resolve()).finally(() => reject(error));
    });
  });
}

/** The body of a task thread: runs `task` and posts its result or its error to the job's thread. */
export function serveTask<R>(task: (info: (message: string) => void) => Promise<R>): void {
  const post = (message: TaskMessage<R>) => parentPort?.postMessage(message);
  task((info) => post({ info }))
    .then((result) => post({ result }))
    .catch((err: unknown) => post({ error: err instanceof Error ? err.message : String(err) }));
}
