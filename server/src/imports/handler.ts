import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_MSG, layerNameOfFile, type UploadType } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { withGdal } from '../platform/gdal.js';
import type { JobContext, JobOutcome, JobRecord } from '../jobs/queue.js';
import { commitImport, type TargetLayer } from './commit.js';
import { dropStagedRows, feetFields, stageFeatures, withMetreFields, type FeatureKind } from './load.js';
import { describeSource, layerAsGeoJsonSeq, openSource, type SourceLayer } from './source.js';

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

interface Converted {
  layer: SourceLayer;
  file: string;
}

/** Every source layer with a geometry as a GeoJSON text sequence on disk (one GDAL use for the whole file). */
async function convertSource(file: string, payload: ImportPayload, jobId: string): Promise<Converted[]> {
  return withGdal(async (gdal) => {
    const dataset = await openSource(gdal, file, payload.ext);
    try {
      const all = await describeSource(gdal, dataset);
      // A multi-layer source (GPX, KML folders, GPKG) brings only its layers that hold features.
      const layers = all.length > 1 ? all.filter((l) => l.featureCount !== 0) : all;
      if (!layers.length) throw new Error(IMPORT_MSG.noGeometry);
      const converted: Converted[] = [];
      const feet = feetFields(payload.convertFromFeet, payload.measurementFields);
      for (const source of layers) {
        const layer = withMetreFields(source, feet);
        converted.push({
          layer,
          file: await layerAsGeoJsonSeq(gdal, dataset, layer, payload.crs, `${jobId}-${layer.index}-${randomUUID()}`),
        });
      }
      return converted;
    } finally {
      await gdal.close(dataset);
    }
  });
}

const KIND_SUFFIX: Record<FeatureKind, string> = { point: 'points', line: 'lines', polygon: 'polygons' };

/** The layers to make: one per source layer, split by geometry kind when a source layer mixes kinds. */
async function targetLayers(
  deps: Deps,
  jobId: string,
  converted: Converted[],
  payload: ImportPayload,
): Promise<TargetLayer[]> {
  const kinds = await deps.db
    .selectFrom('import_rows')
    .select(['source_layer', 'kind'])
    .where('job_id', '=', jobId)
    .groupBy(['source_layer', 'kind'])
    .orderBy('kind')
    .execute();
  const single = converted.length === 1;
  return converted.flatMap(({ layer }): TargetLayer[] => {
    const base = single
      ? (payload.layerName ?? (payload.fileName ? layerNameOfFile(payload.fileName) : layer.name))
      : layer.name;
    const fields = layer.fields.map(({ name, type, order }) => ({ name, type, order }));
    const ofLayer = kinds.filter((k) => k.source_layer === layer.index).map((k) => k.kind as FeatureKind);
    if (ofLayer.length <= 1) return [{ name: base, sourceLayer: layer.index, kind: null, fields }];
    return ofLayer.map((kind) => ({ name: `${base} (${KIND_SUFFIX[kind]})`, sourceLayer: layer.index, kind, fields }));
  });
}

/** The IMPORT job (issue #10 §2): read the upload with GDAL, stage its features, create the layers at once. */
export async function runImport(job: JobRecord, ctx: JobContext): Promise<JobOutcome> {
  const { deps } = ctx;
  const payload = job.payload as unknown as ImportPayload;
  if (!job.project_id) throw new Error(IMPORT_MSG.failed);
  const file = path.join(uploadsRoot(deps), payload.fileKey);
  // A job queued again after its worker died starts over.
  await dropStagedRows(deps, job.id);
  const converted = await convertSource(file, payload, job.id);
  try {
    const total = converted.reduce((sum, c) => sum + Math.max(0, c.layer.featureCount), 0);
    let done = 0;
    await ctx.progress(0, total);
    for (const { layer, file: seq } of converted) {
      const before = done;
      const staged = await stageFeatures(deps, seq, {
        jobId: job.id,
        layer,
        convertFromFeet: payload.convertFromFeet,
        measurementFields: payload.measurementFields,
        signal: ctx.signal,
        onBatch: (n) => ctx.progress(before + n, Math.max(total, before + n)),
      });
      done += staged.staged;
      if (staged.skipped)
        ctx.info(`${layer.name}: ${staged.skipped} features without a point, line or polygon skipped`);
      if (staged.badValues) ctx.info(`${layer.name}: ${staged.badValues} values did not fit their field and are empty`);
    }
    const layers = await targetLayers(deps, job.id, converted, payload);
    const made = await commitImport(deps, {
      jobId: job.id,
      organizationId: job.organization_id,
      projectId: job.project_id,
      folderId: payload.folderId,
      accountId: job.owner_id,
      preferredMethod: payload.method,
      convertFromFeet: payload.convertFromFeet,
      layers,
    });
    await ctx.progress(done, done);
    made.forEach((m, i) => ctx.info(`${layers[i]?.name}: ${m.count}`));
    await rm(path.dirname(file), { recursive: true, force: true });
    return {};
  } finally {
    await Promise.all(converted.map((c) => rm(c.file, { force: true })));
  }
}

/** After success or failure alike: no staged rows and no uploaded file stay behind. */
export async function cleanUpImport(deps: Deps, job: JobRecord): Promise<void> {
  await dropStagedRows(deps, job.id);
  const payload = job.payload as unknown as ImportPayload;
  await rm(path.dirname(path.join(uploadsRoot(deps), payload.fileKey)), { recursive: true, force: true });
}
