import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKeyCreateSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as clients from './service.js';
import { member, orgQuery, idParams } from '../http/route-parts.js';

const tags = ['client keys'];
const keyOut = z.object({ id: z.string(), email: z.string(), key: z.string() });

export function clientRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/rest/accounts/clientkey/list',
      { config: member, schema: { tags, summary: 'Client keys by e-mail', querystring: orgQuery } },
      (req) => clients.listKeys(deps, callerOf(req)),
    );
    r.post(
      '/rest/accounts/clientkey',
      {
        config: member,
        schema: {
          tags,
          summary: 'Create a client key for a member (shown once)',
          querystring: orgQuery,
          body: clientKeyCreateSchema,
          response: { 201: keyOut },
        },
      },
      async (req, reply) => reply.status(201).send(await clients.createKey(deps, callerOf(req), req.body.email)),
    );
    r.put(
      '/rest/accounts/clientkey/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Replace a client key (shown once)',
          params: idParams,
          querystring: orgQuery,
          response: { 200: keyOut },
        },
      },
      (req) => clients.rotateKey(deps, callerOf(req), req.params.id),
    );
    r.delete(
      '/rest/accounts/clientkey/:id',
      { config: member, schema: { tags, summary: 'Delete a client key', params: idParams, querystring: orgQuery } },
      async (req, reply) => {
        await clients.deleteKey(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    r.get(
      '/rest/accounts/clientkey/endpoints',
      {
        config: member,
        schema: { tags, summary: 'Feature and map service endpoints per project', querystring: orgQuery },
      },
      (req) => clients.endpoints(deps, callerOf(req)),
    );
  };
}
