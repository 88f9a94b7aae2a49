import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import type { Deps } from '../deps.js';
import type { AttachmentRow } from './file-list.js';
import type { OpenedFile } from './files.js';

/** Shown in the browser (an <img>, the PDF viewer); everything else is saved as a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'application/pdf']);

/**
 * No uploaded file runs script in our origin: a sandboxed document without script or connections
 * (an HTML or SVG file that is opened anyway stays inert), framed only by the app. PDFs are left out
 * of the sandbox because browsers refuse to show a PDF in a sandboxed document; they still load nothing.
 */
const FILE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** `filename*` (RFC 6266/5987) carries the real name; `filename` an ASCII stand-in for old clients. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The answer of a signed file URL: the bytes with their type, and the headers that keep them inert. */
export function sendStoredFile(reply: FastifyReply, file: OpenedFile) {
  const inline = INLINE_TYPES.has(file.contentType);
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
    .header('cache-control', 'private')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', file.contentType === 'application/pdf' ? FILE_POLICY : `${FILE_POLICY}; sandbox`)
    .header('x-frame-options', 'SAMEORIGIN')
    .send(file.stream);
}

/** Entry names unique in the zip: a second "pole.jpg" (another vertex) becomes "pole (2).jpg". */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const ext = path.extname(name);
    const stem = name.slice(0, name.length - ext.length);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The zip of a feature's attachments, streamed: each file is read from the store when its turn comes. */
export function sendZip(deps: Deps, reply: FastifyReply, featureRef: string, rows: AttachmentRow[]) {
  const zip = new ZipFile();
  uniqueNames(rows.map((r) => r.file_name)).forEach((name, i) => {
    const row = rows[i]!;
    zip.addReadStreamLazy(name, { mtime: row.created_at, size: row.size }, (done) => {
      deps.files.read(row.storage_key).then(
        (stored) =>
          stored ? done(null, stored.stream) : done(new Error(`attachment file gone: ${row.id}`), undefined as never),
        (err: Error) => done(err, undefined as never),
      );
    });
  });
  zip.end();
  return reply
    .type('application/zip')
    .header('content-disposition', contentDisposition('attachment', `attachments-${featureRef}.zip`))
    .header('cache-control', 'private')
    .send(zip.outputStream);
}
