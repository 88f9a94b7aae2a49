import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf, type Caller } from '../http/context.js';
import { MSG } from '@fieldbook/domain';
import { conflict, notFound } from '../http/errors.js';
import { member } from '../http/route-parts.js';

const tags = ['notifications'];
const tokenParams = z.object({ token: z.string().min(1).max(2048) });
const interestSchema = z.object({ artifact: z.string(), scope: z.string(), code: z.string() });
const ORGANIZATION_INTEREST = { artifact: 'organization', scope: 'organization', code: 'ORGANIZATION_UPDATED' };

/**
 * Push subscriptions of a browser (its token) and their notification interests. The settings toggle
 * of organization notifications is the ORGANIZATION_UPDATED interest of the browser's token.
 */
export function notificationRoutes(deps: Deps) {
  const ownSubscription = async (caller: Caller, token: string) => {
    const row = await deps.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('token', '=', token)
      .where('account_id', '=', caller.accountId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };
  const interestsOf = (token: string) =>
    deps.db
      .selectFrom('notification_interests')
      .select(['artifact', 'scope', 'code'])
      .where('token', '=', token)
      .orderBy('code')
      .execute();

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Push tokens and notification interests are not in the activity log: a user's own device settings.
    r.post(
      '/rest/subscriptions',
      {
        config: member,
        schema: {
          tags,
          summary: "Register this browser's push token",
          body: z.object({ token: z.string().min(1).max(2048) }),
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        // A token belongs to the account that registered it: posting it again moves it only between that
        // account's organizations, in the same statement, so two concurrent posts cannot both take it.
        const kept = await deps.db
          .insertInto('push_subscriptions')
          .values({ token: req.body.token, account_id: caller.accountId, organization_id: caller.organizationId })
          .onConflict((oc) =>
            oc
              .column('token')
              .doUpdateSet({ organization_id: caller.organizationId })
              .where('push_subscriptions.account_id', '=', caller.accountId),
          )
          .returning('token')
          .executeTakeFirst();
        if (!kept) throw conflict(MSG.pushTokenTaken);
        return reply.status(201).send({ token: req.body.token });
      },
    );

    r.delete(
      '/rest/subscriptions',
      {
        config: member,
        schema: {
          tags,
          summary: "Remove the caller's push subscriptions (one token, or all)",
          body: z.object({ token: z.string().optional() }).optional(),
        },
      },
      async (req, reply) => {
        let q = deps.db.deleteFrom('push_subscriptions').where('account_id', '=', callerOf(req).accountId);
        if (req.body?.token) q = q.where('token', '=', req.body.token);
        await q.execute();
        return reply.status(204).send();
      },
    );

    r.get(
      '/rest/subscriptions/:token',
      {
        config: member,
        schema: { tags, summary: 'A push subscription', params: tokenParams },
      },
      async (req) => {
        const row = await ownSubscription(callerOf(req), req.params.token);
        return {
          token: row.token,
          organizationId: row.organization_id,
          createdAt: new Date(row.created_at).toISOString(),
        };
      },
    );

    r.get(
      '/rest/notification-interests/:token',
      {
        config: member,
        schema: {
          tags,
          summary: 'Interests of a push subscription',
          params: tokenParams,
          response: { 200: z.array(interestSchema) },
        },
      },
      async (req) => {
        await ownSubscription(callerOf(req), req.params.token);
        return interestsOf(req.params.token);
      },
    );

    r.post(
      '/rest/notification-interests/organization/:token',
      {
        config: member,
        schema: {
          tags,
          summary: 'Turn organization notifications on for this browser',
          params: tokenParams,
          response: { 200: z.array(interestSchema) },
        },
      },
      async (req) => {
        await ownSubscription(callerOf(req), req.params.token);
        await deps.db
          .insertInto('notification_interests')
          .values({ token: req.params.token, ...ORGANIZATION_INTEREST })
          .onConflict((oc) => oc.columns(['token', 'artifact', 'scope', 'code']).doNothing())
          .execute();
        return interestsOf(req.params.token);
      },
    );

    r.delete(
      '/rest/notification-interests/organization/:token',
      {
        config: member,
        schema: {
          tags,
          summary: 'Turn organization notifications off for this browser',
          params: tokenParams,
          response: { 200: z.array(interestSchema) },
        },
      },
      async (req) => {
        await ownSubscription(callerOf(req), req.params.token);
        await deps.db
          .deleteFrom('notification_interests')
          .where('token', '=', req.params.token)
          .where('code', '=', ORGANIZATION_INTEREST.code)
          .execute();
        return interestsOf(req.params.token);
      },
    );
  };
}
