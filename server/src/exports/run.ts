import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import {
  cleanExportFileName,
  exportMeasurementFields,
  exportTargetCrs,
  type ExportFormat,
  type ExportRequest,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { gdalOutputDir } from '../platform/gdal.js';
import { exportColumns } from './columns.js';
import { SPLIT_BY_FAMILY, translate, type PreparedGroup } from './gdal-output.js';
import { exportFilter, exportGroups, writeGroupCsv, writePnezd, type ExportLayer } from './source.js';
import { exportDoneMail } from './mail.js';

/** What the EXPORT job carries: the checked request and the layers the caller could view when asking. */
export interface ExportPayload {
  request: ExportRequest;
  itemType: 'layer' | 'folder' | 'project';
  itemId: string;
  layerIds: string[];
}

export interface ExportJob {
  id: string;
  organization_id: string;
  payload: ExportPayload;
}

export interface ExportProgress {
  progress(processed: number, total: number): Promise<void>;
}

export const exportResultKey = (organizationId: string, jobId: string) => `exports/${organizationId}/${jobId}`;
export const exportDownloadPath = (jobId: string, name: string) =>
  `/rest/exports/${jobId}/download/${encodeURIComponent(name)}`;

const workDir = (jobId: string) => path.join(gdalOutputDir, `export-${jobId}`);

/** The layers of the job, still in the job's organization, with their fields and dictionary. */
async function loadLayers(deps: Deps, job: ExportJob): Promise<ExportLayer[]> {
  if (!job.payload.layerIds.length) return [];
  const rows = await deps.db
    .selectFrom('layers')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .select(['layers.id', 'layers.name', 'layers.fields', 'projects.dictionary_id'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('features')
            .select('features.id')
            .whereRef('features.layer_id', '=', 'layers.id')
            .where('features.dictionary_id', 'is not', null),
        )
        .as('classified'),
    )
    .where('layers.id', 'in', job.payload.layerIds)
    .where('projects.organization_id', '=', job.organization_id)
    .orderBy('layers.name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    fields: r.fields,
    dictionaryId: r.classified ? r.dictionary_id : null,
  }));
}

const FAMILY_SUFFIX = ['points', 'lines', 'polygons'];

/** Output layer names: the layer's name (cleaned), with the geometry family when a layer was split; unique. */
function nameGroups(groups: Awaited<ReturnType<typeof exportGroups>>[]): Omit<PreparedGroup, 'source'>[] {
  const used = new Set<string>();
  return groups.flatMap((layerGroups) =>
    layerGroups.map((group) => {
      const base = cleanExportFileName(group.layer.name) || 'layer';
      let name = layerGroups.length > 1 ? `${base}_${FAMILY_SUFFIX[group.family ?? 0]}` : base;
      for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base}_${i}`;
      used.add(name.toLowerCase());
      return { group, name };
    }),
  );
}

async function filesUnder(dir: string, prefix = ''): Promise<Array<{ name: string; file: string }>> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: Array<{ name: string; file: string }> = [];
  for (const e of entries) {
    if (e.isDirectory()) found.push(...(await filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`)));
    else found.push({ name: `${prefix}${e.name}`, file: path.join(dir, e.name) });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** One file as it is; several (a Shapefile's parts, a FileGDB folder, one file per layer) zipped. */
async function packResult(outDir: string, fileName: string, format: ExportFormat) {
  const files = await filesUnder(outDir);
  if (format === 'KMZ') {
    // No LIBKML in gdal3.js: a KMZ is the KML zipped by us, as doc.kml (DESIGN §7).
    const kml = files.find((f) => f.name.endsWith('.kml'));
    if (!kml) throw new Error('The KML of the KMZ was not written');
    return { name: `${fileName}.kmz`, data: Buffer.from(zipSync({ 'doc.kml': await readFile(kml.file) })) };
  }
  // A single file takes the requested name; a zip keeps the layers' names inside.
  const only = files.length === 1 ? files[0] : undefined;
  if (only) return { name: `${fileName}${path.extname(only.name)}`, data: await readFile(only.file) };
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = await readFile(f.file);
  return { name: `${fileName}.zip`, data: Buffer.from(zipSync(entries)) };
}

/**
 * The EXPORT job (issue #10 §3): reads the features page by page into typed CSV intermediates on disk,
 * has GDAL (gdal3.js) write the format in the chosen CRS, stores the file and mails the owner.
 */
export async function runExport(deps: Deps, job: ExportJob, ctx: ExportProgress): Promise<{ resultUrl: string }> {
  const { request } = job.payload;
  const dir = workDir(job.id);
  const inputDir = path.join(dir, 'in');
  const outDir = path.join(dir, 'out');
  await rm(dir, { recursive: true, force: true });
  await mkdir(inputDir, { recursive: true });
  await mkdir(outDir, { recursive: true });
  try {
    const layers = await loadLayers(deps, job);
    const filter = exportFilter(request);
    const split = SPLIT_BY_FAMILY.includes(request.format);
    const grouped = await Promise.all(layers.map((l) => exportGroups(deps.db, l, split, filter)));
    const named = nameGroups(grouped);
    const total = named.reduce((n, g) => n + g.group.count, 0);
    let processed = 0;
    const advance = async (rows: number) => {
      processed += rows;
      await ctx.progress(processed, total);
    };
    await ctx.progress(0, total);
    const crs = exportTargetCrs(request);

    if (request.format === 'PNEZD') {
      const out = createWriteStream(path.join(outDir, `${request.fileName}.txt`));
      for (const { group } of named) await writePnezd(deps.db, group, crs, request.pointNumber, out, filter, advance);
      out.end();
      await once(out, 'finish');
    } else {
      const prepared: PreparedGroup[] = [];
      for (const [i, g] of named.entries()) {
        const columns = await exportColumns(deps.db, {
          fields: g.group.layer.fields,
          dictionaryId: g.group.layer.dictionaryId,
          measurementFields: exportMeasurementFields(request.showMetric),
          only: request.fields,
        });
        const source = `layer-${i}`;
        await writeGroupCsv(deps.db, g.group, columns, path.join(inputDir, `${source}.csv`), filter, advance);
        prepared.push({ ...g, source });
      }
      const relativeOut = path.relative(gdalOutputDir, outDir);
      await translate(request.format, prepared, inputDir, (name) => `${relativeOut}/${name}`, request.fileName, crs);
    }

    const result = await packResult(outDir, request.fileName, request.format);
    await deps.files.put(`${exportResultKey(job.organization_id, job.id)}/${result.name}`, result.data);
    const resultUrl = exportDownloadPath(job.id, result.name);
    await exportDoneMail(deps, request.email, result.name, resultUrl);
    return { resultUrl };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
