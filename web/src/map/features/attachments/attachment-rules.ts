import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MSG,
  ATTACHMENT_NAME_MAX,
  GENERIC_CONTENT_TYPE,
  isAtLeastCollector,
  type Attachment,
} from '@fieldbook/domain';

/** Spec 3 §9: success toasts stay 10 s; errors keep the snackbar's default. */
export const ATTACHMENT_SUCCESS_MS = 10_000;

/** What a file to attach is known by before it is sent. */
export interface FileToAttach {
  name: string;
  size: number;
}

/** An attachment already on the feature, as the duplicate check compares it. */
type Existing = Pick<Attachment, 'file_name' | 'Vertex'>;

/** Same vertex: both on the whole feature (no vertex), or both on the same vertex. */
const sameVertex = (a: number | undefined, b: number | undefined) => (a ?? -1) === (b ?? -1);

/**
 * The server's checks of an attachment repeated before sending (spec 3 §5, §9), in the server's order:
 * empty, over 5,242,880 bytes, a name that is no file name, a name already used on the same vertex —
 * by an attachment of the feature or by a file earlier in the same batch.
 */
export function attachmentFileError(
  file: FileToAttach,
  existing: readonly Existing[],
  vertex: number | undefined,
  earlierInBatch: readonly FileToAttach[] = [],
): string | undefined {
  if (file.size === 0) return ATTACHMENT_MSG.empty;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_MSG.tooLarge;
  const name = file.name.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!name || name.length > ATTACHMENT_NAME_MAX || /[/\\\u0000-\u001f\u007f]/.test(name) || /^\.\.?$/.test(name))
    return ATTACHMENT_MSG.badName;
  const taken =
    existing.some((a) => a.file_name === name && sameVertex(a.Vertex, vertex)) ||
    earlierInBatch.some((f) => f.name.trim() === name);
  return taken ? ATTACHMENT_MSG.duplicateName : undefined;
}

/** The content type sent with the bytes: the browser's, or the generic octet stream when it knows none (spec 3 §5). */
export const contentTypeOf = (file: { type: string }) => file.type || GENERIC_CONTENT_TYPE;

/** Shown as an image (thumbnail, annotation) or as PDF pages; anything else is offered as a download. */
export type PreviewKind = 'image' | 'pdf' | 'file';
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
export function previewKindOf(contentType: string): PreviewKind {
  if (IMAGE_TYPES.has(contentType)) return 'image';
  return contentType === 'application/pdf' ? 'pdf' : 'file';
}

/** What the ATTACHMENTS tab lets the user do (spec 3 §6). */
export interface AttachmentRights {
  /** The add button: data collector user types and above, with edit-feature rights on a writable layer. */
  add: boolean;
  /** Delete, note and annotation changes: edit-feature rights on a writable layer. */
  change: boolean;
}

export function attachmentRights(input: {
  userType: string | undefined;
  canEditFeature: boolean;
  layerReadOnly: boolean;
}): AttachmentRights {
  const change = input.canEditFeature && !input.layerReadOnly;
  return { add: change && isAtLeastCollector(input.userType ?? ''), change };
}

/** A size as people read it: 812 B, 14.2 KB, 4.8 MB. */
export function readableBytes(bytes: number, locale = 'en'): string {
  const format = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return `${format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024)} KB`;
  return `${format(bytes / (1024 * 1024))} MB`;
}

/** The first line of a note, cut to fit a list row. */
export function noteExcerpt(note: string | undefined, max = 80): string {
  const line = (note ?? '').trim().split(/\r?\n/)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** MapID of the Create call (spec 3 §3 "built from project id and name"). */
export const mapIdOf = (project: { id: string; name: string }) => `${project.id}_${project.name}`;

/** A version 4 UUID for NewID (getRandomValues works outside secure contexts too, unlike randomUUID). */
export function newUuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
