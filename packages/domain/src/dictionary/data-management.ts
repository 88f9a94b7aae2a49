import { z } from 'zod';
import { DICTIONARY_LIMITS } from './limits.js';

export const DATA_MSG = {
  symbolNameRequired: 'app.data.symbol.name.required',
  symbolNameTooLong: 'app.data.symbol.name.too-long',
  symbolNameExists: 'app.data.symbol.name.exists',
  symbolTooLarge: 'app.data.symbol.image.too-large',
  symbolBadType: 'app.data.symbol.image.bad-type',
  symbolEmpty: 'app.data.symbol.image.empty',
  symbolSaveError: 'app.data.symbol.message.save.error',
  symbolDeleteError: 'app.data.symbol.message.delete.error',
  styleExists: 'app.data.style.exists',
  styleEmpty: 'app.data.style.empty-file',
  styleBadExtension: 'app.data.style.bad-extension',
  styleReserved: 'app.data.style.reserved',
  styleBadXml: 'app.data.style.bad-xml',
  stylingDisabled: 'app.data.styling.disabled',
  geoserverDisabled: 'app.data.geoserver.disabled',
  siteWkt: 'app.site.wkt.error',
  siteTransformation: 'app.site.transformation.error',
  siteNameRequired: 'app.site.name.required',
  siteInUse: 'app.site.in-use',
  siteCalibrationDisabled: 'app.site.disabled',
  clientsDisabled: 'app.client.disabled',
  clientUserRequired: 'app.client.user.required',
} as const;

export const SYMBOL_FORMATS = ['png', 'jpg', 'gif'] as const;
export const STYLE_FORMATS = ['css', 'xml'] as const;
/** The leaders layer's style belongs to the product; nobody may upload one by that name (spec 2 §5). */
export const RESERVED_LEADERS_STYLE = 'leaders';

export const symbolNameField = z
  .string({ message: DATA_MSG.symbolNameRequired })
  .trim()
  .min(1, { message: DATA_MSG.symbolNameRequired })
  .max(DICTIONARY_LIMITS.symbolNameMax, { message: DATA_MSG.symbolNameTooLong });

/** The image format from a file name, or null when it is not png, jpg or gif. */
export function symbolFormatOf(fileName: string): (typeof SYMBOL_FORMATS)[number] | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'jpeg') return 'jpg';
  return (SYMBOL_FORMATS as readonly string[]).includes(ext) ? (ext as (typeof SYMBOL_FORMATS)[number]) : null;
}

/** Create or edit a symbol: the image arrives afterwards through the returned postUrl. */
export const saveSymbolSchema = z.object({
  name: symbolNameField,
  originalName: z.string().trim().max(255).optional(),
  size: z.number().int().optional(),
});

export function symbolFileError(file: { name: string; size: number }): string | null {
  if (!symbolFormatOf(file.name)) return DATA_MSG.symbolBadType;
  if (file.size === 0) return DATA_MSG.symbolEmpty;
  if (file.size >= DICTIONARY_LIMITS.symbolImageMaxBytes) return DATA_MSG.symbolTooLarge;
  return null;
}

/** A style's name is its file name without the 4-character extension (".sld" or ".css"). */
export function styleFromFileName(fileName: string): { name: string; format: 'css' | 'xml' } | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.css')) return { name: fileName.slice(0, -4), format: 'css' };
  if (lower.endsWith('.sld')) return { name: fileName.slice(0, -4), format: 'xml' };
  return null;
}

export const isReservedStyleName = (name: string) => name.trim().toLowerCase() === RESERVED_LEADERS_STYLE;

export const createStyleSchema = z.object({
  name: z.string().trim().min(1).max(128),
  format: z.enum(STYLE_FORMATS),
  body: z.string().max(1_000_000),
  projectId: z.string().uuid().nullable().optional(),
});
export const updateStyleSchema = z.object({
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(128).optional(),
  body: z.string().max(1_000_000),
  projectId: z.string().uuid().nullable().optional(),
});

