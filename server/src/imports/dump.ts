import { IMPORT_MSG } from '@fieldbook/domain';
import { gdalMessages, type Gdal, type GdalDataset } from '../platform/gdal.js';
import type { SourceLayer } from './source.js';

/**
 * Writes one source layer in EPSG:4326 as CSV to disk (gdal.ts's output folder): the geometry as WKT
 * first, then every field under its source name, curves made linear. A layer without a coordinate
 * system is read in `crs` (else EPSG:4326). load.ts COPYs the rows into the job's staging table.
 *
 * Why CSV with WKT: WKT keeps each feature's own dimensions (GDAL's PGDump writes every geometry in
 * the layer's declared ones, and a layer of unknown type as 2D, losing the Z of a CSV or GeoJSON), and
 * PostgreSQL's COPY reads GDAL's CSV quoting as it is. GDAL writes an empty text and a missing one alike.
 */
export async function layerAsCsv(
  gdal: Gdal,
  dataset: GdalDataset,
  layer: SourceLayer,
  crs: string | undefined,
  outputName: string,
): Promise<string> {
  const args = ['-f', 'CSV', '-t_srs', 'EPSG:4326', '-nlt', 'CONVERT_TO_LINEAR', '-unsetFid'];
  if (!layer.hasCrs) args.push('-s_srs', crs ?? 'EPSG:4326');
  args.push('-lco', 'GEOMETRY=AS_WKT', '-lco', 'LINEFORMAT=LF', '-lco', 'CREATE_CSVT=NO', layer.name);
  try {
    const out = await gdal.ogr2ogr(dataset, args, outputName);
    return out.real;
  } catch {
    throw new Error(`${IMPORT_MSG.failed}: ${gdalMessages().join(' ').slice(0, 300)}`);
  }
}
