import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { toFeature } from '../features/service.js';
import { addVersion } from '../features/store.js';
import { recordFeatureActivity, actorOf } from '../activities/record.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { entryOf, withEntries, type AttachmentRow } from './file-list.js';

/** Columns of an attachment row as the service reads them. */
export const ATTACHMENT_COLUMNS = [
  'id',
  'organization_id',
  'project_id',
  'feature_id',
  'file_name',
  'content_type',
  'size',
  'vertex',
  'file_type',
  'file_meta',
  'storage_key',
  'thumb_key',
  'created_at',
  'created_by',
  'deleted_at',
] as const;

/** An attachment of the caller's organization by File_ID; with `withDeleted`, deleted ones too. */
export function attachmentRow(db: Executor, organizationId: string, fileId: string, { withDeleted = false } = {}) {
  const q = db
    .selectFrom('attachments')
    .select(ATTACHMENT_COLUMNS)
    .where('id', '=', fileId)
    .where('organization_id', '=', organizationId);
  return (withDeleted ? q : q.where('deleted_at', 'is', null)).executeTakeFirst();
}

/** The live attachments of a feature, oldest first. */
export function liveAttachments(db: Executor, organizationId: string, featureId: string) {
  return db
    .selectFrom('attachments')
    .select(ATTACHMENT_COLUMNS)
    .where('feature_id', '=', featureId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('file_name')
    .execute();
}

/** A live attachment of this name on the feature and vertex (a vertex-less upload clashes with vertex-less files). */
export async function nameTaken(db: Executor, featureId: string, fileName: string, vertex: number | null) {
  const row = await db
    .selectFrom('attachments')
    .select('id')
    .where('feature_id', '=', featureId)
    .where('file_name', '=', fileName)
    .where(sql<boolean>`coalesce(vertex, -1) = ${vertex ?? -1}`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the live feature for a File_List write; undefined when it was deleted meanwhile. */
export async function lockFeature(trx: Executor, organizationId: string, featureId: string) {
  const r = await sql<{ id: string; kind: string; layer_id: string; metadata: unknown }>`
    SELECT id::text AS id, kind, layer_id, metadata FROM features
    WHERE id = ${featureId} AND organization_id = ${organizationId} AND deleted_at IS NULL
    FOR UPDATE`.execute(trx);
  return r.rows[0];
}

/** A feature row as toFeature presents it (its version keeps that shape), read in the transaction. */
export type LoadedFeature = Parameters<typeof toFeature>[0];

export interface FileListWrite {
  /** The feature as loaded before the write, kept as its version. */
  before: LoadedFeature;
  feature: { id: string; layer_id: string; metadata: unknown };
  /** The attachment rows whose entries change: written from the rows when live, removed when deleted. */
  rows: AttachmentRow[];
  message: string;
  extra: Record<string, unknown>;
}

/**
 * The feature side of an attachment write, in its transaction: the version with the state before,
 * the File_List entries of `rows`, the feature's modification time, its layer's data version and one
 * Feature Edit entry whose artifact holds the metadata as the write left it (restore reads it).
 */
export async function writeFileList(trx: Executor, caller: Caller, w: FileListWrite) {
  await addVersion(trx, caller, w.feature.id, 'Edit', toFeature(w.before));
  const metadata = withEntries(
    w.feature.metadata,
    w.rows.map((r) => r.id),
    w.rows.filter((r) => r.deleted_at === null).map(entryOf),
  );
  await trx
    .updateTable('features')
    .set({ metadata: JSON.stringify(metadata), updated_at: new Date(), updated_by: caller.accountId })
    .where('id', '=', w.feature.id)
    .execute();
  await bumpLayerDataVersion(trx, [w.feature.layer_id]);
  await recordFeatureActivity(trx, actorOf(caller), {
    type: 'Edit',
    featureIds: [w.feature.id],
    message: w.message,
    extra: w.extra,
  });
}
