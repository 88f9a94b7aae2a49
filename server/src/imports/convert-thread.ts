import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { IMPORT_MSG } from '@fieldbook/domain';
import { gdalOutputDir, withGdal } from '../platform/gdal.js';
import { threadInput } from '../platform/threads.js';
import { handOverLayer, handOverOf } from './dump.js';
import { describeSource, openSource, type SourceLayer } from './source.js';

/**
 * The worker thread of a vector import (conversion.ts starts it): GDAL reads the upload and writes
 * each source layer to disk (dump.ts), one after the other, while the job's thread loads the rows
 * already written. Messages say which file is being written and when it is whole.
 */

export interface ConvertInput {
  file: string;
  ext: string;
  crs?: string;
  /** Output files are named `<outputName>-<layer index>.<csv or fgb>` in GDAL's output folder. */
  outputName: string;
}

export type ConvertMessage =
  | { layers: SourceLayer[] }
  | { writing: number; file: string }
  | { written: number }
  | { done: true }
  | { error: string };

/** Where GDAL writes a source layer (gdal3.js appends the driver's extension). */
export const convertedFile = (outputName: string, layer: SourceLayer) =>
  path.join(gdalOutputDir, `${outputName}-${layer.index}.${handOverOf(layer)}`);

async function convert(input: ConvertInput, post: (m: ConvertMessage) => void) {
  await withGdal(async (gdal) => {
    const dataset = await openSource(gdal, input.file, input.ext);
    try {
      const all = await describeSource(gdal, dataset);
      // A multi-layer source (GPX, KML folders, GPKG) brings only its layers that hold features.
      const layers = all.length > 1 ? all.filter((l) => l.featureCount !== 0) : all;
      if (!layers.length) throw new Error(IMPORT_MSG.noGeometry);
      post({ layers });
      for (const layer of layers) {
        const name = `${input.outputName}-${layer.index}`;
        post({ writing: layer.index, file: convertedFile(input.outputName, layer) });
        await handOverLayer(gdal, dataset, layer, input.crs, name);
        post({ written: layer.index });
      }
    } finally {
      await gdal.close(dataset);
    }
  });
}

const post = (message: ConvertMessage) => parentPort?.postMessage(message);
// GDAL is made ready while the thread waits for its job (conversion.ts keeps one started ahead).
const ready = withGdal(async () => undefined);
const input = await threadInput<ConvertInput>();
ready
  .then(() => convert(input, post))
  .then(() => post({ done: true }))
  .catch((err: unknown) => post({ error: err instanceof Error ? err.message : String(err) }));
