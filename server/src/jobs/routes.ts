import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobsPageSchema, jobsQuerySchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member } from '../http/route-parts.js';
import { listJobs } from './service.js';

const tags = ['jobs'];

export function jobRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/rest/jobs',
      {
        config: member,
        schema: {
          tags,
          summary: 'Import and export jobs, newest first, paged by next_page_key',
          querystring: jobsQuerySchema,
          response: { 200: jobsPageSchema },
        },
      },
      (req) => listJobs(deps, callerOf(req), req.query),
    );
  };
}
