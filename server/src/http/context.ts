import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CURRENT_EULA_TIMESTAMP, MSG, type PermissionEntry, type SubjectOfChecks } from '@fieldbook/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TokenService } from '../auth/tokens.js';
import { forbidden, unauthorized } from './errors.js';
import { listPermissions } from '../accounts/store.js';

/**
 * Who may call a route. Every route declares one (deny by default: a route without it fails at
 * start-up).
 * - public: anyone.
 * - session: a valid ID token of an account that belongs to the selected organization, even if
 *   inactive or without the current EULA (profile, EULA acceptance, preferences).
 * - member: an active member who accepted the current EULA.
 */
export type Access = 'public' | 'session' | 'member';

export interface Caller extends SubjectOfChecks {
  accountId: string;
  email: string;
  organizationId: string;
  organizationType: string;
  permissions: PermissionEntry[];
  defaultOrganizationId: string | null;
  userType: string;
  isActive: boolean;
  eulaAccepted: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The caller of a route declared 'session' or 'member' (always set there). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export async function loadCaller(db: Kysely<DB>, accountId: string, orgId: string | undefined): Promise<Caller | null> {
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'default_organization_id', 'eula_web'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return null;
  const organizationId = orgId ?? account.default_organization_id;
  if (!organizationId) return null;
  const membership = await db
    .selectFrom('memberships')
    .select(['user_type', 'is_active'])
    .where('account_id', '=', accountId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!membership) throw forbidden();
  const organization = await db.selectFrom('organizations').select('type').where('id', '=', organizationId).executeTakeFirstOrThrow();
  return {
    organizationType: organization.type,
    permissions: await listPermissions(db, accountId, organizationId),
    accountId: account.id,
    email: account.email,
    organizationId,
    defaultOrganizationId: account.default_organization_id,
    userType: membership.user_type,
    isActive: membership.is_active,
    eulaAccepted: Number(account.eula_web ?? 0) >= CURRENT_EULA_TIMESTAMP,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One authentication hook for every route; `orgId` selects among the caller's organizations. */
export function registerAccessControl(app: FastifyInstance, deps: { db: Kysely<DB>; tokens: TokenService }): void {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: Access };
    if (config.access) return;
    // The API description and the web app's static files are the only routes of plugins.
    if (route.url.startsWith('/docs') || route.url === '/*' || route.url === '/') {
      route.config = { ...config, access: 'public' } as typeof route.config;
      return;
    }
    throw new Error(`Route ${route.method} ${route.url} declares no access level`);
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public' || request.is404) return;
    if (!access) throw forbidden();
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await deps.tokens.verifyIdToken(token);
    const orgId = (request.query as Record<string, unknown> | undefined)?.orgId;
    if (orgId !== undefined && (typeof orgId !== 'string' || !UUID.test(orgId))) throw forbidden();
    const caller = await loadCaller(deps.db, claims.sub, orgId as string | undefined);
    if (!caller) throw unauthorized(MSG.sessionExpired);
    if (access === 'member') {
      if (!caller.isActive) throw forbidden(MSG.userDisabled);
      if (!caller.eulaAccepted) throw forbidden('app.eula.required');
    }
    request.caller = caller;
  });
}
