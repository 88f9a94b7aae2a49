import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MSG,
  attachmentCreateQuerySchema,
  attachmentSchema,
  featureRefField,
  fileExistsSchema,
  fileHeadSchema,
  fileMetaSchema,
  fileUrlSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { AppError, notFound } from '../http/errors.js';
import { member, orgQuery } from '../http/route-parts.js';
import { sendStoredFile, sendZip } from './download.js';
import { fileUrl, headFile, openFile, storedForRestoration, zipEntries, zipUrl } from './files.js';
import { createAttachment, deleteAttachment, listAttachments, storedContentType, updateFileMeta } from './service.js';
import { FILE_URL_PATH, ZIP_URL_PATH, attachmentUrls } from './urls.js';

const tags = ['attachments'];
const fileParams = z.object({ id: z.string().max(64) });
const flag = z.enum(['0', '1', 'true', 'false']).optional();
const isOn = (v: string | undefined) => v === '1' || v === 'true';
const fileQuery = orgQuery.extend({ NoRedirect: flag, thumb: flag });
const tokenParams = z.object({ token: z.string().max(2048) });

const tooLarge = () => new AppError(413, 'PayloadTooLarge', ATTACHMENT_MSG.tooLarge);

/** Reads an upload's bytes, refusing past ATTACHMENT_MAX_BYTES as soon as that many have come. */
async function readUpload(body: Readable | undefined, declaredLength: string | undefined): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > ATTACHMENT_MAX_BYTES) throw tooLarge();
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > ATTACHMENT_MAX_BYTES) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Feature attachments: the `/api/MapFile/...` calls of spec 3 §7, our list and zip, and the signed file URLs. */
export function attachmentRoutes(deps: Deps) {
  const urls = attachmentUrls(deps.config);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The file's bytes, whatever their content type (JSON and text files too), read after the
    // caller was authenticated: no parser of the app touches them.
    await app.register(async (raw) => {
      // A content type that is no MIME type ("", "not a type") is the generic one (spec 3 §5), not a 415.
      raw.addHook('onRequest', async (req) => {
        if (req.headers['content-type'] !== undefined)
          req.headers['content-type'] = storedContentType(req.headers['content-type']);
      });
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      raw.withTypeProvider<ZodTypeProvider>().post(
        '/api/MapFile/Create',
        {
          config: member,
          schema: {
            tags,
            summary: "Attach a file to a feature (the body is the file's bytes, with its content type)",
            querystring: attachmentCreateQuerySchema,
            response: { 201: attachmentSchema },
          },
        },
        async (req, reply) => {
          const data = await readUpload(req.body as Readable | undefined, req.headers['content-length']);
          const created = await createAttachment(deps, callerOf(req), req.query, data, req.headers['content-type']);
          return reply.status(201).send(created);
        },
      );
    });

    r.get(
      '/rest/features/:featureId/attachments',
      {
        config: member,
        schema: {
          tags,
          summary: "The feature's attachments",
          params: z.object({ featureId: featureRefField }),
          querystring: orgQuery,
          response: { 200: z.array(attachmentSchema) },
        },
      },
      (req) => listAttachments(deps, callerOf(req), req.params.featureId),
    );

    r.get(
      '/api/MapFile/GetFile/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'A short-lived URL of the file (thumb=1: its thumbnail), fetched without authorization',
          params: fileParams,
          querystring: fileQuery,
          response: { 200: fileUrlSchema },
        },
      },
      async (req, reply) => {
        const answer = await fileUrl(deps, urls, callerOf(req), req.params.id, isOn(req.query.thumb));
        return isOn(req.query.NoRedirect) ? answer : reply.redirect(answer.url, 302);
      },
    );

    r.get(
      '/api/MapFile/HeadFile/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Whether the file is stored, its size and type (without NoRedirect=1: a redirect to the file)',
          params: fileParams,
          querystring: fileQuery,
          response: { 200: fileHeadSchema },
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const thumb = isOn(req.query.thumb);
        if (isOn(req.query.NoRedirect)) return headFile(deps, caller, req.params.id, thumb);
        return reply.redirect((await fileUrl(deps, urls, caller, req.params.id, thumb)).url, 302);
      },
    );

    r.put(
      '/api/MapFile/Meta/:id',
      {
        config: member,
        schema: {
          tags,
          summary: "The attachment's note and image annotations (File_Meta)",
          params: fileParams,
          querystring: orgQuery,
          body: fileMetaSchema,
          response: { 200: attachmentSchema },
        },
      },
      (req) => updateFileMeta(deps, callerOf(req), req.params.id, req.body),
    );

    r.post(
      '/api/MapFile/Delete/:id',
      {
        config: member,
        schema: { tags, summary: 'Delete an attachment', params: fileParams, querystring: orgQuery },
      },
      async (req, reply) => {
        await deleteAttachment(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    r.get(
      '/api/MapFile/CheckFileExists/ForRestoration/:id',
      {
        config: member,
        schema: {
          tags,
          summary: "Whether an attachment's file is still stored (a restored feature gets it back)",
          params: fileParams,
          querystring: orgQuery,
          response: { 200: fileExistsSchema },
        },
      },
      async (req) => ({ data: await storedForRestoration(deps, callerOf(req), req.params.id) }),
    );

    r.get(
      '/rest/features/attachments/:featureId',
      {
        config: member,
        schema: {
          tags,
          summary: "A short-lived URL of a zip of the feature's attachments",
          params: z.object({ featureId: featureRefField }),
          querystring: orgQuery,
          response: { 200: fileUrlSchema },
        },
      },
      (req) => zipUrl(deps, urls, callerOf(req), req.params.featureId),
    );

    /** A public route behind a signed URL: what its token grants is sent, or 404 when it no longer can be. */
    const signed = <T>(
      path: string,
      summary: string,
      open: (token: string) => Promise<T | null>,
      send: (reply: FastifyReply, opened: T) => FastifyReply,
    ) =>
      r.get(
        `${path}/:token`,
        { config: { access: 'public' }, schema: { tags, summary, params: tokenParams } },
        async (req, reply) => {
          const opened = await open(req.params.token);
          if (!opened) throw notFound(ATTACHMENT_MSG.previewNotFound);
          return send(reply, opened);
        },
      );
    signed(
      FILE_URL_PATH,
      'The file behind a signed attachment URL (no Authorization header)',
      async (token) => {
        const grant = await urls.files.verify(token);
        return grant && openFile(deps, grant);
      },
      sendStoredFile,
    );
    signed(
      ZIP_URL_PATH,
      'The zip behind a signed attachments URL (no Authorization header)',
      async (token) => {
        const grant = await urls.zips.verify(token);
        return grant && zipEntries(deps, grant);
      },
      (reply, zip) => sendZip(deps, reply, zip.featureRef, zip.rows),
    );
  };
}
