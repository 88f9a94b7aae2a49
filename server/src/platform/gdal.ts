import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * GDAL for imports and exports: gdal3.js (GDAL compiled to WebAssembly, from npm alone; DESIGN §7).
 * One instance per thread: jobs run it on worker threads of their own (platform/threads.ts), since it
 * computes on the calling thread. Its C side keeps global state (the mounted input folder, config
 * options, the last error), so every use runs alone through `withGdal`.
 */

export interface GdalDataset {
  pointer: number;
  path: string;
  type: string;
  info: unknown;
}

export interface GdalFilePath {
  local: string;
  /** Where the file is on disk (outputs go to `gdalOutputDir`). */
  real: string;
  all?: Array<{ local: string; real: string }>;
}

export interface GdalError {
  no?: number;
  message?: string;
}

export interface Gdal {
  open(
    files: string | string[],
    openOptions?: string[],
    vfsHandlers?: string[],
  ): Promise<{
    datasets: GdalDataset[];
    errors: GdalError[];
  }>;
  ogrinfo(dataset: GdalDataset, options?: string[]): Promise<unknown>;
  ogr2ogr(dataset: GdalDataset, options?: string[], outputName?: string): Promise<GdalFilePath>;
  close(dataset: GdalDataset): Promise<void>;
  getFileBytes(file: string | GdalFilePath): Promise<Uint8Array>;
  /** Reprojects [x, y(, z)] points; `-s_srs`/`-t_srs` take lon/lat order for geographic systems. */
  gdaltransform(coords: number[][], options: string[]): Promise<number[][]>;
  /** The WebAssembly runtime: its file system holds outputs written to memory (useMemoryOutputs). */
  Module: EmscriptenModule;
}

/** The parts of the Emscripten runtime used beside gdal3.js's own functions. */
interface EmscriptenModule {
  FS: EmscriptenFs;
  NODEFS: unknown;
  cwrap(name: string, returns: string, args: string[]): (...args: unknown[]) => number;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  stringToUTF8(text: string, pointer: number, bytes: number): void;
  lengthBytesUTF8(text: string): number;
  HEAPU32: Uint32Array;
}

/** The part of Emscripten's file system API used to copy outputs out of memory. */
export interface EmscriptenFs {
  open(path: string, flags: string): unknown;
  read(stream: unknown, buffer: Uint8Array, offset: number, length: number, position: number): number;
  close(stream: unknown): void;
  stat(path: string): { size: number; mode: number };
  unlink(path: string): void;
  readdir(path: string): string[];
  isDir(mode: number): boolean;
  mkdir(path: string): void;
  mount(type: unknown, options: { root: string }, mountpoint: string): void;
  unmount(mountpoint: string): void;
  rmdir(path: string): void;
}

interface InitConfig {
  path: string;
  /** Where outputs go on disk; without it they stay in the runtime's memory file system. */
  dest?: string;
  useWorker: boolean;
  logHandler: (message: string, type: string) => void;
  errorHandler: (message: string, type: string) => void;
  /** Environment of the WebAssembly runtime, set before GDAL registers its drivers. */
  env?: Record<string, string>;
}

const require = createRequire(import.meta.url);

/** Outputs of ogr2ogr land here, on disk, unless the thread keeps them in memory (useMemoryOutputs). */
export const gdalOutputDir = path.join(os.tmpdir(), `fieldbook-gdal-${process.pid}`);

/**
 * Removes the output folders of processes that are gone (a worker killed mid-job leaves its
 * converted files behind). A folder whose process id is in use again is left for later.
 */
