import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_MSG, layerNameOfFile, type UploadType } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { withGdal } from '../platform/gdal.js';
import type { JobContext, JobOutcome, JobRecord } from '../jobs/queue.js';
import { commitImport, type TargetLayer } from './commit.js';
import { sql } from 'kysely';
import {
  copyIntoStage,
  createStage,
  dropStages,
  feetFields,
  kindOf,
  stageTable,
  withMetreFields,
  type FeatureKind,
} from './load.js';
import { layerAsCsv } from './dump.js';
import { describeSource, openSource, type SourceLayer } from './source.js';

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

/** Every source layer with a geometry as COPY text on disk (dump.ts; one GDAL use for the whole file). */
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
          file: await layerAsCsv(gdal, dataset, layer, payload.crs, `${jobId}-${layer.index}-${randomUUID()}`),
        });
      }
      return converted;
    } finally {
      await gdal.close(dataset);
    }
  });
}

interface Staged extends Converted {
  stage: string;
  /** The geometry kinds staged, and the features without a point, line or polygon. */
  kinds: FeatureKind[];
  skipped: number;
}

/** COPYs each converted layer into its staging table and counts what it holds by geometry kind. */
async function stage(deps: Deps, jobId: string, converted: Converted[]): Promise<Staged[]> {
  const staged: Staged[] = [];
  for (const c of converted) {
    const table = stageTable(jobId, c.layer.index);
    await createStage(deps.db, table, c.layer);
    await copyIntoStage(deps, table, c.layer, c.file);
    const counts = await sql<{ kind: FeatureKind | null; n: string }>`
      SELECT ${kindOf(sql`wkt`)} AS kind, count(*)::text AS n FROM ${sql.id(table)} GROUP BY 1 ORDER BY 1`.execute(
      deps.db,
    );
    staged.push({
      ...c,
      stage: table,
      kinds: counts.rows.flatMap((r) => (r.kind ? [r.kind] : [])),
      skipped: Number(counts.rows.find((r) => !r.kind)?.n ?? 0),
    });
  }
  return staged;
}

const KIND_SUFFIX: Record<FeatureKind, string> = { point: 'points', line: 'lines', polygon: 'polygons' };

/** The layers to make: one per source layer, split by geometry kind when a source layer mixes kinds. */
function targetLayers(staged: Staged[], payload: ImportPayload): TargetLayer[] {
  const single = staged.length === 1;
  const feet = feetFields(payload.convertFromFeet, payload.measurementFields);
  return staged.flatMap(({ layer, stage: table, kinds }): TargetLayer[] => {
    const base = single
      ? (payload.layerName ?? (payload.fileName ? layerNameOfFile(payload.fileName) : layer.name))
      : layer.name;
    const fields = layer.fields.map(({ name, type, order }) => ({ name, type, order }));
    const common = { stage: table, source: layer, fields, feet };
    if (kinds.length <= 1) return [{ ...common, name: base, kind: null }];
    return kinds.map((kind) => ({ ...common, name: `${base} (${KIND_SUFFIX[kind]})`, kind }));
  });
}

/** The IMPORT job (issue #10 §2): read the upload with GDAL, stage its features, create the layers at once. */
export async function runImport(job: JobRecord, ctx: JobContext): Promise<JobOutcome> {
  const { deps } = ctx;
  const payload = job.payload as unknown as ImportPayload;
  if (!job.project_id) throw new Error(IMPORT_MSG.failed);
  const file = path.join(uploadsRoot(deps), payload.fileKey);
  // A job queued again after its worker died starts over.
  await dropStages(deps.db, job.id);
  const converted = await convertSource(file, payload, job.id);
  try {
    const total = converted.reduce((sum, c) => sum + Math.max(0, c.layer.featureCount), 0);
    await ctx.progress(0, total);
    const staged = await stage(deps, job.id, converted);
    if (ctx.signal.aborted) throw ctx.signal.reason;
    for (const s of staged)
      if (s.skipped) ctx.info(`${s.layer.name}: ${s.skipped} features without a point, line or polygon skipped`);
    const layers = targetLayers(staged, payload);
    let done = 0;
    let badValues = 0;
    const made = await commitImport(
      deps,
      {
        jobId: job.id,
        organizationId: job.organization_id,
        projectId: job.project_id,
        folderId: payload.folderId,
        accountId: job.owner_id,
        preferredMethod: payload.method,
        convertFromFeet: payload.convertFromFeet,
        layers,
      },
      async (moved, bad) => {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        done += moved;
        badValues += bad;
        // PGlite is one connection, held by the commit's transaction: the panel reads the job after it.
        if (deps.dbKind === 'postgres') await ctx.progress(done, Math.max(total, done));
      },
    );
    await ctx.progress(done, done);
    if (badValues) ctx.info(`${badValues} values did not fit their field and are empty`);
    made.forEach((m, i) => ctx.info(`${layers[i]?.name}: ${m.count}`));
    await rm(path.dirname(file), { recursive: true, force: true });
    return {};
  } finally {
    await Promise.all(converted.map((c) => rm(c.file, { force: true })));
    await dropStages(deps.db, job.id);
  }
}

/** After success or failure alike: no staged rows and no uploaded file stay behind. */
export async function cleanUpImport(deps: Deps, job: JobRecord): Promise<void> {
  await dropStages(deps.db, job.id);
  const payload = job.payload as unknown as ImportPayload;
  await rm(path.dirname(path.join(uploadsRoot(deps), payload.fileKey)), { recursive: true, force: true });
}
