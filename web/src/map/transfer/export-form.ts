import {
  CONTAINER_EXPORT_FORMATS,
  DEFAULT_EXPORT_CRS,
  EXPORT_FORMATS,
  EXPORT_MSG,
  MEASUREMENT_FIELDS,
  WGS84_ONLY_FORMATS,
  cleanExportFileName,
  exportRequestError,
  exportRequestSchema,
  type ExportFormat,
  type ExportItemType,
  type ExportRequestInput,
} from '@fieldbook/domain';

/** What the export dialog holds (spec 3 §3 "Export request", §5, §9). */
export interface ExportForm {
  format: ExportFormat;
  fileName: string;
  email: string;
  /** An EPSG code ("EPSG:2231"), or the project's site calibration. */
  crs: { kind: 'epsg'; code: string } | { kind: 'site'; wkt: string };
  pointNumber: string;
  measurements: string[];
  /** The features' attachment files in the result (spec 3 §3 exportAttachments). */
  attachments: boolean;
}

/** Spec §9: a layer exports to every format, a folder or project to the formats that hold several layers. */
export const formatsFor = (item: ExportItemType): readonly ExportFormat[] =>
  item === 'layer' ? EXPORT_FORMATS : CONTAINER_EXPORT_FORMATS;

/** The form as it opens: the first format, the item's name as file name, the user's e-mail, EPSG:4326, all measurements. */
export function initialExportForm(item: ExportItemType, itemName: string, email: string): ExportForm {
  return {
    format: formatsFor(item)[0]!,
    fileName: cleanExportFileName(itemName),
    email,
    crs: { kind: 'epsg', code: DEFAULT_EXPORT_CRS },
    pointNumber: '1',
    measurements: [...MEASUREMENT_FIELDS],
    attachments: false,
  };
}

/** GeoJSON, KML and KMZ are always written in EPSG:4326: the picker shows it and is disabled. */
export const crsLocked = (format: ExportFormat) => WGS84_ONLY_FORMATS.includes(format);

/** The request body the form sends; the domain schema checks it as the server will. */
export function exportBody(
  form: ExportForm,
  itemType: ExportItemType,
  itemId: string,
  projectId: string,
): ExportRequestInput {
  const locked = crsLocked(form.format);
  return {
    format: form.format,
    fileName: form.fileName,
    email: form.email.trim(),
    showMetric: form.measurements as ExportRequestInput['showMetric'],
    projString: !locked && form.crs.kind === 'epsg' ? form.crs.code : undefined,
    projWkt: !locked && form.crs.kind === 'site' ? form.crs.wkt : undefined,
    pointNumber: form.format === 'PNEZD' ? Number(form.pointNumber) || 1 : undefined,
    exportAttachments: form.attachments,
    projectId,
    [`${itemType}Id`]: itemId,
  };
}

/** Each field's problem (a message id), checked by the domain's request rules. */
export function exportFormErrors(
  form: ExportForm,
  itemType: ExportItemType,
  itemId: string,
  projectId: string,
): Partial<Record<'fileName' | 'email' | 'format' | 'pointNumber', string>> {
  const errors: Partial<Record<'fileName' | 'email' | 'format' | 'pointNumber', string>> = {};
  const parsed = exportRequestSchema.safeParse(exportBody(form, itemType, itemId, projectId));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'fileName' || field === 'email') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (form.format === 'PNEZD' && !/^-?\d{1,9}$/.test(form.pointNumber.trim()))
    errors.pointNumber = 'app.export.point-number.invalid';
  const refusal = exportRequestError(
    { format: form.format },
    itemType,
    !crsLocked(form.format) && form.crs.kind === 'site',
  );
  if (refusal) errors.format = refusal;
  if (!errors.fileName && !cleanExportFileName(form.fileName)) errors.fileName = EXPORT_MSG.fileNameRequired;
  return errors;
}
