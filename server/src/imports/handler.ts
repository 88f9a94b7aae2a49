import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_MSG, layerNameOfFile, type UploadType } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { JobContext, JobOutcome, JobRecord } from '../jobs/queue.js';
import { commitImport, type TargetLayer } from './commit.js';
import { Conversion } from './conversion.js';
import type { FeatureKind } from './feature-rows.js';
import { feetFields, loadConversion, withMetreFields, type LoadedGroup } from './load.js';
import { deletePendingFeatures } from './pending.js';
import type { SourceLayer } from './source.js';

/** What the PUT of an upload stores on its IMPORT job. */
export interface ImportPayload {
  /** VECTOR or RASTER (spec 3 §7 `{type}`); jobs queued before rasters were imported have none. */
  type?: UploadType;
  folderId: string;
  ext: string;
  method: string;
  /** The upload on disk, relative to DATA_DIR/files. */
  fileKey: string;
  fileName?: string;
  layerName?: string;
  crs?: string;
  convertFromFeet: boolean;
  measurementFields: string[];
}

/** Uploads wait under DATA_DIR/files/imports/<upload id>/ until their job has read them. */
export const uploadsRoot = (deps: Deps) => path.join(deps.config.dataDir, 'files');

const KIND_SUFFIX: Record<FeatureKind, string> = { point: 'points', line: 'lines', polygon: 'polygons' };

/** The layers to make: one per source layer, split by geometry kind when a source layer mixes kinds. */
function targetLayers(sources: SourceLayer[], groups: LoadedGroup[], payload: ImportPayload): TargetLayer[] {
  const single = sources.length === 1;
  return sources.flatMap((source): TargetLayer[] => {
    const base = single
      ? (payload.layerName ?? (payload.fileName ? layerNameOfFile(payload.fileName) : source.name))
      : source.name;
    const fields = source.fields.map(({ name, type, order }) => ({ name, type, order }));
    const own = groups.filter((g) => g.source.index === source.index);
    // A source layer without features still becomes its (empty) layer.
    if (!own.length) return [{ id: randomUUID(), name: base, fields, features: 0 }];
    if (own.length === 1) return [{ id: own[0]!.layerId, name: base, fields, features: own[0]!.count }];
    return own.map((g) => ({ id: g.layerId, name: `${base} (${KIND_SUFFIX[g.kind]})`, fields, features: g.count }));
  });
}

/**
 * The IMPORT job (issue #10 §2): GDAL reads the upload on a thread of its own and writes each source
 * layer as CSV; its features are loaded as the file grows (load.ts) and their layers created at the
 * end in one transaction (commit.ts). A failure leaves no layer and no feature (cleanUpImport).
 */
export async function runImport(job: JobRecord, ctx: JobContext): Promise<JobOutcome> {
  const { deps } = ctx;
  const payload = job.payload as unknown as ImportPayload;
  if (!job.project_id) throw new Error(IMPORT_MSG.failed);
  const file = path.join(uploadsRoot(deps), payload.fileKey);
  // A job queued again after its worker died starts over; if that run had committed, it is done.
  if ((await deletePendingFeatures(deps.db, job.id)).length) return {};
  const feet = feetFields(payload.convertFromFeet, payload.measurementFields);
  const conversion = new Conversion(
    { file, ext: payload.ext, crs: payload.crs, outputName: `${job.id}-${randomUUID().slice(0, 8)}` },
    ctx.signal,
  );
  try {
    const sources = (await conversion.sourceLayers()).map((l) => withMetreFields(l, feet));
    const total = sources.reduce((sum, l) => sum + Math.max(0, l.featureCount), 0);
    await ctx.progress(0, total);
    const loaded = await loadConversion(
      deps,
      conversion,
      sources,
      {
        jobId: job.id,
        organizationId: job.organization_id,
        projectId: job.project_id,
        accountId: job.owner_id,
        feet,
        zInFeet: payload.convertFromFeet,
      },
      (read) => ctx.progress(read, Math.max(total, read)),
      ctx.signal,
    );
    await conversion.finished();
    const layers = targetLayers(sources, loaded.groups, payload);
    await commitImport(deps, {
      job,
      projectId: job.project_id,
      folderId: payload.folderId,
      preferredMethod: payload.method,
      layers,
    });
    const count = loaded.groups.reduce((n, g) => n + g.count, 0);
    await ctx.progress(count, count);
    for (const source of sources) {
      const skipped = loaded.skipped.get(source.index);
      if (skipped) ctx.info(`${source.name}: ${skipped} features without a point, line or polygon skipped`);
    }
    if (loaded.badValues) ctx.info(`${loaded.badValues} values did not fit their field and are empty`);
    for (const layer of layers) ctx.info(`${layer.name}: ${layer.features}`);
    await rm(path.dirname(file), { recursive: true, force: true });
    return {};
  } finally {
    await conversion.stop();
  }
}

/** After a failure: no feature of the unfinished layers and no uploaded file stay behind. */
export async function cleanUpImport(deps: Deps, job: JobRecord): Promise<void> {
  await deletePendingFeatures(deps.db, job.id);
  const payload = job.payload as unknown as ImportPayload;
  await rm(path.dirname(path.join(uploadsRoot(deps), payload.fileKey)), { recursive: true, force: true });
}