export async function removeDeadProcessOutputs(): Promise<void> {
  const names = await readdir(os.tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^fieldbook-gdal-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH')
        await rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/** GDAL's messages of the current `withGdal` call (its errors explain a refused file). */
let messages: string[] = [];
let instance: Promise<Gdal> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let memoryOutputs = false;

/**
 * Outputs of this thread's GDAL stay in its memory file system (call before its first use). A driver
 * that writes in many small pieces (DXF, DGN) goes through a system call per piece on disk: a DXF of a
 * million points took 110 s there and 18 s in memory. Memory outputs are copied out with copyOut.
 */
export function useMemoryOutputs(): void {
  memoryOutputs = true;
}

function load(): Promise<Gdal> {
  if (!memoryOutputs) mkdirSync(gdalOutputDir, { recursive: true });
  const initGdalJs = require('gdal3.js/node.js') as (config: InitConfig) => Promise<Gdal>;
  // gdal3.js prefixes the path with './', so it must be relative to the working directory.
  const packageDir = path.join(path.dirname(require.resolve('gdal3.js/package.json')), 'dist', 'package');
  const record = (message: string) => {
    messages.push(message.trim());
    if (messages.length > 50) messages.shift();
  };
  return initGdalJs({
    path: path.relative(process.cwd(), packageDir) || '.',
    ...(memoryOutputs ? {} : { dest: gdalOutputDir }),
    useWorker: false,
    logHandler: () => undefined,
    errorHandler: record,
    // The XYZ raster driver claims any .csv of numeric X/Y columns and fails on it ("Couldn't determine
    // X spacing"), which stops GDALOpenEx before the CSV vector driver is tried. We import no XYZ grids.
    env: { GDAL_SKIP: 'XYZ' },
  });
}

/**
 * Runs `work` with the process's GDAL, after any other use has finished; `gdalMessages()` inside it
 * returns what GDAL reported during this call.
 */
export function withGdal<T>(work: (gdal: Gdal) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    instance ??= load().catch((err: unknown) => {
      instance = undefined;
      throw err;
    });
    const gdal = await instance;
    messages = [];
    return work(gdal);
  });
  queue = run.catch(() => undefined);
  return run;
}

export const gdalMessages = (): string[] => [...messages];

/** Bytes copied out of the memory file system at a time. */
const COPY_BYTES = 4 << 20;

/**
 * Copies an output GDAL wrote to memory (useMemoryOutputs) to `target` on disk, piece by piece, and
 * frees it. Runs on the thread that owns the GDAL.
 */
export function copyOut(gdal: Gdal, local: string, target: string): void {
  const fs = gdal.Module.FS;
  const { size } = fs.stat(local);
  mkdirSync(path.dirname(target), { recursive: true });
  const stream = fs.open(local, 'r');
  const fd = openSync(target, 'w');
  try {
    const buffer = new Uint8Array(Math.min(COPY_BYTES, Math.max(1, size)));
    for (let position = 0; position < size;) {
      const read = fs.read(stream, buffer, 0, buffer.length, position);
      if (read <= 0) throw new Error(`could not read ${local} at ${position}`);
      writeSync(fd, buffer, 0, read);
      position += read;
    }
  } finally {
    closeSync(fd);
    fs.close(stream);
  }
  fs.unlink(local);
}

const GDAL_OF_VECTOR = 0x04;
let mounts = 0;

/** A NULL-terminated array of C strings in the runtime's memory, and how to free it. */
function cStrings(module: EmscriptenModule, texts: string[]): { pointer: number; free(): void } {
  const pointers = texts.map((text) => {
    const bytes = module.lengthBytesUTF8(text) + 1;
    const pointer = module._malloc(bytes);
    module.stringToUTF8(text, pointer, bytes);
    return pointer;
  });
  const array = module._malloc(4 * (pointers.length + 1));
  module.HEAPU32.set([...pointers, 0], array / 4);
  return {
    pointer: array,
    free() {
      for (const pointer of pointers) module._free(pointer);
      module._free(array);
    },
  };
}

/**
 * Opens a vector file on disk without gdal3.js's `open`, which describes every dataset it opens with
 * ogrinfo: for a CSV that means reading it whole to count its features (4.4 s of a million-feature
 * export's 12 s). Close it with `closeVector`.
 */
export function openVector(gdal: Gdal, file: string, openOptions: string[] = []): GdalDataset & { mount: string } {
  const module = gdal.Module;
  const mount = `/fieldbook-in-${++mounts}`;
  module.FS.mkdir(mount);
  module.FS.mount(module.NODEFS, { root: path.dirname(file) }, mount);
  const filePath = `${mount}/${path.basename(file)}`;
  const options = cStrings(module, openOptions);
  try {
    const open = module.cwrap('GDALOpenEx', 'number', ['string', 'number', 'number', 'number', 'number']);
    const pointer = open(filePath, GDAL_OF_VECTOR, 0, options.pointer, 0);
    if (!pointer) throw new Error(`GDAL could not open ${path.basename(file)}: ${messages.slice(-3).join(' ')}`);
    return { pointer, path: filePath, type: 'vector', info: null, mount };
  } catch (err) {
    module.FS.unmount(mount);
    module.FS.rmdir(mount);
    throw err;
  } finally {
    options.free();
  }
}

export function closeVector(gdal: Gdal, dataset: GdalDataset & { mount: string }): void {
  gdal.Module.cwrap('GDALClose', 'number', ['number'])(dataset.pointer);
  gdal.Module.FS.unmount(dataset.mount);
  gdal.Module.FS.rmdir(dataset.mount);
}
