import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ExportFormat } from '@fieldbook/domain';
import { gdalMessages, withGdal } from '../platform/gdal.js';
import { dgnDesignPlane, type GeographicExtent } from './dgn-plane.js';
import type { ExportGroup } from './source.js';

/** GDAL driver and creation options per format (PNEZD is written without GDAL). */
const DRIVERS: Record<Exclude<ExportFormat, 'PNEZD'>, { driver: string; options: string[] }> = {
  // The .csvt beside the CSV gives readers (GDAL, QGIS) each column's type.
  CSV: { driver: 'CSV', options: ['-lco', 'GEOMETRY=AS_WKT', '-lco', 'CREATE_CSVT=YES'] },
  GeoJSON: { driver: 'GeoJSON', options: ['-lco', 'RFC7946=NO'] },
  FileGDB: { driver: 'OpenFileGDB', options: [] },
  KML: { driver: 'KML', options: [] },
  KMZ: { driver: 'KML', options: [] },
  Shapefile: { driver: 'ESRI Shapefile', options: ['-lco', 'ENCODING=UTF-8'] },
  // DGN and DXF hold no attribute fields: select none rather than have GDAL fail on each.
  DGN: { driver: 'DGN', options: ['-select', ''] },
  DXF: { driver: 'DXF', options: ['-select', ''] },
};

/** Formats whose one file holds several layers; the others get one file per output layer. */
const MULTI_LAYER: readonly ExportFormat[] = ['FileGDB', 'KML', 'KMZ'];
/** Formats that hold one geometry type per layer. */
export const SPLIT_BY_FAMILY: readonly ExportFormat[] = ['FileGDB', 'Shapefile'];

export interface PreparedGroup {
  group: ExportGroup;
  /** The output layer's (and per-layer file's) name. */
  name: string;
  /** The intermediate CSV's base name in the input folder. */
  source: string;
}

const FAMILY_TYPES = ['wkbPoint', 'wkbMultiLineString', 'wkbMultiPolygon'];

function geometryType(group: ExportGroup): string {
  if (group.family === null) return 'wkbUnknown';
  const type = FAMILY_TYPES[group.family] ?? 'wkbUnknown';
  return group.hasZ && type !== 'wkbUnknown' ? `${type}25D` : type;
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** An OGR VRT naming each intermediate CSV as a layer in EPSG:4326 with its geometry type. */
export function vrtOf(groups: PreparedGroup[]): string {
  const layers = groups.map(
    (g) => `<OGRVRTLayer name="${xml(g.name)}">
  <SrcDataSource relativeToVRT="1">${xml(g.source)}.csv</SrcDataSource><SrcLayer>${xml(g.source)}</SrcLayer>
  <OpenOptions><OOI key="KEEP_GEOM_COLUMNS">NO</OOI><OOI key="EMPTY_STRING_AS_NULL">YES</OOI></OpenOptions>
  <LayerSRS>EPSG:4326</LayerSRS><GeometryType>${geometryType(g.group)}</GeometryType>
</OGRVRTLayer>`,
  );
  return `<OGRVRTDataSource>\n${layers.join('\n')}\n</OGRVRTDataSource>\n`;
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
 * Translates the intermediate CSVs in `inputDir` into `format` in the target CRS, writing under
 * `outputName` (a path below GDAL's output folder, `gdalOutputDir`). One ogr2ogr call for a
 * multi-layer format, else one per output layer. Returns nothing: the caller collects the folder.
 */
export async function translate(
  format: Exclude<ExportFormat, 'PNEZD'>,
  groups: PreparedGroup[],
  inputDir: string,
  outputName: (name: string) => string,
  fileName: string,
  crs: string,
): Promise<void> {
  const { driver, options } = DRIVERS[format];
  const hasZ = groups.some((g) => g.group.hasZ);
  const args = ['-f', driver, '-t_srs', crs, ...options, ...(format === 'DGN' && hasZ ? ['-dsco', '3D=YES'] : [])];
  const runs = MULTI_LAYER.includes(format)
    ? [{ vrt: 'all', groups, name: fileName }]
    : groups.map((g, i) => ({ vrt: `one-${i}`, groups: [g], name: g.name }));
  for (const run of runs) await writeFile(path.join(inputDir, `${run.vrt}.vrt`), vrtOf(run.groups));

  await withGdal(async (gdal) => {
    for (const run of runs) {
      const { datasets, errors } = await gdal.open(path.join(inputDir, `${run.vrt}.vrt`));
      const dataset = datasets[0];
      if (!dataset) throw new Error(`GDAL could not read the export's data: ${JSON.stringify(errors)}`);
      try {
        const plane = format === 'DGN' ? await dgnDesignPlane(gdal, extentOf(run.groups), crs) : [];
        await gdal.ogr2ogr(dataset, [...args, ...plane], outputName(run.name));
      } catch (err) {
        const detail = (err as { message?: string }).message ?? String(err);
        throw new Error(`GDAL could not write ${format}: ${detail} ${gdalMessages().slice(-3).join(' ')}`, {
          cause: err,
        });
      } finally {
        await gdal.close(dataset);
      }
    }
  });
}
