import { fileMetaSchema, type Attachment, type FileListEntry, type FileMeta, type FileType } from '@fieldbook/domain';
import type { Selectable } from 'kysely';
import type { AttachmentsTable } from '../db/schema.js';

/**
 * The feature's `metadata.File_List` (spec 3 §3) as written from the attachments table, which is the
 * truth: each write of an attachment replaces its own entry (by File_ID) in the same transaction and
 * leaves the other entries (form records, File_Type 'Form') as they are.
 */

/** An attachment row as the queries here read it (ATTACHMENT_COLUMNS: all but the layer). */
export type AttachmentRow = Omit<Selectable<AttachmentsTable>, 'layer_id'>;

/** Attachment kinds: every File_List entry but form records is one (and only those are ours to sync). */
export const isAttachmentEntry = (entry: { File_Type?: unknown }) => entry.File_Type !== 'Form';

export const metaOf = (row: Pick<AttachmentRow, 'file_meta'>): FileMeta => {
  const parsed = fileMetaSchema.safeParse(row.file_meta ?? {});
  return parsed.success ? parsed.data : {};
};

export function entryOf(row: AttachmentRow): FileListEntry {
  const meta = metaOf(row);
  return {
    File_ID: row.id,
    File: row.file_name,
    File_Type: row.file_type as FileType,
    ...(row.vertex !== null ? { Vertex: row.vertex } : {}),
    ...(meta.note !== undefined || meta.annots !== undefined ? { File_Meta: meta } : {}),
  };
}

export function toAttachment(row: AttachmentRow, featureRef: string): Attachment {
  return {
    ...entryOf(row),
    created: row.created_at.getTime(),
    created_by: row.created_by,
    file_name: row.file_name,
    content_type: row.content_type,
    size: row.size,
    has_thumbnail: row.thumb_key !== null,
    mbcode: featureRef,
  };
}

type Metadata = Record<string, unknown>;

/** The feature's metadata as an object (a feature may have none). */
export const metadataObject = (metadata: unknown): Metadata =>
  metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? { ...(metadata as Metadata) } : {};

/** The entries of a metadata's File_List that are objects (anything else in the list is left alone). */
export function fileListOf(metadata: unknown): Array<Record<string, unknown>> {
  const list = metadataObject(metadata).File_List;
  return Array.isArray(list) ? list.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object') : [];
}

const idOf = (entry: Record<string, unknown>) => (typeof entry.File_ID === 'string' ? entry.File_ID : null);

/** The File_IDs of a metadata's attachment entries (form records left out). */
export const attachmentIdsOf = (metadata: unknown): string[] =>
  fileListOf(metadata)
    .filter(isAttachmentEntry)
    .map(idOf)
    .filter((id): id is string => id !== null);

/**
 * Metadata with the File_List entries of `ids` replaced: by `entries` (in place when the entry was
 * there, appended otherwise), or removed when absent from `entries`.
 */
export function withEntries(metadata: unknown, ids: string[], entries: FileListEntry[]): Metadata {
  const result = metadataObject(metadata);
  const byId = new Map(entries.map((e) => [e.File_ID, e]));
  const touched = new Set(ids);
  const list: unknown[] = [];
  const raw = Array.isArray(result.File_List) ? (result.File_List as unknown[]) : [];
  for (const item of raw) {
    const id = item && typeof item === 'object' ? idOf(item as Record<string, unknown>) : null;
    if (id === null || !touched.has(id)) list.push(item);
    else if (byId.has(id)) {
      list.push(byId.get(id));
      byId.delete(id);
    }
  }
  list.push(...byId.values());
  return { ...result, File_List: list };
}

/**
 * The metadata a feature edit writes: what the edit sent, with the attachment entries of File_List as
 * the feature has them (attachments change only through /api/MapFile, in step with their rows), and
 * the edit's form records. Text that is not JSON is passed on as sent (the database refuses it).
 */
export function withStoredAttachments(incoming: unknown, stored: unknown): unknown {
  let sent = incoming;
  if (typeof incoming === 'string') {
    try {
      sent = JSON.parse(incoming) as unknown;
    } catch {
      return incoming;
    }
  }
  const attachments = fileListOf(stored).filter(isAttachmentEntry);
  const sentList = metadataObject(sent).File_List;
  if (attachments.length === 0 && sentList === undefined) return sent;
  const forms = fileListOf(sent).filter((e) => !isAttachmentEntry(e));
  return { ...metadataObject(sent), File_List: [...attachments, ...forms] };
}
