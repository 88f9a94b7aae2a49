import { access } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_MSG, launderFieldName, isReservedFieldName, type FieldType, type LayerField } from '@fieldbook/domain';
import type { Gdal, GdalDataset } from '../platform/gdal.js';
import { zipEntryNames } from './zip-entries.js';

/** One layer of an uploaded file, as `ogrinfo -json -so` describes it. */
export interface SourceLayer {
  index: number;
  name: string;
  featureCount: number;
  geometryType: string;
  hasCrs: boolean;
  /** The layer's fields; `source` is the column name in the file. */
  fields: Array<LayerField & { source: string }>;
}

interface OgrInfoLayer {
  name: string;
  featureCount?: number;
  geometryFields?: Array<{ type?: string; coordinateSystem?: { wkt?: string } | null }>;
  fields?: Array<{ name: string; type: string; subType?: string }>;
}

/** OGR field types → our field types (issue #10 §2); anything else is kept as text. */
export function fieldTypeOf(ogrType: string, subType?: string): FieldType {
  if (subType === 'Boolean') return 'boolean';
  switch (ogrType) {
    case 'Integer':
    case 'Integer64':
      return 'integer';
    case 'Real':
      return 'real';
    case 'Date':
      return 'date';
    case 'DateTime':
      return 'datetime';
    default:
      return 'text';
  }
}

/** Source columns as layer fields: names made valid and unique, reserved names suffixed. */
export function fieldsOf(columns: NonNullable<OgrInfoLayer['fields']>): SourceLayer['fields'] {
  const taken = new Set<string>();
  return columns.map((column, order) => {
    let name = launderFieldName(column.name);
    if (isReservedFieldName(name)) name = `${name}_1`;
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${name}_${n}`;
    taken.add(candidate.toLowerCase());
    return { name: candidate, type: fieldTypeOf(column.type, column.subType), order, source: column.name };
  });
}

/** CSV coordinate columns (issue #10 §2): X/Y, lon/lat, longitude/latitude, or WKT. */
const CSV_OPEN_OPTIONS = [
  'X_POSSIBLE_NAMES=x,lon,lng,long,longitude,easting',
  'Y_POSSIBLE_NAMES=y,lat,latitude,northing',
  'Z_POSSIBLE_NAMES=z,elevation,altitude,alt',
  'GEOM_POSSIBLE_NAMES=wkt,geometry,geom,the_geom',
  'KEEP_GEOM_COLUMNS=NO',
  'AUTODETECT_TYPE=YES',
];

/** What a zip holds: a FileGDB folder or a GeoPackage (its path in the zip), or anything else (a Shapefile, KML…). */
type ZipContent = { database: string } | null;

/** The shallowest entry of `names` that `pattern` finds (its first group), at the root or in folders. */
function shallowest(names: string[], pattern: RegExp): string | undefined {
  return names
    .flatMap((n) => {
      const m = pattern.exec(n);
      return m?.[1] ? [m[1]] : [];
    })
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0];
}

/**
 * Refuses a zip that is not one, and a Shapefile in it without its .dbf or .shx; finds a FileGDB
 * (an `x.gdb/` folder) or a GeoPackage in it, at its root or in a folder.
 */
async function checkZip(file: string): Promise<ZipContent> {
  const names = await zipEntryNames(file);
  if (!names || names.length === 0) throw new Error(IMPORT_MSG.corruptFile);
  const lower = new Set(names.map((n) => n.toLowerCase()));
  for (const name of lower) {
    if (!name.endsWith('.shp')) continue;
    const stem = name.slice(0, -4);
    if (!lower.has(`${stem}.dbf`) || !lower.has(`${stem}.shx`)) throw new Error(IMPORT_MSG.shapefileIncomplete);
  }
  const database =
    shallowest(names, /^((?:[^/]+\/)*[^/]+\.gdb)\//i) ?? shallowest(names, /^((?:[^/]+\/)*[^/]+\.gpkg)$/i);
  return database ? { database } : null;
}

/** gdal3.js's folder where it mounts the folder of the file it opens (an "internal" path opens below it). */
const MOUNTED_INPUT = '/input';

/**
 * Opens a FileGDB or GeoPackage inside a zip by its path in the zip (`/vsizip/…/x.zip/folder/x.gdb`):
 * GDAL's drivers open a zipped database only by its own path. gdal3.js mounts the zip's folder when
 * it opens the zip itself (which fails: a database is no dataset at a zip's root), then the path
 * below that mount opens the database.
 */
async function openZippedDatabase(gdal: Gdal, file: string, database: string) {
  await gdal.open(path.resolve(file), [], ['vsizip']).catch(() => undefined);
  return gdal.open(`${MOUNTED_INPUT}/${path.basename(file)}/${database}`, [], ['vsizip']);
}

/** Opens an uploaded file by its extension; throws an IMPORT_MSG id when GDAL cannot read it. */
export async function openSource(gdal: Gdal, file: string, ext: string): Promise<GdalDataset> {
  // gdal3.js mounts the file's folder outside any promise it returns: a missing one would end the process.
  await access(file).catch(() => {
    throw new Error(`${IMPORT_MSG.failed}: the uploaded file is no longer there`);
  });
  const zipped = ext === 'zip' || ext === 'kmz';
  const database = zipped ? (await checkZip(file))?.database : undefined;
  const opened = database
    ? await openZippedDatabase(gdal, file, database)
    : await gdal.open(path.resolve(file), ext === 'csv' ? CSV_OPEN_OPTIONS : [], zipped ? ['vsizip'] : []);
  const dataset = opened.datasets[0];
  if (!dataset) throw new Error(zipped ? IMPORT_MSG.corruptFile : IMPORT_MSG.invalidType);
  if (dataset.type === 'raster') {
    await gdal.close(dataset);
    throw new Error(IMPORT_MSG.rasterUnavailable);
  }
  return dataset;
}

/** The layers of an opened file that have a geometry column. */
export async function describeSource(gdal: Gdal, dataset: GdalDataset): Promise<SourceLayer[]> {
  const info = (await gdal.ogrinfo(dataset, ['-so', '-al'])) as { layers?: OgrInfoLayer[] };
  return (info.layers ?? []).flatMap((layer, index) => {
    const geometry = layer.geometryFields?.[0];
    if (!geometry) return [];
    return [
      {
        index,
        name: layer.name,
        featureCount: layer.featureCount ?? 0,
        geometryType: geometry.type ?? 'Unknown',
        hasCrs: !!geometry.coordinateSystem?.wkt,
        fields: fieldsOf(layer.fields ?? []),
      },
    ];
  });
}
