import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { folderOut, wmsStoreBody, wmtsStoreBody } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { addStore, proxyStore, removeStore } from './service.js';

/** External WMS/WMTS services of a project (spec 3 §7) and the proxy their layers draw through. */
export function externalServiceRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['external services'];
    const params = z.object({ id: z.string().uuid() });
    r.post(
      '/rest/projects/:id/wmsstore',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add an external WMS service',
          params,
          querystring: orgQuery,
          body: wmsStoreBody,
          response: { 201: folderOut },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await addStore(deps, callerOf(req), req.params.id, 'WMS', req.body.wmsStore)),
    );
    r.post(
      '/rest/projects/:id/wmtsstore',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add an external WMTS service',
          params,
          querystring: orgQuery,
          body: wmtsStoreBody,
          response: { 201: folderOut },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await addStore(deps, callerOf(req), req.params.id, 'WMTS', req.body.wmtsStore)),
    );
    const storeParams = params.extend({ storeId: z.string().uuid() });
    r.delete(
      '/rest/projects/:id/store/:storeId',
      {
        config: member,
        schema: {
          tags,
          summary: 'Remove an external service with its folder',
          params: storeParams,
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await removeStore(deps, callerOf(req), req.params.id, req.params.storeId);
        return reply.status(204).send();
      },
    );
    r.get(
      '/rest/projects/:id/store/:storeId/proxy',
      {
        config: member,
        schema: {
          tags,
          summary: 'A map image, tile or capabilities of the service, fetched with its stored credentials',
          params: storeParams,
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        const res = await proxyStore(deps, callerOf(req), req.params.id, req.params.storeId, req.query);
        // Opened directly, the answer is an inert download in a sandbox with no script, whatever it holds.
        return reply
          .header('content-type', res.contentType)
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', 'attachment')
          .send(res.body);
      },
    );
  };
}
