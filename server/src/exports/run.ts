import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import {
  cleanExportFileName,
  exportMeasurementFields,
  exportTargetCrs,
  type ExportFormat,
  type ExportRequest,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { exportColumns, type ExportColumn } from './columns.js';
import { isGdalFormat, MULTI_LAYER, SPLIT_BY_FAMILY, translate, type PreparedGroup } from './gdal-output.js';
import { filesUnder, zipFiles, zipOneEntry } from './pack.js';
import {
  exportFilter,
  exportGroups,
  writeLayerText,
  writePnezd,
  type ExportGroup,
  type ExportLayer,
  type FeatureFilter,
  type FeatureSource,
} from './source.js';
import { CSV, csvtOf, GEOJSON, KML, type TextLayout } from './text-formats.js';
import { exportDoneMail } from './mail.js';
import { writeExportAttachments } from './attachments.js';

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
  signal: AbortSignal;
}

export const exportResultKey = (organizationId: string, jobId: string) => `exports/${organizationId}/${jobId}`;
export const exportDownloadPath = (jobId: string, name: string) =>
  `/rest/exports/${jobId}/download/${encodeURIComponent(name)}`;

/** An export's own folder while it runs, beside the stored files so the result moves in without a copy. */
export const workDir = (deps: Deps, jobId: string) => path.join(deps.config.dataDir, 'work', `export-${jobId}`);

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

interface NamedGroup {
  group: ExportGroup;
  name: string;
  columns: ExportColumn[];
}

/** Where a text format's layers go: one file for a multi-layer format, else one file per layer. */
const TEXT_FORMATS: Partial<Record<ExportFormat, { layout: TextLayout; extension: string }>> = {
  CSV: { layout: CSV, extension: 'csv' },
  GeoJSON: { layout: GEOJSON, extension: 'geojson' },
  KML: { layout: KML, extension: 'kml' },
  KMZ: { layout: KML, extension: 'kml' },
};

interface Writing {
  db: Deps['db'];
  source: FeatureSource;
  filter: FeatureFilter;
  crs: string;
  advance: (rows: number) => Promise<void>;
}

async function toFile(file: string, write: (out: Writable) => Promise<void>): Promise<void> {
  const out = createWriteStream(file);
  try {
    await write(out);
  } finally {
    out.end();
    await once(out, 'close');
  }
}

/** Several layers in one text file (KML), written as `layout` lays them out. */
async function writeTextLayers(w: Writing, groups: NamedGroup[], layout: TextLayout, out: Writable) {
  out.write(layout.fileStart);
  for (const g of groups) await writeLayerText(w.source, { ...g, crs: w.crs }, layout, out, w.filter, w.advance);
  out.write(layout.fileEnd);
}

/**
 * The WKT of a coordinate system for a .prj, when it can be named: given as WKT, or an EPSG code
 * (PostGIS's table of systems). A PROJ string has no WKT here: its CSV goes without a .prj.
 */
