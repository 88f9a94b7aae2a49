import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authActivitySchema } from '@fieldbook/domain';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { AUTH_ACTIVITIES } from './record.js';

export function activityRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // The web app posts here after a password change (spec 1 §7). The server has already written that
    // entry itself, in the change's transaction, so nothing the client sends (type, message, time) is
    // stored: the answer names the caller's latest server-written password entry.
    r.post(
      '/rest/activities/auth',
      {
        config: { access: 'session' },
        schema: {
          tags: ['activities'],
          summary: "Acknowledge the web app's audit call for a password change; the server writes the entry itself",
          body: authActivitySchema,
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const entry = await deps.db
          .selectFrom('activities')
          .select('id')
          .where('account_id', '=', caller.accountId)
          .where('organization_id', '=', caller.organizationId)
          .where('category', '=', 'General')
          .where('message', 'in', [AUTH_ACTIVITIES.passwordChange.message, AUTH_ACTIVITIES.passwordReset.message])
          .orderBy('occurred_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!entry) throw notFound();
        return reply.status(201).send({ id: entry.id });
      },
    );
  };
}
