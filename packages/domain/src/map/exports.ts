import { z } from 'zod';
import { emailField } from '../schemas/fields.js';
import { searchQuerySchema } from './search-query.js';

/**
 * Exports (spec 3 §3 "Export request", §5 export rules, §9 formats): a layer, a selection of its
 * features, a folder or a project written by GDAL to a file, as an EXPORT job.
 */
export const EXPORT_MSG = {
  /** The spec's 'Invalid Export Request' (server code InvalidParameterValue). */
  invalid: 'app.export.error.invalid',
  fileNameRequired: 'app.export.error.file-name',
  /** The spec's 'export error shapefile-sitecal'. */
  shapefileSiteCalibration: 'app.export.error.shapefile-sitecal',
  crsInvalid: 'app.export.error.crs',
  formatNotForItem: 'app.export.error.format',
  /** Export needs the search feature and is off for the Plus tier (spec 3 §6). */
  disabled: 'app.export.disabled',
  success: 'app.search.export.success.msg',
  /** The finished job's e-mail. */
  mailSubject: 'app.export.mail.subject',
} as const;

export const EXPORT_FORMATS = ['CSV', 'PNEZD', 'GeoJSON', 'FileGDB', 'KML', 'KMZ', 'Shapefile', 'DGN', 'DXF'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Spec §9: a folder or project exports to these only (the others hold one layer). */
export const CONTAINER_EXPORT_FORMATS: readonly ExportFormat[] = ['FileGDB', 'KML', 'KMZ', 'Shapefile', 'DGN', 'DXF'];
/** Formats whose coordinate system is always EPSG:4326. */
export const WGS84_ONLY_FORMATS: readonly ExportFormat[] = ['GeoJSON', 'KML', 'KMZ'];
/** Labels for the dialog: DGN is DGN v7, the version open tools write (the spec's list says DGNv8). */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  CSV: 'CSV',
  PNEZD: 'PNEZD GPS',
  GeoJSON: 'GeoJson',
  FileGDB: 'FileGDB',
  KML: 'KML',
  KMZ: 'KMZ',
  Shapefile: 'Shapefile',
  DGN: 'DGN (v7)',
  DXF: 'DXF',
};
export const MEASUREMENT_FIELDS = ['Elevation', 'Altitude', 'Antenna', 'Depth'] as const;
export const EXPORT_ITEM_TYPES = ['layer', 'folder', 'project'] as const;
export type ExportItemType = (typeof EXPORT_ITEM_TYPES)[number];
export const DEFAULT_EXPORT_CRS = 'EPSG:4326';

/** Spec §5: these characters and all whitespace are stripped from an export's file name. */
const FORBIDDEN_FILE_NAME_CHARACTERS = /[/+:;=@$&,'?{}^%`">~<#[\]|\\\s]/g;
export const cleanExportFileName = (name: string) => name.replace(FORBIDDEN_FILE_NAME_CHARACTERS, '');

/** A coordinate system GDAL reads from text alone: an EPSG code, a PROJ string or WKT (never a file path). */
const CRS_TEXT = /^(EPSG:\d{1,6}|\+[^\n]*|[A-Z][A-Z0-9_]*\[[\s\S]*\])$/;
const crsField = z.string().trim().max(20000).regex(CRS_TEXT, { message: EXPORT_MSG.crsInvalid }).optional();

export const exportRequestSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { message: EXPORT_MSG.invalid }).default('CSV'),
    fileName: z
      .string({ message: EXPORT_MSG.fileNameRequired })
      .transform(cleanExportFileName)
      .pipe(z.string().min(1, { message: EXPORT_MSG.fileNameRequired }).max(200)),
    email: emailField,
    /** The exported features' attachment files in the result, with a table joining them to ogc_fid. */
    exportAttachments: z.boolean({ message: EXPORT_MSG.invalid }).default(false),
    /**
     * The search whose matches are exported (spec §3 search query): its text, filters and layer narrow
     * the item's features (with featureIDs, both apply).
     */
    query: searchQuerySchema.optional(),
    /** Field names to export (all when absent). */
    fields: z.array(z.string().max(200)).max(1000).optional(),
    /** Measurement fields (spec §9) to add from the feature's metadata; empty for none. */
    showMetric: z.union([z.boolean(), z.array(z.enum(MEASUREMENT_FIELDS))]).optional(),
    projWkt: crsField,
    projString: crsField,
    featureIDs: z
      .array(z.union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()]))
      .max(100000)
      .optional(),
    projectId: z.string().uuid().optional(),
    folderId: z.string().uuid().optional(),
    layerId: z.string().uuid().optional(),
    /** PNEZD: the first point number, an absolute integer (spec §5). */
    pointNumber: z.coerce
      .number()
      .int()
      .transform((n) => Math.abs(n))
      .default(1),
  })
  .transform((r) => {
    // GeoJSON, KML and KMZ are always EPSG:4326 (spec §5).
    if (WGS84_ONLY_FORMATS.includes(r.format)) return { ...r, projWkt: undefined, projString: undefined };
    return r;
  });
export type ExportRequestInput = z.input<typeof exportRequestSchema>;
export type ExportRequest = z.output<typeof exportRequestSchema>;

/** The coordinate system GDAL writes in: the request's WKT, else its PROJ string, else EPSG:4326. */
export const exportTargetCrs = (r: Pick<ExportRequest, 'projWkt' | 'projString'>) =>
  r.projWkt || r.projString || DEFAULT_EXPORT_CRS;

/** The measurement fields an export adds: all when showMetric is true, the named ones, or none. */
export function exportMeasurementFields(showMetric: ExportRequest['showMetric']): string[] {
  if (showMetric === true) return [...MEASUREMENT_FIELDS];
  return Array.isArray(showMetric) ? showMetric : [];
}

/** The rules the request cannot check alone: the format suits the item and the CRS suits the format. */
export function exportRequestError(
  r: Pick<ExportRequest, 'format'>,
  itemType: ExportItemType,
  usesSiteCalibration: boolean,
): string | null {
  if (itemType !== 'layer' && !CONTAINER_EXPORT_FORMATS.includes(r.format)) return EXPORT_MSG.formatNotForItem;
  if (r.format === 'Shapefile' && usesSiteCalibration) return EXPORT_MSG.shapefileSiteCalibration;
  return null;
}

export const exportStartedSchema = z.object({ jobId: z.string(), id: z.string() });
