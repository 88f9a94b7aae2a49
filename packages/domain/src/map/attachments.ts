import { z } from 'zod';
import { featureRefField } from '../schemas/ids.js';

/**
 * Feature attachments (spec 3 §3 File_List entry and annotation, §5 attachment rules, §7 the
 * `/api/MapFile/...` calls, §9 limits). Shared by the attachments API and the ATTACHMENTS tab.
 */

/** Spec 3 §5, §9: 5 MB. */
export const ATTACHMENT_MAX_BYTES = 5_242_880;
/** Spec 3 §9: the preview thumbnail's width; thumbnails are made on the server. */
export const ATTACHMENT_THUMB_WIDTH = 375;
/** Spec 3 §5: unknown MIME types are sent (and stored) as a generic octet stream. */
export const GENERIC_CONTENT_TYPE = 'application/octet-stream';
export const ATTACHMENT_NAME_MAX = 255;
export const ATTACHMENT_NOTE_MAX = 4000;

/** The spec names the attachment errors (§8) but not their ids: these are ours. */
export const ATTACHMENT_MSG = {
  generic: 'app.attachment.error',
  newError: 'app.attachment.new.error',
  deleteError: 'app.attachment.delete.error',
  noteError: 'app.attachment.note.error',
  previewNotFound: 'app.attachment.preview.not-found',
  tooLarge: 'app.attachment.error.too-large',
  empty: 'app.attachment.error.empty',
  duplicateName: 'app.attachment.error.duplicate-name',
  badName: 'app.attachment.error.name',
} as const;

export const FILE_TYPES = ['Photo', 'File', 'Form', 'Sketch'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const ANNOTATION_TYPES = [
  'oval',
  'rect',
  'line',
  'check',
  'circ_valve',
  'circ_meter',
  'circ_tee',
  'circ_elbow',
] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
export const ANNOTATION_DEFAULT_LINE_WIDTH = 9;

/** Spec 3 §3 annotation: coordinates in the image's own pixels; alpha 0–255; colour as #rrggbb. */
export const annotationSchema = z.object({
  type: z.enum(ANNOTATION_TYPES),
  x1: z.number().finite(),
  y1: z.number().finite(),
  x2: z.number().finite(),
  y2: z.number().finite(),
  line_width: z.number().finite().min(1).max(100).default(ANNOTATION_DEFAULT_LINE_WIDTH),
  alpha: z.number().int().min(0).max(255).default(255),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type Annotation = z.infer<typeof annotationSchema>;

/** File_Meta: the note and the image annotations of an attachment. */
export const fileMetaSchema = z.object({
  note: z.string().max(ATTACHMENT_NOTE_MAX).optional(),
  annots: z.array(annotationSchema).max(500).optional(),
});
export type FileMeta = z.infer<typeof fileMetaSchema>;

/** One File_List entry of a feature's metadata (spec 3 §3). */
export const fileListEntrySchema = z.object({
  File_ID: z.string().uuid(),
  File: z.string(),
  File_Type: z.enum(FILE_TYPES),
  Vertex: z.number().int().min(0).optional(),
  MasterFormID: z.string().optional(),
  HtmlFormID: z.string().optional(),
  File_Meta: fileMetaSchema.optional(),
});
export type FileListEntry = z.infer<typeof fileListEntrySchema>;

/**
 * POST /api/MapFile/Create query (spec 3 §3 attachment save payload: NewID, FileName, MapID, TableID);
 * the body is the file's bytes with its content type. FeatureID (and Vertex, FileType) are ours: the
 * server adds the File_List entry in the same transaction, so a file never exists without its entry.
 */
export const attachmentCreateQuerySchema = z.object({
  NewID: z.string().uuid(),
  FileName: z.string().trim().min(1).max(ATTACHMENT_NAME_MAX),
  /** Built by the client from the project id and name; kept for the record. */
  MapID: z.string().max(512).optional(),
  /** The feature's layer id. */
  TableID: z.string().uuid(),
  FeatureID: featureRefField,
  Vertex: z.coerce.number().int().min(0).optional(),
  FileType: z.enum(FILE_TYPES).optional(),
  orgId: z.string().optional(),
});
export type AttachmentCreateQuery = z.infer<typeof attachmentCreateQuerySchema>;

/** An attachment as the API returns it: the File_List entry plus the spec's attachment record. */
export const attachmentSchema = fileListEntrySchema.extend({
  /** Epoch ms. */
  created: z.number(),
  created_by: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  has_thumbnail: z.boolean(),
  /** The feature's id ("kind.id"). */
  mbcode: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** GET /api/MapFile/GetFile/{id}?NoRedirect=1 (and thumb=1): a short-lived URL fetched without authorization. */
export const fileUrlSchema = z.object({ url: z.string() });

/** GET /api/MapFile/HeadFile/{id}?NoRedirect=1 (thumb=1: of the thumbnail). */
export const fileHeadSchema = z.object({ exists: z.boolean(), size: z.number(), content_type: z.string() });
export type FileHead = z.infer<typeof fileHeadSchema>;

/** GET /api/MapFile/CheckFileExists/ForRestoration/{id}: false for any file the organization no longer holds. */
export const fileExistsSchema = z.object({ data: z.boolean() });
