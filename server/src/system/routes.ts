import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../deps.js';

const eulaHtml = readFileSync(new URL('./eula.html', import.meta.url), 'utf8');

export function systemRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/healthz', {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } },
    }, async () => {
      await sql`SELECT 1`.execute(deps.db);
      return { status: 'ok' as const, database: deps.dbKind };
    });
    r.get('/eula.html', {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'The end-user licence agreement text' },
    }, (_req, reply) => reply.type('text/html; charset=utf-8').send(eulaHtml));
  };
}
