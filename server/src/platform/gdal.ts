import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * GDAL for imports and exports: gdal3.js (GDAL compiled to WebAssembly, from npm alone; DESIGN §7).
 * One instance per process. Its C side keeps global state (the mounted input folder, config options,
 * the last error), so every use runs alone through `withGdal`.
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
}

interface InitConfig {
  path: string;
  dest: string;
  useWorker: boolean;
  logHandler: (message: string, type: string) => void;
  errorHandler: (message: string, type: string) => void;
  /** Environment of the WebAssembly runtime, set before GDAL registers its drivers. */
  env?: Record<string, string>;
}

const require = createRequire(import.meta.url);

/** Outputs of ogr2ogr land here, on disk, so large results never sit in the WebAssembly heap. */
export const gdalOutputDir = path.join(os.tmpdir(), `fieldbook-gdal-${process.pid}`);

/** GDAL's messages of the current `withGdal` call (its errors explain a refused file). */
let messages: string[] = [];
let instance: Promise<Gdal> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function load(): Promise<Gdal> {
  mkdirSync(gdalOutputDir, { recursive: true });
  const initGdalJs = require('gdal3.js/node.js') as (config: InitConfig) => Promise<Gdal>;
  // gdal3.js prefixes the path with './', so it must be relative to the working directory.
  const packageDir = path.join(path.dirname(require.resolve('gdal3.js/package.json')), 'dist', 'package');
  const record = (message: string) => {
    messages.push(message.trim());
    if (messages.length > 50) messages.shift();
  };
  return initGdalJs({
    path: path.relative(process.cwd(), packageDir) || '.',
    dest: gdalOutputDir,
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
