import { open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { IMPORT_MSG } from '@fieldbook/domain';
import { gdalOutputDir } from '../platform/gdal.js';
import { WarmThread } from '../platform/threads.js';
import type { ConvertInput, ConvertMessage } from './convert-thread.js';
import type { SourceLayer } from './source.js';

/** How often a file still being written is looked at again when no message came in between. */
const POLL_MS = 25;
/** Bytes read from a converted file at a time. */
const READ_BYTES = 1 << 20;

/** Imports come in series (a folder of files, a retry): the next conversion's thread starts ahead. */
const threads = new WarmThread(new URL('./convert-thread.ts', import.meta.url));

/**
 * A running conversion (convert-thread.ts), seen from the job's thread: the source's layers once GDAL
 * has described them, the file of each layer as GDAL starts writing it, and the text of that file as
 * it grows. Stopping the job (its signal) stops the thread; `stop` removes what GDAL wrote.
 */
export class Conversion {
  private layers?: SourceLayer[];
  private readonly files = new Map<number, string>();
  private readonly written = new Set<number>();
  private failure?: Error;
  private done = false;
  private exited = false;
  private wake?: () => void;
  private readonly thread: Worker;

  constructor(
    private readonly input: ConvertInput,
    signal: AbortSignal,
  ) {
    this.thread = threads.take();
    this.thread.postMessage({ input });
    const stop = () => {
      this.failure ??= (signal.reason as Error | undefined) ?? new Error(IMPORT_MSG.failed);
      void this.thread.terminate();
    };
    signal.addEventListener('abort', stop, { once: true });
    this.thread.on('message', (message: ConvertMessage) => {
      if ('layers' in message) this.layers = message.layers;
      else if ('writing' in message) this.files.set(message.writing, message.file);
      else if ('written' in message) this.written.add(message.written);
      else if ('done' in message) this.done = true;
      else this.failure ??= new Error(message.error);
      this.notify();
    });
    this.thread.on('error', (error) => {
      this.failure ??= error;
      this.notify();
    });
    this.thread.on('exit', () => {
      signal.removeEventListener('abort', stop);
      this.exited = true;
      this.notify();
    });
  }

  private notify() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Resolves at the thread's next message, or after `ms`. */
  private changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Waits until `pick` gives a value; throws what stopped the thread first. */
  private async until<T>(pick: () => T | undefined): Promise<T> {
    for (;;) {
      if (this.failure) throw this.failure;
      const value = pick();
      if (value !== undefined) return value;
      if (this.exited) throw new Error(IMPORT_MSG.failed);
      await this.changed(1000);
    }
  }

  /** The source layers GDAL will write, in order. */
  sourceLayers(): Promise<SourceLayer[]> {
    return this.until(() => this.layers);
  }

  /** The file GDAL writes a layer to (its extension says the format, dump.ts), once it has begun. */
  layerFile(index: number): Promise<string> {
    return this.until(() => this.files.get(index));
  }

  /**
   * The bytes of a layer's file as GDAL writes them, piece by piece, to its end. Reads what is on
   * disk, then waits for more until GDAL says the layer is written. Each piece is a new buffer.
   */
  async *layerBytes(index: number): AsyncGenerator<Buffer> {
    const file = await this.layerFile(index);
    const handle = await this.opened(index, file);
    let position = 0;
    try {
      for (;;) {
        if (this.failure) throw this.failure;
        // Whether GDAL was done before this read: then an empty read is the end.
        const whole = this.written.has(index);
        const buffer = Buffer.allocUnsafe(READ_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        position += bytesRead;
        if (bytesRead > 0) yield buffer.subarray(0, bytesRead);
        else if (whole) break;
        else if (this.exited) throw this.failure ?? new Error(IMPORT_MSG.failed);
        else await this.changed(POLL_MS);
      }
    } finally {
      await handle.close();
    }
  }

  /** The layer's file, once GDAL has created it. */
  private async opened(index: number, file: string) {
    for (;;) {
      const whole = this.written.has(index);
      try {
        return await open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || whole) throw err;
      }
      if (this.failure) throw this.failure;
      if (this.exited) throw new Error(IMPORT_MSG.failed);
      await this.changed(POLL_MS);
    }
  }

  /** Waits for the thread to say every layer is written. */
  async finished(): Promise<void> {
    await this.until(() => (this.done ? true : undefined));
  }

  /** Stops the thread and removes every file it wrote; the next conversion's thread starts. */
  async stop(): Promise<void> {
    await this.thread.terminate();
    threads.prepare();
    const names = await readdir(gdalOutputDir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((n) => n.startsWith(`${this.input.outputName}-`))
        .map((n) => rm(path.join(gdalOutputDir, n), { force: true })),
    );
  }
}
