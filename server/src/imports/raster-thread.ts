import { workerData } from 'node:worker_threads';
import { serveTask, type ThreadData } from '../platform/threads.js';
import { prepareRaster } from './raster-source.js';

/**
 * The worker thread that prepares one raster upload (raster.ts starts it), with a GDAL of its own:
 * a warp of a large image run on the main thread would hold every request of the process.
 */

export interface RasterThreadInput {
  file: string;
  ext: string;
  crs?: string;
  outputName: string;
}

const { input } = workerData as ThreadData<RasterThreadInput>;
serveTask((info) => prepareRaster(input.file, input.ext, input.crs, input.outputName, info));
