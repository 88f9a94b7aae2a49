import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantCodeField, grantPermissionsSchema, grantSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound } from '../http/errors.js';
import * as sharing from './service.js';
import { member, orgQuery } from '../http/route-parts.js';

const tags = ['sharing'];
const pair = z.object({ grantorId: z.string().uuid(), granteeId: z.string().uuid() });

/** Organization sharing of spec 1 §2.7: codes, requests, accept/deny, delete, permissions of a share. */
export function sharingRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/rest/organization-permissions',
      {
        config: member,
        schema: {
          tags,
          summary: 'Grants of the organization, as grantor or grantee',
          querystring: orgQuery,
          response: { 200: z.array(grantSchema) },
        },
      },
      (req) => sharing.listForOrganization(deps, callerOf(req)),
    );

    r.post(
      '/rest/organization-permissions',
      {
        config: member,
        schema: { tags, summary: 'Create a sharing code', querystring: orgQuery, response: { 201: grantSchema } },
      },
      async (req, reply) => reply.status(201).send(await sharing.createCode(deps, callerOf(req))),
    );

    r.post(
      '/rest/organization-permissions/:code',
      {
        config: member,
        schema: {
          tags,
          summary: 'Request access with a code',
          params: z.object({ code: grantCodeField }),
          querystring: orgQuery,
          response: { 200: grantSchema },
        },
      },
      (req) => sharing.requestWithCode(deps, callerOf(req), req.params.code),
    );

    r.put(
      '/rest/organization-permissions/:action/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Accept or deny a request',
          params: z.object({ action: z.enum(['accept', 'deny']), id: z.string() }),
          querystring: orgQuery,
          response: { 200: grantSchema },
        },
      },
      (req) => sharing.act(deps, callerOf(req), req.params.action, req.params.id),
    );

    r.delete(
      '/rest/organization-permissions/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Delete a grant or code',
          params: z.object({ id: z.string() }),
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await sharing.remove(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    for (const side of ['grantee', 'grantor'] as const) {
      r.get(
        `/rest/permissions/${side}/:id`,
        {
          config: member,
          schema: {
            tags,
            summary: `Grants where the organization is ${side}`,
            params: z.object({ id: z.string().uuid() }),
            querystring: orgQuery,
            response: { 200: z.array(grantSchema) },
          },
        },
        (req) => {
          if (req.params.id !== callerOf(req).organizationId) throw notFound();
          return sharing.listForOrganization(deps, callerOf(req), side);
        },
      );
    }

    r.get(
      '/rest/permissions/grant/:grantorId/:granteeId',
      {
        config: member,
        schema: {
          tags,
          summary: 'The grant between two organizations',
          params: pair,
          querystring: orgQuery,
          response: { 200: grantSchema },
        },
      },
      (req) => sharing.getBetween(deps, callerOf(req), req.params.grantorId, req.params.granteeId),
    );

    r.put(
      '/rest/permissions/grant/:grantorId/:granteeId',
      {
        config: member,
        schema: {
          tags,
          summary: 'Set what a granted organization may read',
          params: pair,
          querystring: orgQuery,
          body: grantPermissionsSchema,
          response: { 200: grantSchema },
        },
      },
      (req) =>
        sharing.setGrantPermissions(
          deps,
          callerOf(req),
          req.params.grantorId,
          req.params.granteeId,
          req.body.permissions,
        ),
    );
  };
}
