import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';

/**
 * A test-time guard of "every write logs an entry in its transaction" (issue #14). With
 * FB_AUDIT_GUARD=1 (the API test projects set it), a successful POST/PUT/PATCH/DELETE by a signed-in
 * caller that wrote no activity entry in the caller's organization (nor by the caller
 * elsewhere: an accepted invitation is logged in the inviting organization) answers 500 "unlogged write", so the
 * whole API suite — a thousand tests driving every route — checks the rule, not only the log's own
 * tests. Routes below are the writes that are not the caller's change of data, each with its reason.
 */
const NOT_LOGGED: Record<string, string> = {
  'POST /rest/activities/auth': 'acknowledges the password change the server logged itself',
  'PUT /preferences': "a user's own screen state (layers on, map position), not organization data",
  'POST /rest/subscriptions': "the user's own push subscription",
  'DELETE /rest/subscriptions': "the user's own push subscription",
  'POST /rest/notification-interests/organization/:token': "the user's own notification interests",
  'DELETE /rest/notification-interests/organization/:token': "the user's own notification interests",
  'POST /rest/feedback': 'a mail to the product team',
  'POST /auth/refresh': 'renews a session; the sign-in was logged',
  'POST /auth/signout': 'ends a session',
  'POST /auth/verify-email/send': 'mails a code',
  'PUT /rest/university/goto/:id': 'answers the training-site address; writes nothing',
  'POST /rest/component-attributes/search-index': "bookkeeping of the dictionary's search index, no user data",
  'POST /rest/symbols/triggerDictionaryPackaging': 'repackages dictionaries after a symbol change (logged itself)',
  'DELETE /rest/features/:id/forms':
    'logs one Form entry per record deleted; a feature without forms (the app asks before any feature delete) has none',
  'POST /rest/onecall/email/email-address/:projectId/:emailAddressId/verification':
    'mails a new verification link to an unverified one-call address; the list does not change',
};

/** Reads answered over POST (searches, map requests with long bodies) write nothing. */
const READS_OVER_POST = new Set([
  'POST /search/features/:orgId',
  'POST /search/features/agg/fields',
  'POST /search/features/agg/fieldvalues/:orgId',
  'POST /search/features/agg/suggestions',
  'POST /rest/projects/layerExtents',
  'POST /rest/projects/:projectId/geo/info',
  // A signed URL of a feature's PDF: the PDF is made when it is fetched; nothing is stored.
  'POST /rest/features/project/:projectId/feature/:id/pdf',
  // WFS over POST: GetFeature reads; a Transaction's writes log their features (activity-features.test.ts).
  'POST /rest/projects/ogc/:projectId/wfs',
  'POST /rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wfs',
]);

export function registerAuditGuard(app: FastifyInstance, deps: Deps): void {
  if (process.env.FB_AUDIT_GUARD !== '1') return;
  app.addHook('onRequest', async (req) => {
    (req as { auditStart?: Date }).auditStart = new Date(Date.now() - 5);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method)) return payload;
    if (reply.statusCode >= 300 || !req.caller) return payload;
    const route = `${req.method} ${req.routeOptions.url}`;
    if (NOT_LOGGED[route] || READS_OVER_POST.has(route)) return payload;
    const since = (req as { auditStart?: Date }).auditStart!;
    const logged = await sql<{ n: number }>`SELECT count(*)::int AS n FROM activities
      WHERE (organization_id = ${req.caller.organizationId} OR account_id = ${req.caller.accountId})
        AND created_at >= ${since}`.execute(deps.db);
    if (logged.rows[0]!.n > 0) return payload;
    reply.code(500);
    return JSON.stringify({ message: `unlogged write: ${route}` });
  });
}
