import { z } from 'zod';

/** Upload limits of spec 3 §5 and §9. */
export const UPLOAD_LIMITS = {
  maxBytes: 329_715_200,
} as const;

/** Extensions each upload type accepts (spec 3 §5, issue #10 §2), lower case without the dot. */
export const UPLOAD_EXTENSIONS = {
  VECTOR: ['zip', 'kmz', 'kml', 'geojson', 'json', 'gpkg', 'gpx', 'csv'],
  RASTER: ['zip', 'tif', 'tiff'],
} as const;
export const UPLOAD_TYPES = ['VECTOR', 'RASTER'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const IMPORT_MSG = {
  /** Generic upload failure (spec 3 §8). */
  failed: 'app.layer.upload.error',
  emptyFile: 'app.layer.upload.error.empty-file',
  tooLarge: 'app.layer.upload.error.too-large',
  invalidType: 'app.layer.upload.error.invalid',
  /** A zip that is not one, or cut short. */
  corruptFile: 'app.layer.upload.error.corrupt',
  /** A zipped Shapefile without its .dbf or .shx. */
  shapefileIncomplete: 'app.layer.upload.error.shapefile-parts',
  /** Nothing with a geometry in the file (a CSV without coordinate or WKT columns, an empty file of a known format). */
  noGeometry: 'app.layer.upload.error.no-geometry',
  /** The organization's raster upload flag is off (spec 3 §6); refused before anything is stored. */
  rasterDisabled: 'app.layer.upload.error.raster',
  /** A raster image uploaded as VECTOR (source.ts): it must be uploaded as RASTER. */
  rasterUnavailable: 'app.layer.upload.error.raster-as-vector',
  /** A zipped raster, or a raster that names no coordinate system, needs the dialog's one (spec 3 §5). */
  rasterCrsRequired: 'app.layer.upload.error.raster-crs',
  /** A zip uploaded as a raster holds no GeoTIFF. */
  noRaster: 'app.layer.upload.error.no-raster',
  /** A raster GDAL cannot read or place on the map (damaged, or without a georeference). */
  badRaster: 'app.layer.upload.error.raster-corrupt',
} as const;

/** `GET /rest/projects/signedurl/{folderId}/{ext}/{type}/{method}` (spec 3 §7). */
export const importUrlParamsSchema = z.object({
  folderId: z.string().uuid(),
  ext: z
    .string()
    .trim()
    .transform((ext) => ext.replace(/^\./, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{1,8}$/, { message: IMPORT_MSG.invalidType })),
  type: z
    .string()
    .transform((t) => t.toUpperCase())
    .pipe(z.enum(UPLOAD_TYPES, { message: IMPORT_MSG.invalidType })),
  method: z.string().trim().max(16),
});

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional();

export const importUrlQuerySchema = z.object({
  orgId: z.string().optional(),
  /** An EPSG code ("EPSG:2231" or "2231") used when the file names no coordinate system. */
  crs: z
    .string()
    .trim()
    .regex(/^(EPSG:)?\d{4,6}$/i, { message: 'app.site.not-found' })
    .transform((c) => (c.toUpperCase().startsWith('EPSG:') ? c.toUpperCase() : `EPSG:${c}`))
    .optional(),
  layerName: z.string().trim().min(1).max(128).optional(),
  convertFromFeet: flag,
  /** Comma-separated measurement fields (Elevation, Altitude, Antenna, Depth) whose values are in feet. */
  measurementFields: z.string().trim().max(200).optional(),
});

export const importUrlResponseSchema = z.object({ url: z.string() });

/** The layer name a file gives when the dialog sends none: its name without the extension. */
export function layerNameOfFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}
