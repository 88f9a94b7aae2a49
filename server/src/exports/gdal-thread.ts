import path from 'node:path';
import { workerData } from 'node:worker_threads';
import {
  closeVector,
  copyOut,
  gdalMessages,
  openVector,
  useMemoryOutputs,
  withGdal,
  type Gdal,
} from '../platform/gdal.js';
import { serveTask, type ThreadData } from '../platform/threads.js';
import { dgnDesignPlane, type GeographicExtent } from './dgn-plane.js';

/**
 * The worker thread of an export's GDAL formats (gdal-output.ts starts it): each run translates one
 * intermediate CSV with ogr2ogr (straight from the CSV: through a VRT it took half as long again). GDAL writes into its memory file system (drivers such as
 * DXF write in many small pieces, slow on disk) and each output file is copied out as it is done.
 */

export interface GdalRun {
  /** The layer's intermediate CSV (WKT first, a .csvt of the column types beside it). */
  csv: string;
  /** The output's name (without the driver's extension) below `outDir`. */
  outputName: string;
  args: string[];
  /** For DGN: the data's extent, to lay the design plane on it. */
  dgnExtent?: GeographicExtent | null;
}

export interface GdalExportInput {
  runs: GdalRun[];
  format: string;
  crs: string;
  outDir: string;
}

/** How the intermediate CSVs are read: the geometry from the WKT column, empty values as none. */
const CSV_OPEN_OPTIONS = ['GEOM_POSSIBLE_NAMES=WKT', 'KEEP_GEOM_COLUMNS=NO', 'EMPTY_STRING_AS_NULL=YES'];

/** gdal3.js's folder of outputs in its memory file system. */
const MEMORY_OUTPUTS = '/output';

/** The files of an output in the memory file system: `<name>.<ext>` files, or all below a `<name>.<ext>` folder. */
function memoryFiles(gdal: Gdal, dir: string, outputName?: string): string[] {
  const fs = gdal.Module.FS;
  return fs
    .readdir(dir)
    .filter((name) => name !== '.' && name !== '..' && (!outputName || name.startsWith(`${outputName}.`)))
    .flatMap((name) => {
      const full = `${dir}/${name}`;
      return fs.isDir(fs.stat(full).mode) ? memoryFiles(gdal, full) : [full];
    });
}

async function translateAll(input: GdalExportInput): Promise<void> {
  useMemoryOutputs();
  await withGdal(async (gdal) => {
    for (const [i, run] of input.runs.entries()) {
      const dataset = openVector(gdal, run.csv, CSV_OPEN_OPTIONS);
      try {
        const plane = run.dgnExtent !== undefined ? await dgnDesignPlane(gdal, run.dgnExtent, input.crs) : [];
        await gdal.ogr2ogr(dataset, [...run.args, ...plane], run.outputName);
      } catch (err) {
        const detail = (err as { message?: string }).message ?? String(err);
        throw new Error(`GDAL could not write ${input.format}: ${detail} ${gdalMessages().slice(-3).join(' ')}`, {
          cause: err,
        });
      } finally {
        closeVector(gdal, dataset);
      }
      // An output several runs write to (a multi-layer file) is copied out after the last of them.
      if (input.runs[i + 1]?.outputName === run.outputName) continue;
      for (const file of memoryFiles(gdal, MEMORY_OUTPUTS, run.outputName))
        copyOut(gdal, file, path.join(input.outDir, path.relative(MEMORY_OUTPUTS, file)));
    }
  });
}

const { input } = workerData as ThreadData<GdalExportInput>;
serveTask(() => translateAll(input));
