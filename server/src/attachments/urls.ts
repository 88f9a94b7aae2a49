import { SignedUrls } from '../platform/signed-urls.js';
import type { Config } from '../config.js';

/** Default life of an attachment or zip URL: long enough to load a preview or start a download. */
export const ATTACHMENT_URL_TTL_SECONDS = 300;

/** What a file URL grants: one stored file (or its thumbnail) of one organization. */
export interface FileGrant {
  fileId: string;
  organizationId: string;
  thumb: boolean;
}

/** What a zip URL grants: the live attachments of one feature of one organization. */
export interface ZipGrant {
  featureId: string;
  organizationId: string;
}

export const FILE_URL_PATH = '/files/attachments';
export const ZIP_URL_PATH = '/files/attachments-zip';

/**
 * Short-lived signed URLs for attachment files and zips (spec 3 §7: "Attachment fetch uses no
 * authorization header"): an <img>, a PDF viewer or a download link fetches them as they are. Each
 * kind signs with a key of its own (a file token opens no zip, and no other signed URL of the app).
 */
export function attachmentUrls(config: Pick<Config, 'jwtSecret' | 'attachmentUrlTtlSeconds'>) {
  const ttl = config.attachmentUrlTtlSeconds ?? ATTACHMENT_URL_TTL_SECONDS;
  return {
    files: new SignedUrls<FileGrant>(config.jwtSecret, 'attachment-file', FILE_URL_PATH, ttl),
    zips: new SignedUrls<ZipGrant>(config.jwtSecret, 'attachment-zip', ZIP_URL_PATH, ttl),
  };
}
export type AttachmentUrls = ReturnType<typeof attachmentUrls>;
