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

/**
 * A thread started ahead of its use, for jobs that come in series: starting a thread and its GDAL
 * takes a second or two. After a use, `prepare` starts the next one, which waits (unreferenced, so
 * it keeps no process alive) for `idleMs` and is then ended. Each use gets a fresh thread: a large
 * job's memory goes with its thread.
 */
export class WarmThread {
  private spare?: Worker;

  constructor(
    private readonly module: URL,
    private readonly idleMs = 60_000,
  ) {}

  /** A started thread: the spare when there is one. It takes its input as its first message. */
  take(): Worker {
    const worker = this.spare ?? startThread(this.module, null);
    this.spare = undefined;
    worker.ref();
    return worker;
  }

  /** Starts the spare for the next use. */
  prepare(): void {
    if (this.spare) return;
    const worker = startThread(this.module, null);
    worker.unref();
    this.spare = worker;
    const forget = () => {
      if (this.spare === worker) this.spare = undefined;
    };
    worker.once('exit', forget);
    worker.once('error', forget);
    setTimeout(() => {
      if (this.spare !== worker) return;
      forget();
      void worker.terminate();
    }, this.idleMs).unref();
  }
}

/** In a thread started by WarmThread: the input its user sends. */
export function threadInput<T>(): Promise<T> {
  return new Promise((resolve) => parentPort?.once('message', (message: { input: T }) => resolve(message.input)));
}
