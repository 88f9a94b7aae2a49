import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { member, orgQuery } from '../http/route-parts.js';

const eulaHtml = readFileSync(new URL('./eula.html', import.meta.url), 'utf8');

export function systemRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/healthz',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database check',
          response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
        },
      },
      async () => {
        await sql`SELECT 1`.execute(deps.db);
        return { status: 'ok' as const, database: deps.dbKind };
      },
    );
    r.get(
      '/eula.html',
      {
        config: { access: 'public' },
        schema: { tags: ['system'], summary: 'The end-user licence agreement text' },
      },
      (_req, reply) => reply.type('text/html; charset=utf-8').send(eulaHtml),
    );
    // The browser loads provider tiles itself, so a configured key is handed to signed-in members only.
    r.get(
      '/rest/system/map-config',
      {
        config: member,
        schema: {
          tags: ['system'],
          summary: 'Map provider keys configured by the operator (absent when not configured)',
          querystring: orgQuery,
          response: { 200: z.object({ bingMapsKey: z.string().optional(), googleMapsKey: z.string().optional() }) },
        },
      },
      () => ({ bingMapsKey: deps.config.bingMapsKey, googleMapsKey: deps.config.googleMapsKey }),
    );
  };
}
