import path from 'node:path';
import type { ExportFormat } from '@fieldbook/domain';
import { runThread } from '../platform/threads.js';
import type { GeographicExtent } from './dgn-plane.js';
import type { GdalExportInput, GdalRun } from './gdal-thread.js';
import type { ExportGroup } from './source.js';

/** The formats GDAL writes; the database writes the text formats itself (text-formats.ts). */
export const GDAL_FORMATS = ['FileGDB', 'Shapefile', 'DGN', 'DXF'] as const;
export type GdalFormat = (typeof GDAL_FORMATS)[number];
export const isGdalFormat = (format: ExportFormat): format is GdalFormat =>
  (GDAL_FORMATS as readonly string[]).includes(format);

/** GDAL driver and creation options per format. */
const DRIVERS: Record<GdalFormat, { driver: string; options: string[] }> = {
  FileGDB: { driver: 'OpenFileGDB', options: [] },
  Shapefile: { driver: 'ESRI Shapefile', options: ['-lco', 'ENCODING=UTF-8'] },
  // DGN and DXF hold no attribute fields: select none rather than have GDAL fail on each.
  DGN: { driver: 'DGN', options: ['-select', ''] },
  DXF: { driver: 'DXF', options: ['-select', ''] },
};

/** Formats whose one file holds several layers; the others get one file per output layer. */
export const MULTI_LAYER: readonly ExportFormat[] = ['FileGDB', 'KML', 'KMZ'];
/** Formats that hold one geometry type per layer. */
export const SPLIT_BY_FAMILY: readonly ExportFormat[] = ['FileGDB', 'Shapefile'];

export interface PreparedGroup {
  group: ExportGroup;
  /** The output layer's (and per-layer file's) name. */
  name: string;
  /** The intermediate CSV's base name in the input folder. */
  source: string;
}

const FAMILY_TYPES = ['POINT', 'MULTILINESTRING', 'MULTIPOLYGON'];

/** ogr2ogr's `-nlt` of a group: its family's type (with Z), or any geometry for a group not split. */
function geometryType(group: ExportGroup): string {
  if (group.family === null) return 'GEOMETRY';
  const type = FAMILY_TYPES[group.family] ?? 'GEOMETRY';
  return group.hasZ ? `${type}Z` : type;
}

/** The extent of several groups together; null when none has features. */
function extentOf(groups: PreparedGroup[]): GeographicExtent | null {
  const extents = groups.flatMap((g) => (g.group.extent ? [g.group.extent] : []));
  if (!extents.length) return null;
  const all = (pick: (e: GeographicExtent) => number, f: (...n: number[]) => number) => f(...extents.map(pick));
  return {
    xmin: all((e) => e.xmin, Math.min),
    ymin: all((e) => e.ymin, Math.min),
    zmin: all((e) => e.zmin, Math.min),
    xmax: all((e) => e.xmax, Math.max),
    ymax: all((e) => e.ymax, Math.max),
    zmax: all((e) => e.zmax, Math.max),
  };
}

/**
 * Translates the intermediate CSVs in `inputDir` into `format` in the target CRS on a worker thread
 * (gdal-thread.ts), writing into `outDir`. One ogr2ogr call for a multi-layer format, else one per
 * output layer. Returns nothing: the caller collects the folder.
 */
export async function translate(
  format: GdalFormat,
  groups: PreparedGroup[],
  dirs: { inputDir: string; outDir: string },
  fileName: string,
  crs: string,
  signal: AbortSignal,
): Promise<void> {
  const { driver, options } = DRIVERS[format];
  const hasZ = groups.some((g) => g.group.hasZ);
  const args = ['-f', driver, '-s_srs', 'EPSG:4326', '-t_srs', crs, ...options];
  if (format === 'DGN' && hasZ) args.push('-dsco', '3D=YES');
  const multiLayer = MULTI_LAYER.includes(format);
  // One ogr2ogr call per layer, straight from its CSV: a multi-layer format adds each to one output.
  const runs: GdalRun[] = groups.map((g, i) => ({
    csv: path.join(dirs.inputDir, `${g.source}.csv`),
    outputName: multiLayer ? fileName : g.name,
    args: [...args, ...(multiLayer && i > 0 ? ['-update'] : []), '-nln', g.name, '-nlt', geometryType(g.group)],
    ...(format === 'DGN' ? { dgnExtent: extentOf(multiLayer ? groups : [g]) } : {}),
  }));
  const input: GdalExportInput = { runs, format, crs, outDir: dirs.outDir };
  await runThread<void>(new URL('./gdal-thread.ts', import.meta.url), input, { signal });
}
