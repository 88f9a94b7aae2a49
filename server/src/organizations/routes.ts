import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createChildOrganizationSchema, organizationSchema, updateOrganizationSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as organizations from './service.js';
import { member, orgQuery } from '../http/route-parts.js';

const tags = ['organizations'];

export function organizationRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/rest/organizations/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'An organization (yours or a child of it)',
          params: z.object({ id: z.string().uuid() }),
          querystring: orgQuery,
          response: { 200: organizationSchema },
        },
      },
      (req) => organizations.getOrganization(deps, callerOf(req), req.params.id),
    );

    r.put(
      '/rest/organizations',
      {
        config: member,
        schema: {
          tags,
          summary: "Update the organization's address",
          querystring: orgQuery,
          body: updateOrganizationSchema,
          response: { 200: organizationSchema },
        },
      },
      (req) => organizations.updateOrganization(deps, callerOf(req), req.body),
    );

    r.post(
      '/rest/organizations',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add a child organization',
          querystring: orgQuery,
          body: createChildOrganizationSchema,
          response: { 201: organizationSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await organizations.createChild(deps, callerOf(req), req.body)),
    );

    r.delete(
      '/rest/organizations/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Delete a child organization',
          params: z.object({ id: z.string().uuid() }),
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await organizations.deleteChild(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
