import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOrganizationOut, dataOrganizationSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { organize } from './service.js';

/**
 * Data organization (spec 3 §7): the spec leaves method and path open, so one POST takes the
 * scenario body; PUT /rest/data-organization/data-organization-sqs accepts the same body (the
 * original queued these moves; ours finish within the request).
 */
export function dataOrganizationRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags: ['data organization'],
      querystring: orgQuery,
      body: dataOrganizationSchema,
      response: { 200: dataOrganizationOut },
    };
    r.post(
      '/rest/data-organization',
      { config: member, schema: { ...schema, summary: 'Move features, a layer or a folder' } },
      (req) => organize(deps, callerOf(req), req.body),
    );
    r.put(
      '/rest/data-organization/data-organization-sqs',
      { config: member, schema: { ...schema, summary: 'Same as POST /rest/data-organization' } },
      (req) => organize(deps, callerOf(req), req.body),
    );
  };
}