async function prjOf(db: Deps['db'], crs: string): Promise<string | null> {
  if (/^(PROJCS|GEOGCS|COMPD_CS|PROJCRS|GEOGCRS|COMPOUNDCRS|BOUNDCRS)\[/i.test(crs.trim())) return crs.trim();
  const code = /^EPSG:(\d+)$/i.exec(crs.trim())?.[1];
  if (!code) return null;
  const r = await sql<{ srtext: string | null }>`SELECT srtext FROM spatial_ref_sys
    WHERE auth_name = 'EPSG' AND auth_srid = ${Number(code)}`.execute(db);
  return r.rows[0]?.srtext ?? null;
}

/** CSV layers with their .csvt and .prj, as GDAL writes them (the result, and the intermediate of GDAL's formats). */
async function writeCsvLayers(w: Writing, groups: Array<NamedGroup & { file: string }>) {
  const prj = await prjOf(w.db, w.crs);
  for (const g of groups) {
    await writeFile(g.file.replace(/\.csv$/, '.csvt'), csvtOf(g.columns));
    if (prj) await writeFile(g.file.replace(/\.csv$/, '.prj'), prj);
    await toFile(g.file, (out) => writeTextLayers(w, [g], CSV, out));
  }
}

/** Writes the export's files into `outDir` (KMZ: straight into its zip, `kmz`). */
async function writeFormat(
  w: Writing,
  request: ExportRequest,
  groups: NamedGroup[],
  dirs: { inputDir: string; outDir: string; kmz: string },
  signal: AbortSignal,
) {
  const { format } = request;
  if (format === 'PNEZD')
    return toFile(path.join(dirs.outDir, `${request.fileName}.txt`), async (out) => {
      for (const { group } of groups)
        await writePnezd(w.source, group, w.crs, request.pointNumber, out, w.filter, w.advance);
    });
  if (format === 'KMZ')
    // No LIBKML in GDAL's WebAssembly build: a KMZ is the KML zipped, as doc.kml (DESIGN §7).
    return zipOneEntry('doc.kml', dirs.kmz, (out) => writeTextLayers(w, groups, KML, out));
  if (format === 'CSV')
    return writeCsvLayers(
      w,
      groups.map((g) => ({ ...g, file: path.join(dirs.outDir, `${g.name}.csv`) })),
    );
  const text = TEXT_FORMATS[format];
  if (text && MULTI_LAYER.includes(format))
    return toFile(path.join(dirs.outDir, `${request.fileName}.${text.extension}`), (out) =>
      writeTextLayers(w, groups, text.layout, out),
    );
  if (text) {
    for (const g of groups)
      await toFile(path.join(dirs.outDir, `${g.name}.${text.extension}`), (out) =>
        writeTextLayers(w, [g], text.layout, out),
      );
    return;
  }
  if (!isGdalFormat(format)) throw new Error(`no writer for ${format}`);
  // GDAL's formats: the layers as CSV in EPSG:4326 first, then GDAL translates them (gdal-output.ts).
  const prepared: PreparedGroup[] = groups.map((g, i) => ({ group: g.group, name: g.name, source: `layer-${i}` }));
  await writeCsvLayers(
    { ...w, crs: 'EPSG:4326' },
    groups.map((g, i) => ({ ...g, file: path.join(dirs.inputDir, `layer-${i}.csv`) })),
  );
  await translate(format, prepared, dirs, request.fileName, w.crs, signal);
}

/** One file as it is; several (a Shapefile's parts, a FileGDB folder, one file per layer) zipped. */
async function packResult(dir: string, outDir: string, fileName: string): Promise<{ name: string; file: string }> {
  const files = await filesUnder(outDir);
  // A single file takes the requested name; a zip keeps the layers' names inside.
  const only = files.length === 1 ? files[0] : undefined;
  if (only) return { name: `${fileName}${path.extname(only.name)}`, file: only.file };
  const zip = path.join(dir, `${fileName}.zip`);
  await zipFiles(files, zip);
  return { name: `${fileName}.zip`, file: zip };
}

/**
 * The EXPORT job (issue #10 §3): the database writes the text formats page by page (CSV, GeoJSON,
 * KML, KMZ, PNEZD); for GDAL's formats it writes the layers as CSV and GDAL (gdal3.js, on a worker
 * thread) translates them in the chosen CRS. The result is stored and the owner mailed.
 */
export async function runExport(deps: Deps, job: ExportJob, ctx: ExportProgress): Promise<{ resultUrl: string }> {
  const { request } = job.payload;
  const dir = workDir(deps, job.id);
  const dirs = {
    inputDir: path.join(dir, 'in'),
    outDir: path.join(dir, 'out'),
    kmz: path.join(dir, `${request.fileName}.kmz`),
  };
  await rm(dir, { recursive: true, force: true });
  await mkdir(dirs.inputDir, { recursive: true });
  await mkdir(dirs.outDir, { recursive: true });
  try {
    const layers = await loadLayers(deps, job);
    const filter = await exportFilter(deps.db, request, layers);
    const split = SPLIT_BY_FAMILY.includes(request.format);
    const grouped = await Promise.all(layers.map((l) => exportGroups(deps.db, l, split, filter)));
    const named: NamedGroup[] = [];
    for (const g of nameGroups(grouped))
      named.push({
        ...g,
        columns: await exportColumns(deps.db, {
          fields: g.group.layer.fields,
          dictionaryId: g.group.layer.dictionaryId,
          measurementFields: exportMeasurementFields(request.showMetric),
          only: request.fields,
        }),
      });
    const total = named.reduce((n, g) => n + g.group.count, 0);
    let processed = 0;
    const advance = async (rows: number) => {
      processed += rows;
      await ctx.progress(processed, total);
    };
    await ctx.progress(0, total);
    const source: FeatureSource = { db: deps.db, copyOut: deps.copyOut };
    const writing: Writing = { db: deps.db, source, filter, crs: exportTargetCrs(request), advance };
    await writeFormat(writing, request, named, dirs, ctx.signal);
    const withFiles =
      request.exportAttachments && (await writeExportAttachments(deps, layers, filter, dirs.outDir)) > 0;
    // A KMZ with attachments is delivered in a zip beside them (the KMZ stays as Google Earth reads it).
    if (withFiles && request.format === 'KMZ') await rename(dirs.kmz, path.join(dirs.outDir, path.basename(dirs.kmz)));

    const result =
      request.format === 'KMZ' && !withFiles
        ? { name: `${request.fileName}.kmz`, file: dirs.kmz }
        : await packResult(dir, dirs.outDir, request.fileName);
    await deps.files.putFile(`${exportResultKey(job.organization_id, job.id)}/${result.name}`, result.file);
    const resultUrl = exportDownloadPath(job.id, result.name);
    await exportDoneMail(deps, request.email, result.name, resultUrl);
    return { resultUrl };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** After an export failed for good (its worker died twice): its folder goes. */
export async function cleanUpExport(deps: Deps, job: { id: string }): Promise<void> {
  await rm(workDir(deps, job.id), { recursive: true, force: true });
}
