import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CURRENT_EULA_TIMESTAMP, MSG, type PermissionEntry, type SubjectOfChecks, isUuid } from '@fieldbook/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TokenService, VerifiedIdToken } from '../auth/tokens.js';
import { forbidden, unauthorized } from './errors.js';

/**
 * Who may call a route. Every route declares one (deny by default: a route without it fails at
 * start-up).
 * - public: anyone.
 * - inactiveAllowed: a valid ID token of an account that belongs to the selected organization, even
 *   an inactive one. Only the profile: it is how the web app learns to show the inactive-user screen.
 * - session: the same, active, even without the current EULA (EULA acceptance, preferences, password).
 * - member: an active member who accepted the current EULA.
 */
export type Access = 'public' | 'inactiveAllowed' | 'session' | 'member';

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
  /** The session (refresh token row) of the ID token; null for a client key. */
  sessionId: string | null;
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

interface CallerRow {
  id: string;
  email: string;
  default_organization_id: string | null;
  eula_web: string | number | null;
  organization_id: string | null;
  organization_type: string | null;
  user_type: string | null;
  is_active: boolean | null;
  permissions: Array<{ t: string; i: string; b: string }>;
}

/** An ID token's session is live: not signed out or revoked, and issued after the last password change. */
const liveSession = (token: Pick<VerifiedIdToken, 'sid' | 'iat'>) => sql`
  AND (password_changed_at IS NULL OR password_changed_at <= to_timestamp(${token.iat}::float8))
  AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.id = ${token.sid}::uuid AND r.account_id = accounts.id AND r.revoked_at IS NULL)`;

/**
 * The caller of a request in one round trip (account, session, membership, organization and
 * permissions): this runs before every API call, so its cost is paid by every map tile and WFS page.
 * With `token`, a revoked session or a token older than the last password change finds no caller.
 */
export async function loadCaller(
  db: Kysely<DB>,
  accountId: string,
  orgId: string | undefined,
  token?: Pick<VerifiedIdToken, 'sid' | 'iat'>,
): Promise<Caller | null> {
  const { rows } = await sql<CallerRow>`
    WITH a AS (SELECT id, email, default_organization_id, eula_web, coalesce(${orgId ?? null}::uuid, default_organization_id) AS org
               FROM accounts WHERE id = ${accountId} ${token ? liveSession(token) : sql``})
    SELECT a.id, a.email, a.default_organization_id, a.eula_web, a.org AS organization_id, o.type AS organization_type,
           m.user_type, m.is_active,
           coalesce((SELECT json_agg(json_build_object('t', p.asset_type, 'i', p.asset_id, 'b', p.bit_mask) ORDER BY p.asset_type, p.asset_id)
                     FROM permissions p WHERE p.account_id = a.id AND p.organization_id = a.org), '[]'::json) AS permissions
    FROM a
    LEFT JOIN memberships m ON m.account_id = a.id AND m.organization_id = a.org AND NOT m.invitation_pending
    LEFT JOIN organizations o ON o.id = a.org`.execute(db);
  const row = rows[0];
  if (!row || !row.organization_id) return null;
  if (row.user_type === null || row.organization_type === null) throw forbidden();
  return {
    organizationType: row.organization_type,
    permissions: row.permissions.map((p) => ({
      assetTypeName: p.t as PermissionEntry['assetTypeName'],
      assetId: p.i,
      bitMask: p.b,
    })),
    accountId: row.id,
    email: row.email,
    organizationId: row.organization_id,
    defaultOrganizationId: row.default_organization_id,
    userType: row.user_type,
    isActive: row.is_active === true,
    eulaAccepted: Number(row.eula_web ?? 0) >= CURRENT_EULA_TIMESTAMP,
    sessionId: token?.sid ?? null,
  };
}

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
    if (orgId !== undefined && (typeof orgId !== 'string' || !isUuid(orgId))) throw forbidden();
    const caller = await loadCaller(deps.db, claims.sub, orgId as string | undefined, claims);
    if (!caller) throw unauthorized(MSG.sessionExpired);
    if (access !== 'inactiveAllowed' && !caller.isActive) throw forbidden(MSG.userDisabled);
    if (access === 'member' && !caller.eulaAccepted) throw forbidden('app.eula.required');
    request.caller = caller;
  });
}
