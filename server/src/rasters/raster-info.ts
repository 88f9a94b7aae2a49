import path from 'node:path';

/** How the stored image's bands read: grey + alpha, or red, green, blue + alpha (8 bits each). */
export type RasterBands = 'gray' | 'rgb';

/**
 * What a RASTER layer keeps in `layers.raster` (migration 015): its stored GeoTIFF (EPSG:3857, tiled,
 * with overviews and an alpha band, made at import) and where it lies.
 */
export interface RasterInfo {
  /** The stored GeoTIFF, relative to DATA_DIR/files. */
  file: string;
  /** West, south, east, north in EPSG:4326. */
  extent: [number, number, number, number];
  /** minx, miny, maxx, maxy of the stored image in EPSG:3857. */
  bounds: [number, number, number, number];
  /** Full-resolution size of the stored image in pixels. */
  width: number;
  height: number;
  bands: RasterBands;
  /** The uploaded image as GDAL described it. */
  source: { width: number; height: number; bandCount: number; dataType: string; crs: string };
}

const isBox = (v: unknown): v is [number, number, number, number] =>
  Array.isArray(v) && v.length === 4 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

/** A layer's `raster` column as RasterInfo, or null when the layer has none (or it is not one). */
export function rasterInfoOf(value: unknown): RasterInfo | null {
  const v = (typeof value === 'string' ? (JSON.parse(value) as unknown) : value) as Partial<RasterInfo> | null;
  if (!v || typeof v !== 'object' || typeof v.file !== 'string' || !isBox(v.extent) || !isBox(v.bounds)) return null;
  if (v.bands !== 'gray' && v.bands !== 'rgb') return null;
  return v as RasterInfo;
}

/** Rasters live beside the other stored files: DATA_DIR/files/rasters/<import job id>.tif. */
export const rasterKeyOf = (jobId: string) => path.join('rasters', `${jobId}.tif`);

export const rasterPath = (dataDir: string, info: Pick<RasterInfo, 'file'>) => path.join(dataDir, 'files', info.file);

/** The extent as the layer's GET and the project tree give it (EPSG:4326). */
export function extentOut(info: RasterInfo) {
  const [west, south, east, north] = info.extent;
  return { west, south, east, north };
}
