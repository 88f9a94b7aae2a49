import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authActivitySchema } from '@fieldbook/domain';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { insertActivity } from './store.js';

export function activityRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/rest/activities/auth', {
      config: { access: 'session' },
      schema: { tags: ['activities'], summary: 'Audit entry for an authentication event (password change)', body: authActivitySchema,
        response: { 201: z.object({ id: z.string() }) } },
    }, async (req, reply) => {
      const caller = callerOf(req);
      const ts = req.body.timestamp;
      const occurredAt = ts === undefined ? new Date() : new Date(typeof ts === 'number' ? ts : Date.parse(ts));
      const id = await insertActivity(deps.db, {
        organizationId: caller.organizationId,
        accountId: caller.accountId,
        type: req.body.type,
        category: req.body.category,
        message: req.body.message,
        occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt,
      });
      return reply.status(201).send({ id });
    });
  };
}
