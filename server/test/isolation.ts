import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';

/**
 * Pieces of the tenant-isolation matrices: the callers who must be refused on organization A's data
 * and what a refusal looks like.
 */
export interface Intruders {
  /** Admin of another organization. */
  adminB: SignedIn;
  viewerA: SignedIn;
  collectorA: SignedIn;
  inactiveA: SignedIn;
}

/** The usual intruders of organization A; `collectorMask` replaces the collector's preset organization mask. */
export async function intruders(
  h: Harness,
  organizationId: string,
  options: { collectorMask?: string } = {},
): Promise<Intruders> {
  const viewerA = await createMember(h, organizationId, 'viewer');
  const collectorA = await createMember(h, organizationId, 'dataCollector');
  if (options.collectorMask) {
    await h.db
      .updateTable('permissions')
      .set({ bit_mask: options.collectorMask })
      .where('account_id', '=', collectorA.accountId)
      .execute();
  }
  const inactiveA = await createMember(h, organizationId, 'editor');
  await h.db
    .updateTable('memberships')
    .set({ is_active: false })
    .where('account_id', '=', inactiveA.accountId)
    .execute();
  const adminB = await signedInAccount(h);
  return { adminB, viewerA, collectorA, inactiveA };
}

/** The URL with `orgId` naming an organization (the caller's choice among theirs, DESIGN §4). */
export const naming = (url: string, orgId: string) => `${url}${url.includes('?') ? '&' : '?'}orgId=${orgId}`;

/** A refusal: 401, 403 or 404, and nothing of `secrets` in the body. */
export function expectRefused(res: LightMyRequestResponse, label: string, secrets: string[] = []): void {
  expect([401, 403, 404], `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
  for (const secret of secrets) expect(res.body, `${label} leaks ${secret}`).not.toContain(secret);
}

/**
 * Routes of the app as 'METHOD /path/{param}', from the OpenAPI description (every route but the
 * hidden static ones), whose path starts with one of `prefixes`.
 */
export function routeTable(app: FastifyInstance, prefixes: string[]): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => prefixes.some((p) => path.startsWith(p)))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
}
