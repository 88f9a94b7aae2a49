import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadData } from '../platform/threads.js';
import { prepareRaster, type PreparedRaster } from './raster-source.js';

/**
 * A worker thread that prepares one raster upload (raster.ts starts it). gdal3.js computes on the
 * thread that calls it, so a warp of a large image run on the main thread would hold every request of
 * the process (map tiles included) and the job's heartbeat; here it has a GDAL of its own.
 */

export interface RasterThreadInput {
  file: string;
  ext: string;
  crs?: string;
  outputName: string;
}

export type RasterThreadMessage = { info: string } | { prepared: PreparedRaster } | { error: string };

const { input } = workerData as ThreadData<RasterThreadInput>;
const post = (message: RasterThreadMessage) => parentPort?.postMessage(message);

prepareRaster(input.file, input.ext, input.crs, input.outputName, (info) => post({ info }))
  .then((prepared) => post({ prepared }))
  .catch((err: unknown) => post({ error: err instanceof Error ? err.message : String(err) }));
