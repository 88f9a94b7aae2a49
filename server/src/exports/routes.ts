import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_ITEM_TYPES, exportRequestSchema, exportStartedSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { registerJobHandler, type JobHandler } from '../jobs/queue.js';
import { cleanUpExport, runExport, type ExportPayload } from './run.js';
import { exportResult, startExport } from './service.js';

const tags = ['exports'];
const itemParams = z.object({ type: z.enum(EXPORT_ITEM_TYPES), id: z.string().uuid() });

const handleExport: JobHandler = (job, ctx) =>
  runExport(
    ctx.deps,
    { id: job.id, organization_id: job.organization_id, payload: job.payload as unknown as ExportPayload },
    ctx,
  );

/**
 * Exports (issue #10 §3). `POST /search/features/export/{type}/{id}` is the spec's call (§7) for a
 * layer or a selection of its features (`featureIDs`); `POST /rest/exports/{type}/{id}` takes the same
 * body for a layer, folder or project (the spec leaves that path open). Both answer the EXPORT job's id;
 * the finished job's resultURL is the authenticated download below.
 */
export function exportRoutes(deps: Deps) {
  registerJobHandler('EXPORT', handleExport, cleanUpExport);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags,
      params: itemParams,
      querystring: orgQuery,
      body: exportRequestSchema,
      response: { 200: exportStartedSchema },
    };
    r.post(
      '/rest/exports/:type/:id',
      { config: member, schema: { ...schema, summary: 'Export a layer, folder or project as a background job' } },
      (req) => startExport(deps, callerOf(req), req.params.type, req.params.id, req.body),
    );
    r.post(
      '/search/features/export/:type/:id',
      { config: member, schema: { ...schema, summary: 'Export search results or a selection (same body)' } },
      (req) => startExport(deps, callerOf(req), req.params.type, req.params.id, req.body),
    );
    r.get(
      '/rest/exports/:jobId/download/:name',
      {
        config: member,
        schema: {
          tags,
          summary: "Download the result of one of the caller's exports",
          params: z.object({ jobId: z.string().uuid(), name: z.string().min(1).max(300) }),
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        const { stream, size } = await exportResult(deps, callerOf(req), req.params.jobId, req.params.name);
        return reply
          .type('application/octet-stream')
          .header('content-length', size)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(req.params.name)}`)
          .send(stream);
      },
    );
  };
}
