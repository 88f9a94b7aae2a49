import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DICTIONARY_LIMITS, saveSymbolSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound, unauthorized } from '../http/errors.js';
import * as symbols from './service.js';
import { member, orgQuery, idParams } from '../http/route-parts.js';

const tags = ['symbols'];

export function symbolRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Uploaded bytes arrive raw (image/png, …); a little over the limit so the service can say "too large".
    app.addContentTypeParser(
      ['image/png', 'image/jpeg', 'image/gif', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: DICTIONARY_LIMITS.symbolImageMaxBytes * 2 },
      (_req, body, done) => done(null, body),
    );

    r.get(
      '/rest/symbols/paged',
      {
        config: member,
        schema: {
          tags,
          summary: 'Symbols, paged',
          querystring: orgQuery.extend({
            search: z.string().trim().max(50).optional(),
            page: z.coerce.number().int().min(0).default(0),
            pageSize: z.coerce.number().int().min(1).max(100).default(DICTIONARY_LIMITS.symbolPageSize),
            sort: z.enum(['name', 'format', 'updatedAt']).default('name'),
            order: z.enum(['asc', 'desc']).default('asc'),
            cacheBuster: z.string().optional(),
          }),
        },
      },
      (req) => symbols.listSymbols(deps, callerOf(req), req.query),
    );

    r.get(
      '/rest/symbols/name/exists',
      {
        config: member,
        schema: {
          tags,
          summary: 'Whether a symbol name is taken (case-insensitive)',
          querystring: orgQuery.extend({ name: z.string(), excludeID: z.string().uuid().optional() }),
          response: { 200: z.object({ exists: z.boolean() }) },
        },
      },
      (req) => symbols.checkName(deps, callerOf(req), req.query.name, req.query.excludeID),
    );

    r.get(
      '/rest/symbols/countComponentUsage/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'How many components use the symbol',
          params: idParams,
          querystring: orgQuery,
          response: { 200: z.object({ count: z.number().int() }) },
        },
      },
      (req) => symbols.countUsage(deps, callerOf(req), req.params.id),
    );

    r.get(
      '/rest/symbols/:id',
      { config: member, schema: { tags, summary: 'A symbol', params: idParams, querystring: orgQuery } },
      (req) => symbols.getSymbol(deps, callerOf(req), req.params.id),
    );

    r.post(
      '/rest/symbols',
      {
        config: member,
        schema: {
          tags,
          summary: 'Create a symbol; upload the image to the returned postUrl',
          querystring: orgQuery,
          body: saveSymbolSchema,
        },
      },
      async (req, reply) => reply.status(201).send(await symbols.saveSymbol(deps, callerOf(req), null, req.body)),
    );

    r.put(
      '/rest/symbols/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Rename a symbol; with originalName a new image goes to the returned postUrl',
          params: idParams,
          querystring: orgQuery,
          body: saveSymbolSchema,
        },
      },
      (req) => symbols.saveSymbol(deps, callerOf(req), req.params.id, req.body),
    );

    // Not logged: a refresh of dictionary packages after a symbol change, which is logged itself.
    r.post(
      '/rest/symbols/triggerDictionaryPackaging',
      {
        config: member,
        schema: {
          tags,
          summary: 'Repackage dictionaries after a symbol image changed',
          querystring: orgQuery,
          body: z.object({ dictionaryIds: z.array(z.string().uuid()) }),
        },
      },
      (req) => symbols.triggerPackaging(deps, callerOf(req), req.body.dictionaryIds),
    );

    r.delete(
      '/rest/symbols/:id',
      { config: member, schema: { tags, summary: 'Delete a symbol', params: idParams, querystring: orgQuery } },
      async (req, reply) => {
        await symbols.deleteSymbol(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    // Marker images load in <img> and map renderers without an Authorization header.
    r.get(
      '/rest/symbols/:id/image',
      { config: { access: 'public' }, schema: { tags, summary: 'The symbol image', params: idParams } },
      async (req, reply) => {
        const image = await symbols.symbolImage(deps, req.params.id);
        return reply
          .type(image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(image.data);
      },
    );

    r.put(
      '/files/upload/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Direct upload to a signed postUrl',
          params: z.object({ token: z.string() }),
          querystring: z.object({ name: z.string().max(255).optional() }),
        },
      },
      async (req) => {
        const grant = await deps.uploads.verify(req.params.token);
        if (!grant) throw unauthorized('app.upload.expired');
        if (grant.target !== 'symbol') throw notFound();
        return symbols.receiveImage(
          deps,
          grant,
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          req.query.name,
        );
      },
    );
  };
}
