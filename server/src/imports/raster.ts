import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { IMPORT_MSG, PROJECT_MSG, layerNameOfFile } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { JobContext, JobOutcome, JobRecord } from '../jobs/queue.js';
import { removeOrphanRasters } from '../rasters/raster-files.js';
import { rasterKeyOf, type RasterInfo } from '../rasters/raster-info.js';
import { uploadsRoot, type ImportPayload } from './handler.js';
import { gdalOutputDir } from '../platform/gdal.js';
import type { PreparedRaster } from './raster-source.js';
import type { RasterThreadInput } from './raster-thread.js';
import { layerNameTaken } from '../projects/layer-names.js';
import { runThread } from '../platform/threads.js';
import { recordImported } from './commit.js';

/** Moves a file to where it is kept; GDAL's output folder may be on another file system. */
async function moveFile(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/** Removes what a stopped raster thread left in GDAL's output folder (its files start with the output name). */
async function removeOutputs(outputName: string): Promise<void> {
  const names = await readdir(gdalOutputDir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(outputName)).map((n) => rm(path.join(gdalOutputDir, n), { force: true })),
  );
}

/** Prepares the upload on a worker thread (raster-thread.ts); stopping the job stops the thread. */
const prepareOffThread = (input: RasterThreadInput, info: (m: string) => void, signal: AbortSignal) =>
  runThread<PreparedRaster>(new URL('./raster-thread.ts', import.meta.url), input, {
    signal,
    info,
    cleanUp: () => removeOutputs(input.outputName),
  });

/** The RASTER layer and its stored image, in one transaction: a name taken in the folder refuses it. */
async function createRasterLayer(
  deps: Deps,
  job: JobRecord & { project_id: string },
  payload: ImportPayload,
  name: string,
  raster: RasterInfo,
): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    if (await layerNameTaken(trx, payload.folderId, name)) throw new Error(PROJECT_MSG.layerNameExists);
    const layer = await trx
      .insertInto('layers')
      .values({
        project_id: job.project_id,
        folder_id: payload.folderId,
        name,
        description: null,
        type: 'RASTER',
        server_name: null,
        reference_id: null,
        preferred_method: payload.method,
        mobile_preferred_method: null,
        style_id: null,
        raster: JSON.stringify(raster),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordImported(trx, job, job.project_id, [{ id: layer.id, name, type: 'RASTER' }]);
    return layer.id;
  });
}

/**
 * The IMPORT job of a raster upload (issue #10 §2): GDAL makes the served image from the GeoTIFF
 * (raster-source.ts), it is kept under DATA_DIR/files/rasters/, and one RASTER layer naming it is made
 * in the folder. Any failure leaves neither the layer nor the file (cleanUpRasterImport after a crash).
 */
export async function runRasterImport(job: JobRecord, ctx: JobContext): Promise<JobOutcome> {
  const { deps } = ctx;
  const payload = job.payload as unknown as ImportPayload;
  const projectId = job.project_id;
  if (!projectId) throw new Error(IMPORT_MSG.failed);
  const upload = path.join(uploadsRoot(deps), payload.fileKey);
  const name = payload.layerName ?? (payload.fileName ? layerNameOfFile(payload.fileName) : job.title);
  // No progress counts: the jobs panel counts features, and GDAL's warp reports no steps through gdal3.js.
  await removeOrphanRasters(deps.db, deps.config.dataDir).catch((err: unknown) =>
    deps.log.warn({ err }, 'removing orphan raster images failed'),
  );
  const prepared = await prepareOffThread(
    { file: upload, ext: payload.ext, crs: payload.crs, outputName: `${job.id}-raster` },
    (m) => ctx.info(m),
    ctx.signal,
  );
  const key = rasterKeyOf(job.id);
  const stored = path.join(uploadsRoot(deps), key);
  try {
    await moveFile(prepared.file, stored);
    await createRasterLayer(deps, { ...job, project_id: projectId }, payload, name, { file: key, ...prepared.info });
  } catch (err) {
    await rm(prepared.file, { force: true });
    await rm(stored, { force: true });
    throw err;
  }
  const { width, height, source } = prepared.info;
  ctx.info(`${name}: ${source.width} × ${source.height} px in ${source.crs}, served as ${width} × ${height} px`);
  await rm(path.dirname(upload), { recursive: true, force: true });
  return {};
}

/** After a failed or interrupted raster import: its stored image goes unless a layer holds it. */
export async function cleanUpRasterImport(deps: Deps, job: JobRecord): Promise<void> {
  const key = rasterKeyOf(job.id);
  const held = await deps.db
    .selectFrom('layers')
    .select('id')
    .where('type', '=', 'RASTER')
    .where(sql<boolean>`raster ->> 'file' = ${key}`)
    .executeTakeFirst();
  if (!held) await rm(path.join(uploadsRoot(deps), key), { force: true });
}
