import {
  IMPORT_MSG,
  PROJECT_MSG,
  UPLOAD_EXTENSIONS,
  UPLOAD_LIMITS,
  createLayerSchema,
  type UploadType,
} from '@fieldbook/domain';

/** The file's extension, lower case without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The file chooser's accept list of an upload type, e.g. ".zip,.kmz,.kml,…". */
export const acceptOf = (type: UploadType) => UPLOAD_EXTENSIONS[type].map((e) => `.${e}`).join(',');

/** The client checks of spec 3 §5, in the spec's order: empty, too large, a type the upload does not take. */
export function uploadFileError(file: { name: string; size: number }, type: UploadType): string | undefined {
  if (file.size === 0) return IMPORT_MSG.emptyFile;
  if (file.size > UPLOAD_LIMITS.maxBytes) return IMPORT_MSG.tooLarge;
  if (!(UPLOAD_EXTENSIONS[type] as readonly string[]).includes(extensionOf(file.name))) return IMPORT_MSG.invalidType;
  return undefined;
}

/** The new layer's name: the layer rules (required, at most 128) and no clash with a layer of the folder. */
export function uploadNameError(name: string, siblingNames: string[]): string | undefined {
  const invalid = createLayerSchema.safeParse({ name });
  if (!invalid.success) return invalid.error.issues.find((i) => i.path[0] === 'name')?.message;
  const wanted = name.trim().toLowerCase();
  return siblingNames.some((n) => n.toLowerCase() === wanted) ? PROJECT_MSG.layerNameExists : undefined;
}

/** A zipped raster (a world file beside the image, no embedded system) needs a coordinate system (spec 3 §5). */
export const uploadNeedsCrs = (type: UploadType, fileName: string) =>
  type === 'RASTER' && extensionOf(fileName) === 'zip';

/** The size limit as people read it, for the too-large message ({maxSize}). */
export function readableSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Math.round(mb)} MB`;
}
