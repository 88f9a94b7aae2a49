import type { Readable } from 'node:stream';
import { ATTACHMENT_MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { canView, projectChain } from '../projects/access.js';
import { attachmentAccess, featureAccessByRef } from './access.js';
import type { AttachmentRow } from './file-list.js';
import { ATTACHMENT_COLUMNS, attachmentRow } from './store.js';
import type { AttachmentUrls, FileGrant, ZipGrant } from './urls.js';

/** Thumbnails keep JPEG photos JPEG and make everything else PNG (thumbnails.ts). */
export const thumbContentType = (contentType: string) => (contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png');

const keyOf = (row: AttachmentRow, thumb: boolean) => (thumb ? row.thumb_key : row.storage_key);

/**
 * GET /api/MapFile/GetFile/{id}: a short-lived signed URL of the file or its thumbnail, for a caller
 * who may view the feature; 404 (preview not found) when there is no such file or thumbnail.
 */
export async function fileUrl(deps: Deps, urls: AttachmentUrls, caller: Caller, fileId: string, thumb: boolean) {
  const { row } = await attachmentAccess(deps.db, caller, fileId, ATTACHMENT_MSG.previewNotFound);
  const key = keyOf(row, thumb);
  if (!key || !(await deps.files.stat(key))) throw notFound(ATTACHMENT_MSG.previewNotFound);
  return { url: await urls.files.create({ fileId: row.id, organizationId: row.organization_id, thumb }) };
}

/** GET /api/MapFile/HeadFile/{id}: whether the stored file is there, its size and type. */
export async function headFile(deps: Deps, caller: Caller, fileId: string, thumb: boolean) {
  const { row } = await attachmentAccess(deps.db, caller, fileId, ATTACHMENT_MSG.previewNotFound);
  const key = keyOf(row, thumb);
  const stored = key ? await deps.files.stat(key) : null;
  return {
    exists: stored !== null,
    size: stored?.size ?? 0,
    content_type: thumb ? thumbContentType(row.content_type) : row.content_type,
  };
}

/**
 * Whether a file of the caller's organization is still stored (spec 3 §7 CheckFileExists/ForRestoration):
 * deleted attachments count within their retention. Any other id (purged, unknown, another
 * organization's, a project the caller cannot view) is simply false: the answer tells nothing.
 */
export async function storedForRestoration(deps: Deps, caller: Caller, fileId: string): Promise<boolean> {
  const row = await attachmentRow(deps.db, caller.organizationId, fileId, { withDeleted: true });
  if (!row || !canView(caller, projectChain(row.project_id))) return false;
  return (await deps.files.stat(row.storage_key)) !== null;
}

/** GET /rest/features/attachments/{featureId}: a short-lived signed URL of a zip of the feature's attachments. */
export async function zipUrl(deps: Deps, urls: AttachmentUrls, caller: Caller, featureRef: string) {
  const { feature } = await featureAccessByRef(deps.db, caller, featureRef);
  return { url: await urls.zips.create({ featureId: String(feature.id), organizationId: caller.organizationId }) };
}

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

/** The file behind a signed file URL; null when it was deleted since (or its feature was). */
export async function openFile(deps: Deps, grant: FileGrant): Promise<OpenedFile | null> {
  const row = await attachmentRow(deps.db, grant.organizationId, grant.fileId);
  const key = row && keyOf(row, grant.thumb);
  if (!row || !key || !(await liveFeature(deps, grant.organizationId, row.feature_id))) return null;
  const stored = await deps.files.read(key);
  if (!stored) return null;
  return {
    ...stored,
    contentType: grant.thumb ? thumbContentType(row.content_type) : row.content_type,
    fileName: row.file_name,
  };
}

const liveFeature = (deps: Deps, organizationId: string, featureId: string) =>
  deps.db
    .selectFrom('features')
    .select(['id', 'kind'])
    .where('id', '=', featureId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The zip behind a signed zip URL: the feature's live attachments whose files are stored; null when the feature is gone. */
export async function zipEntries(deps: Deps, grant: ZipGrant) {
  const feature = await liveFeature(deps, grant.organizationId, grant.featureId);
  if (!feature) return null;
  const rows = await deps.db
    .selectFrom('attachments')
    .select(ATTACHMENT_COLUMNS)
    .where('feature_id', '=', feature.id)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('file_name')
    .execute();
  const stored = await Promise.all(rows.map(async (row) => ((await deps.files.stat(row.storage_key)) ? row : null)));
  return { featureRef: `${feature.kind}.${feature.id}`, rows: stored.filter((row) => row !== null) };
}
