import { DELETED_LAYER_RETENTION_DAYS } from '@fieldbook/domain';
import type { Deps } from '../deps.js';

const RETENTION_MS = DELETED_LAYER_RETENTION_DAYS * 24 * 3600 * 1000;
const BATCH = 500;

/**
 * Housekeeping of the worker (hourly): attachments deleted longer ago than the retention of deleted
 * data go for good, then every stored file of a row that is gone (those, and rows that went with their
 * feature, project or organization: migration 027 queues their keys) is deleted from the file store.
 * A file is dequeued only once deleted, so a store that is down is tried again next time. Returns
 * how many files went. Tests pass a later `now`.
 */
export async function purgeAttachments(deps: Pick<Deps, 'db' | 'files'>, now = new Date()): Promise<number> {
  await deps.db
    .deleteFrom('attachments')
    .where('deleted_at', '<', new Date(now.getTime() - RETENTION_MS))
    .execute();
  let purged = 0;
  for (;;) {
    const keys = await deps.db
      .selectFrom('attachment_file_purges')
      .select('storage_key')
      .orderBy('queued_at')
      .limit(BATCH)
      .execute();
    if (keys.length === 0) return purged;
    for (const { storage_key } of keys) {
      await deps.files.delete(storage_key);
      await deps.db.deleteFrom('attachment_file_purges').where('storage_key', '=', storage_key).execute();
      purged++;
    }
  }
}
