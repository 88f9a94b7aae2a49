import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityExportSchema,
  activityFiltersSchema,
  activityPageSchema,
  authActivitySchema,
  dailyCollectionQuerySchema,
  dailyCollectionRowSchema,
} from '@fieldbook/domain';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { member } from '../http/route-parts.js';
import { registerJobHandler } from '../jobs/queue.js';
import { cleanUpExport } from '../exports/run.js';
import { LOG_EXPORT_VARIANT, runLogExport } from './log-export.js';
import { AUTH_ACTIVITIES } from './record.js';
import { countActivities, dailyCollection, exportActivities, listActivities } from './service.js';

const tags = ['activities'];

/**
 * The activity log and its reports (spec 3 §7 activities and stats). Visibility (spec 3 §6) is applied
 * by the service: organization admins read the organization's log, project admins their projects'.
 */
export function activityRoutes(deps: Deps) {
  registerJobHandler('EXPORT', runLogExport, cleanUpExport, LOG_EXPORT_VARIANT);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/rest/activities',
      {
        config: member,
        schema: {
          tags,
          summary: 'One page of the activity log, filtered; LastEvaluatedKey is the next page key',
          querystring: activityFiltersSchema,
          response: { 200: activityPageSchema },
        },
      },
      (req) => listActivities(deps, callerOf(req), req.query),
    );
    r.get(
      '/rest/activities/count',
      {
        config: member,
        schema: {
          tags,
          summary: 'How many entries the filters match (the reports bars)',
          querystring: activityFiltersSchema,
          response: { 200: z.object({ count: z.number() }) },
        },
      },
      (req) => countActivities(deps, callerOf(req), req.query),
    );
    r.post(
      '/rest/activities/export',
      {
        config: member,
        schema: {
          tags,
          summary: 'Export the filtered log as CSV, as a job',
          querystring: activityFiltersSchema,
          body: activityExportSchema,
          response: { 202: z.object({ jobId: z.string() }) },
        },
      },
      async (req, reply) => reply.status(202).send(await exportActivities(deps, callerOf(req), req.query, req.body)),
    );
    r.get(
      '/rest/stats/user/daily',
      {
        config: member,
        schema: {
          tags,
          summary: 'What each user collected per day and project (User Feature Collection report)',
          querystring: dailyCollectionQuerySchema,
          response: { 200: z.array(dailyCollectionRowSchema) },
        },
      },
      (req) => dailyCollection(deps, callerOf(req), req.query),
    );
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
