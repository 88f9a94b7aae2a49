import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { feedbackMail } from './mail.js';

/** The feedback dialog and the training-site link of the settings menu (spec 1 §2.12, §2.4). */
export function feedbackRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Not in the activity log: a mail to the operator, no organization data changes.
    r.post(
      '/rest/feedback',
      {
        config: { access: 'session' },
        schema: {
          tags: ['feedback'],
          summary: 'Send feedback to the operator',
          body: feedbackSchema,
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const row = await deps.db
          .insertInto('feedback')
          .values({
            organization_id: caller.organizationId,
            account_id: caller.accountId,
            title: req.body.Title,
            message: req.body.Message,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (deps.config.feedbackEmail) {
          await deps.mailer.send(feedbackMail(deps.config.feedbackEmail, caller, req.body.Title, req.body.Message));
        }
        return reply.status(201).send({ id: row.id });
      },
    );

    // Not in the activity log: a PUT that only reads the training site address.
    r.put(
      '/rest/university/goto/:id',
      {
        config: { access: 'session' },
        schema: {
          tags: ['feedback'],
          summary: 'The training site address to open',
          params: z.object({ id: z.string() }),
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      () => {
        if (!deps.config.trainingUrl) throw notFound('app.training.unavailable');
        return { url: deps.config.trainingUrl };
      },
    );
  };
}
