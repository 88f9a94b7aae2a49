import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importUrlParamsSchema, importUrlQuerySchema, importUrlResponseSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { unauthorized } from '../http/errors.js';
import { registerJobHandler, type JobRecord } from '../jobs/queue.js';
import { cleanUpImport, runImport, type ImportPayload } from './handler.js';
import { cleanUpRasterImport, runRasterImport } from './raster.js';
import { createImportUrl, importUrls, receiveUpload } from './service.js';

const tags = ['imports'];

const isRaster = (job: JobRecord) => (job.payload as unknown as ImportPayload).type === 'RASTER';

export function importRoutes(deps: Deps) {
  registerJobHandler(
    'IMPORT',
    (job, ctx) => (isRaster(job) ? runRasterImport(job, ctx) : runImport(job, ctx)),
    async (jobDeps, job) => {
      await cleanUpImport(jobDeps, job);
      if (isRaster(job)) await cleanUpRasterImport(jobDeps, job);
    },
  );
  const urls = importUrls(deps.config.jwtSecret);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/rest/projects/signedurl/:folderId/:ext/:type/:method',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'A short-lived URL to PUT a file to, which becomes an IMPORT job',
          params: importUrlParamsSchema,
          querystring: importUrlQuerySchema,
          response: { 200: importUrlResponseSchema },
        },
      },
      (req) => createImportUrl(deps, urls, callerOf(req), req.params, req.query),
    );

    // The upload's body is streamed to disk by the service: no parser reads it here.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      raw.withTypeProvider<ZodTypeProvider>().put(
        '/files/import/:token',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary: 'The file of a signed import URL (no Authorization header)',
            params: z.object({ token: z.string().max(4096) }),
            querystring: z.object({ fileName: z.string().max(255).optional() }),
            response: { 201: z.object({ id: z.string() }) },
          },
        },
        async (req, reply) => {
          const grant = await urls.verify(req.params.token);
          if (!grant) throw unauthorized('app.upload.expired');
          const length = req.headers['content-length'] ? Number(req.headers['content-length']) : undefined;
          const body = (req.body as Readable | undefined) ?? null;
          const job = await receiveUpload(deps, grant, body, length, req.query.fileName);
          return reply.status(201).send(job);
        },
      );
    });
  };
}
