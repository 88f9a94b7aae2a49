import { IMPORT_MSG } from '@fieldbook/domain';
import { gdalMessages, type Gdal, type GdalDataset } from '../platform/gdal.js';
import type { SourceLayer } from './source.js';

/**
 * How GDAL hands over a source layer (in EPSG:4326, curves made linear, fields under their source
 * names), written to disk in gdal.ts's output folder and read as it grows (load.ts):
 * - FlatGeobuf for a layer of one declared geometry type: binary, so GDAL in WebAssembly writes a
 *   million points in a third of the time it takes to print them as text, and nothing is parsed back.
 * - CSV with WKT for a layer of undeclared type (a CSV of WKT, a GeoJSON mixing kinds): FlatGeobuf
 *   keeps Z only for a whole layer, WKT keeps each feature's own dimensions.
 */
export type HandOver = 'fgb' | 'csv';

/**
 * The hand-over format of a layer by its declared geometry type, as `ogrinfo -json` names it: a
 * `Geometry` (any type, Z or not), a collection or none goes as CSV; `Point`, `MultiPolygonZ`… as FlatGeobuf.
 */
export const handOverOf = (layer: Pick<SourceLayer, 'geometryType'>): HandOver =>
  /^(geometry|unknown|none)/i.test(layer.geometryType) ? 'csv' : 'fgb';

/** Writes the layer; a layer without a coordinate system is read in `crs` (else EPSG:4326). Returns the file. */
export async function handOverLayer(
  gdal: Gdal,
  dataset: GdalDataset,
  layer: SourceLayer,
  crs: string | undefined,
  outputName: string,
): Promise<string> {
  const args = ['-t_srs', 'EPSG:4326', '-nlt', 'CONVERT_TO_LINEAR', '-unsetFid'];
  if (!layer.hasCrs) args.push('-s_srs', crs ?? 'EPSG:4326');
  if (handOverOf(layer) === 'fgb') args.push('-f', 'FlatGeobuf', '-lco', 'SPATIAL_INDEX=NO');
  else args.push('-f', 'CSV', '-lco', 'GEOMETRY=AS_WKT', '-lco', 'LINEFORMAT=LF', '-lco', 'CREATE_CSVT=NO');
  args.push(layer.name);
  try {
    const out = await gdal.ogr2ogr(dataset, args, outputName);
    return out.real;
  } catch {
    throw new Error(`${IMPORT_MSG.failed}: ${gdalMessages().join(' ').slice(0, 300)}`);
  }
}