/** Helmert parameters: x and y shifts in metres, scale, theta in degrees (stored in arc-seconds). */
export interface HelmertParameters {
  x: number;
  y: number;
  s: number;
  theta?: number | null;
}

export const HELMERT_PATTERN =
  /^\+proj=helmert \+convention=coordinate_frame \+x=-?\d+(\.\d+)? \+y=-?\d+(\.\d+)? \+s=-?\d+(\.\d+)?( \+theta=-?\d+(\.\d+)?)?$/;

export function helmertProj(p: HelmertParameters): string {
  const theta = p.theta === null || p.theta === undefined ? '' : ` +theta=${+(p.theta * 3600).toFixed(6)}`;
  return `+proj=helmert +convention=coordinate_frame +x=${p.x} +y=${p.y} +s=${p.s}${theta}`;
}

/** Reads the parameters back from a stored string (theta back to degrees). */
export function parseHelmert(proj: string): HelmertParameters | null {
  if (!HELMERT_PATTERN.test(proj)) return null;
  const value = (key: string) => proj.match(new RegExp(`\\+${key}=(-?[\\d.]+)`))?.[1];
  const theta = value('theta');
  return {
    x: Number(value('x')),
    y: Number(value('y')),
    s: Number(value('s')),
    theta: theta === undefined ? null : Number(theta) / 3600,
  };
}

/**
 * A site's 2D Helmert (4-parameter) transformation of easting/northing, in the form PROJ uses for
 * `+proj=helmert +convention=coordinate_frame +theta=…`: x' = x0 + s(x·cosθ + y·sinθ),
 * y' = y0 + s(−x·sinθ + y·cosθ). s is the scale factor as the site dialog asks for it (not ppm),
 * and no theta means no rotation.
 */
export function applyHelmert(p: HelmertParameters, x: number, y: number): [number, number] {
  const theta = ((p.theta ?? 0) * Math.PI) / 180;
  const c = Math.cos(theta) * p.s;
  const k = Math.sin(theta) * p.s;
  return [p.x + c * x + k * y, p.y - k * x + c * y];
}

export const siteSchema = z.object({
  name: z
    .string({ message: DATA_MSG.siteNameRequired })
    .trim()
    .min(1, { message: DATA_MSG.siteNameRequired })
    .max(DICTIONARY_LIMITS.siteNameMax, { message: DATA_MSG.siteNameRequired }),
  wkt: z
    .string()
    .trim()
    .min(1, { message: DATA_MSG.siteWkt })
    .max(DICTIONARY_LIMITS.wktMax, { message: DATA_MSG.siteWkt }),
  proj: z.string().trim().regex(HELMERT_PATTERN, { message: DATA_MSG.siteTransformation }).nullable().optional(),
});
export const updateSiteSchema = siteSchema.extend({ id: z.string().uuid() });

export const clientKeyCreateSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { message: DATA_MSG.clientUserRequired }),
});

export const FORM_MSG = {
  nameRequired: 'app.form.name.required',
  nameTooLong: 'app.form.name.too-long',
  descriptionTooLong: 'app.form.description.too-long',
  nameExists: 'app.form.name.exists',
  filesRequired: 'app.form.files.required',
  badHtml: 'app.form.html.invalid',
  badJs: 'app.form.js.invalid',
} as const;

/** The forms folder of a project (spec 2 §3: folder type 2). */
export const FORMS_FOLDER_TYPE = '2';

export const formDetailsSchema = z.object({
  name: z
    .string({ message: FORM_MSG.nameRequired })
    .trim()
    .min(1, { message: FORM_MSG.nameRequired })
    .max(DICTIONARY_LIMITS.formNameMax, { message: FORM_MSG.nameTooLong }),
  description: z
    .string()
    .trim()
    .max(DICTIONARY_LIMITS.formDescriptionMax, { message: FORM_MSG.descriptionTooLong })
    .nullable()
    .optional(),
});
