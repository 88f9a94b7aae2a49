import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MSG,
  GENERIC_CONTENT_TYPE,
  type Attachment,
  type AttachmentCreateQuery,
  type FileMeta,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, notFound, uniquely } from '../http/errors.js';
import { load } from '../features/service.js';
import { assertCanChange, attachmentAccess, featureAccessByRef } from './access.js';
import { metaOf, toAttachment, type AttachmentRow } from './file-list.js';
import { ATTACHMENT_COLUMNS, liveAttachments, lockFeature, nameTaken, writeFileList } from './store.js';
import { isRasterImage, makeThumbnail } from './thumbnails.js';

/** The attachments of a feature the caller may view (the ATTACHMENTS tab's list), oldest first. */
export async function listAttachments(deps: Deps, caller: Caller, featureRef: string): Promise<Attachment[]> {
  const access = await featureAccessByRef(deps.db, caller, featureRef);
  const rows = await liveAttachments(deps.db, caller.organizationId, access.feature.id);
  return rows.map((row) => toAttachment(row, access.ref));
}

/** A MIME type as sent (parameters dropped); anything unreadable is the generic octet stream (spec 3 §5). */
export function storedContentType(header: string | undefined): string {
  const essence = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$/.test(essence)
    ? essence
    : GENERIC_CONTENT_TYPE;
}

/** A file name is one name: no folder separators or control characters (it names a zip entry and a download). */
function checkedFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[/\\\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..') throw badRequest(ATTACHMENT_MSG.badName);
  return name;
}

const keyBase = (organizationId: string, fileId: string) =>
  // A fresh folder per upload: a failed or refused upload never touches another upload's files.
  `attachments/${organizationId}/${fileId}/${randomUUID()}`;

/**
 * POST /api/MapFile/Create: stores the file (and its thumbnail when it is an image) and, in one
 * transaction, its row, the feature's File_List entry, a version and a Feature Edit entry. When the
 * transaction fails the stored files are removed again, so nothing of a refused upload stays.
 */
export async function createAttachment(
  deps: Deps,
  caller: Caller,
  query: AttachmentCreateQuery,
  data: Buffer,
  contentTypeHeader: string | undefined,
): Promise<Attachment> {
  if (data.length === 0) throw badRequest(ATTACHMENT_MSG.empty);
  const fileName = checkedFileName(query.FileName);
  const access = await featureAccessByRef(deps.db, caller, query.FeatureID);
  if (access.feature.layer_id !== query.TableID) throw notFound();
  assertCanChange(access);
  const vertex = query.Vertex ?? null;
  const featureId = String(access.feature.id);
  if (await nameTaken(deps.db, featureId, fileName, vertex)) throw conflict(ATTACHMENT_MSG.duplicateName);

  const contentType = storedContentType(contentTypeHeader);
  const thumbnail = await makeThumbnail(data, contentType);
  const base = keyBase(caller.organizationId, query.NewID);
  const storageKey = `${base}/file`;
  const thumbKey = thumbnail ? `${base}/thumb` : null;
  await deps.files.put(storageKey, data);
  if (thumbnail && thumbKey) await deps.files.put(thumbKey, thumbnail.data);
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const feature = await lockFeature(trx, caller.organizationId, featureId);
      if (!feature) throw notFound();
      const taken = await trx.selectFrom('attachments').select('id').where('id', '=', query.NewID).executeTakeFirst();
      if (taken) throw conflict(ATTACHMENT_MSG.newError);
      const before = await load(trx, caller, featureId);
      const inserted = await uniquely(ATTACHMENT_MSG.duplicateName, () =>
        trx
          .insertInto('attachments')
          .values({
            id: query.NewID,
            organization_id: caller.organizationId,
            project_id: before.project_id,
            layer_id: feature.layer_id,
            feature_id: featureId,
            file_name: fileName,
            content_type: contentType,
            size: data.length,
            vertex,
            file_type: query.FileType ?? (isRasterImage(contentType) ? 'Photo' : 'File'),
            file_meta: JSON.stringify({}),
            storage_key: storageKey,
            thumb_key: thumbKey,
            created_by: caller.email,
          })
          .returning(ATTACHMENT_COLUMNS)
          .executeTakeFirstOrThrow(),
      );
      await writeFileList(trx, caller, {
        before,
        feature,
        rows: [inserted],
        message: `Attachment '${fileName}' added to ${access.ref}`,
        extra: { attachment: { File_ID: inserted.id, File: fileName, ...(query.MapID ? { MapID: query.MapID } : {}) } },
      });
      return inserted;
    });
    return toAttachment(row, access.ref);
  } catch (err) {
    await Promise.allSettled([deps.files.delete(storageKey), ...(thumbKey ? [deps.files.delete(thumbKey)] : [])]);
    throw err;
  }
}

/**
 * A change of one live attachment with its File_List entry, version and log entry, in one
 * transaction; `change` writes the row and returns it as it now is (deleted_at set for a delete).
 */
async function changeAttachment(
  deps: Deps,
  caller: Caller,
  fileId: string,
  describe: (row: AttachmentRow, ref: string) => string,
  change: (trx: Deps['db'], row: AttachmentRow) => Promise<AttachmentRow | undefined>,
  check: (row: AttachmentRow) => void = () => undefined,
): Promise<Attachment> {
  const access = await attachmentAccess(deps.db, caller, fileId);
  assertCanChange(access);
  check(access.row);
  const featureId = String(access.feature.id);
  const row = await deps.db.transaction().execute(async (trx) => {
    const feature = await lockFeature(trx, caller.organizationId, featureId);
    if (!feature) throw notFound();
    const before = await load(trx, caller, featureId);
    const changed = await change(trx, access.row);
    if (!changed) throw notFound();
    await writeFileList(trx, caller, {
      before,
      feature,
      rows: [changed],
      message: describe(changed, access.ref),
      extra: { attachment: { File_ID: changed.id, File: changed.file_name } },
    });
    return changed;
  });
  return toAttachment(row, access.ref);
}

const liveRow = (trx: Deps['db'], id: string) =>
  trx.updateTable('attachments').where('id', '=', id).where('deleted_at', 'is', null).returning(ATTACHMENT_COLUMNS);

/**
 * PUT /api/MapFile/Meta/{id}: the note and the annotations (File_Meta). A field left out keeps its
 * value; annotations are drawn on images only.
 */
export function updateFileMeta(deps: Deps, caller: Caller, fileId: string, meta: FileMeta) {
  return changeAttachment(
    deps,
    caller,
    fileId,
    (row, ref) => `Attachment '${row.file_name}' note updated on ${ref}`,
    (trx, row) =>
      liveRow(trx, row.id)
        .set({ file_meta: JSON.stringify({ ...metaOf(row), ...meta }) })
        .executeTakeFirst(),
    (row) => {
      if (meta.annots?.length && !isRasterImage(row.content_type)) throw badRequest(ATTACHMENT_MSG.noteError);
    },
  );
}

/**
 * POST /api/MapFile/Delete/{id}: the row is marked deleted and its File_List entry removed; the stored
 * file stays for the retention of deleted data (DELETED_LAYER_RETENTION_DAYS), so restoring the
 * feature to a time it had the file brings it back (attachments/restore.ts), then it is purged.
 */
export async function deleteAttachment(deps: Deps, caller: Caller, fileId: string): Promise<void> {
  await changeAttachment(
    deps,
    caller,
    fileId,
    (row, ref) => `Attachment '${row.file_name}' deleted from ${ref}`,
    (trx, row) => liveRow(trx, row.id).set({ deleted_at: new Date() }).executeTakeFirst(),
  );
}
