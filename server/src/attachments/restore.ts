import { fileMetaSchema } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import type { FileStorage } from '../platform/storage.js';
import { attachmentIdsOf, fileListOf, metaOf, withEntries, type AttachmentRow } from './file-list.js';
import { ATTACHMENT_COLUMNS } from './store.js';

export interface RestoredAttachments {
  /** The metadata to write: its File_List without the entries of files that are gone. */
  metadata: unknown;
  /** File_IDs the restored File_List names whose files are gone (purged, or never stored). */
  expiredFiles: string[];
}

/**
 * The attachments side of a feature restore (server/src/activities/restore.ts), in its transaction:
 * the attachment rows follow the restored File_List. A listed file that is still stored is live again
 * (undeleted within its retention) with the note and annotations the entry holds; a live file the
 * restored state did not have is deleted (restorable in turn); a listed file that is gone is dropped
 * from File_List and reported, so the restore dialog adds its note (spec 3 §4). Form records
 * (File_Type 'Form') are left as they are.
 */
export async function restoreAttachments(
  trx: Executor,
  files: FileStorage,
  caller: Caller,
  featureId: string,
  metadata: unknown,
): Promise<RestoredAttachments> {
  const listed = attachmentIdsOf(metadata);
  const rows = await trx
    .selectFrom('attachments')
    .select(ATTACHMENT_COLUMNS)
    .where('feature_id', '=', featureId)
    .where('organization_id', '=', caller.organizationId)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept: AttachmentRow[] = [];
  const expiredFiles: string[] = [];
  for (const id of new Set(listed)) {
    const row = byId.get(id);
    if (row && (await files.stat(row.storage_key))) kept.push(row);
    else expiredFiles.push(id);
  }
  const keptIds = kept.map((r) => r.id);
  let gone = trx
    .updateTable('attachments')
    .set({ deleted_at: new Date() })
    .where('feature_id', '=', featureId)
    .where('deleted_at', 'is', null);
  if (keptIds.length) gone = gone.where('id', 'not in', keptIds);
  await gone.execute();

  const entries = new Map(fileListOf(metadata).map((e) => [e.File_ID, e]));
  for (const row of kept) {
    const meta = fileMetaSchema.safeParse(entries.get(row.id)?.File_Meta ?? {});
    await trx
      .updateTable('attachments')
      .set({ deleted_at: null, file_meta: JSON.stringify(meta.success ? meta.data : metaOf(row)) })
      .where('id', '=', row.id)
      .execute();
  }
  return { metadata: expiredFiles.length ? withEntries(metadata, expiredFiles, []) : metadata, expiredFiles };
}
