import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signIn, signedInAccount, type SignedIn } from './factories.js';
import { expectRefused, intruders, naming, type Intruders } from './isolation.js';

/**
 * Every route of the organizations area, called on organization A's data by someone who may not:
 * an admin of organization B, a viewer and a collector of A (for admin-only routes), an inactive
 * member of A and a signed-out caller. Each is refused and nothing of A changes.
 */
interface World extends Intruders {
  h: Harness;
  adminA: SignedIn;
  memberA: SignedIn;
  childId: string;
  grantId: string;
}

async function world(): Promise<World> {
  const h = await harness();
  const adminA = await signedInAccount(h);
  const memberA = await createMember(h, adminA.organizationId, 'dataCollector');
  const others = await intruders(h, adminA.organizationId, { collectorMask: '0011' });
  const childId = (
    await h.app.inject({
      method: 'POST',
      url: '/rest/organizations',
      headers: adminA.auth,
      payload: { name: 'Child A', parentId: adminA.organizationId },
    })
  ).json().id;
  const grantId = (
    await h.app.inject({ method: 'POST', url: '/rest/organization-permissions', headers: adminA.auth })
  ).json().id;
  return { h, adminA, memberA, childId, grantId, ...others };
}

type Call = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (w: World) => string;
  payload?: (w: World) => Record<string, unknown>;
  adminOnly: boolean;
  namesA?: boolean;
};

const calls: Call[] = [
  { name: 'list members', method: 'GET', url: () => '/rest/accounts/filter', adminOnly: false },
  {
    name: 'get member',
    method: 'GET',
    url: (w) => `/rest/accounts/${w.memberA.accountId}`,
    adminOnly: false,
    namesA: true,
  },
  { name: 'member count', method: 'GET', url: () => '/rest/accounts/count', adminOnly: false },
  {
    name: 'add member',
    method: 'POST',
    url: () => '/rest/accounts',
    payload: () => ({ email: `intruder-${Date.now()}@example.test`, firstName: 'I', lastName: 'N', userType: '0111' }),
    adminOnly: true,
  },
  {
    name: 'edit member',
    method: 'PUT',
    url: () => '/rest/accounts',
    payload: (w) => ({ id: w.memberA.accountId, firstName: 'Hacked', permissions: [] }),
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'delete member',
    method: 'DELETE',
    url: (w) => `/rest/accounts/${w.memberA.accountId}`,
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'disable member',
    method: 'PUT',
    url: (w) => `/rest/accounts/deactivate/${w.memberA.accountId}`,
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'enable member',
    method: 'PUT',
    url: (w) => `/rest/accounts/activate/${w.memberA.accountId}?reinvite=true`,
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'promote member',
    method: 'PUT',
    url: (w) => `/rest/accounts/promote/${w.memberA.accountId}`,
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'resend invitation',
    method: 'GET',
    url: (w) => `/rest/cognito/resend/${w.memberA.accountId}`,
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'update organization',
    method: 'PUT',
    url: () => '/rest/organizations',
    payload: (w) => ({ id: w.adminA.organizationId, city: 'Hacked' }),
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'add child',
    method: 'POST',
    url: () => '/rest/organizations',
    payload: (w) => ({ name: 'Intruder child', parentId: w.adminA.organizationId }),
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'delete child',
    method: 'DELETE',
    url: (w) => `/rest/organizations/${w.childId}`,
    adminOnly: true,
    namesA: true,
  },
  { name: 'list grants', method: 'GET', url: () => '/rest/organization-permissions', adminOnly: true },
  {
    name: 'accept grant',
    method: 'PUT',
    url: (w) => `/rest/organization-permissions/accept/${w.grantId}`,
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'delete grant',
    method: 'DELETE',
    url: (w) => `/rest/organization-permissions/${w.grantId}`,
    adminOnly: true,
    namesA: true,
  },
  {
    name: 'grantor list',
    method: 'GET',
    url: (w) => `/rest/permissions/grantor/${w.adminA.organizationId}`,
    adminOnly: true,
    namesA: true,
  },
];

/** What a refused call must leave untouched. */
async function snapshot(w: World) {
  const org = w.adminA.organizationId;
  return JSON.stringify({
    org: await w.h.db
      .selectFrom('organizations')
      .select(['name', 'city', 'parent_id'])
      .where((eb) => eb.or([eb('id', '=', org), eb('parent_id', '=', org)]))
      .orderBy('name')
      .execute(),
    members: await w.h.db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .select(['accounts.email', 'accounts.first_name', 'memberships.user_type', 'memberships.is_active'])
      .where('organization_id', '=', org)
      .orderBy('email')
      .execute(),
    permissions: await w.h.db
      .selectFrom('permissions')
      .select(['account_id', 'asset_type', 'asset_id', 'bit_mask'])
      .where('organization_id', '=', org)
      .orderBy('account_id')
      .orderBy('asset_type')
      .execute(),
    grants: await w.h.db
      .selectFrom('organization_grants')
      .select(['id', 'state', 'grantee_organization_id'])
      .where('grantor_organization_id', '=', org)
      .orderBy('id')
      .execute(),
    passwords: await w.h.db
      .selectFrom('accounts')
      .select(['password_hash'])
      .where('id', '=', w.memberA.accountId)
      .execute(),
  });
}

describe('tenant isolation of the organizations area', () => {
  it('refuses every route to outsiders, lower roles, inactive members and anonymous callers', async () => {
    const w = await world();
    const before = await snapshot(w);
    const callers: Array<{ who: string; headers: Record<string, string>; refusedFor: (c: Call) => boolean }> = [
      // Without orgId B works in B: what names A's objects is refused, the rest only ever shows B.
      { who: 'admin of B', headers: w.adminB.auth, refusedFor: (c) => c.namesA === true },
      { who: 'admin of B naming A', headers: w.adminB.auth, refusedFor: () => true },
      { who: 'viewer of A', headers: w.viewerA.auth, refusedFor: (c) => c.adminOnly },
      { who: 'collector of A (no admin bit)', headers: w.collectorA.auth, refusedFor: (c) => c.adminOnly },
      { who: 'inactive member of A', headers: w.inactiveA.auth, refusedFor: () => true },
      { who: 'signed out', headers: {}, refusedFor: () => true },
    ];
    for (const call of calls.filter((c) => !c.namesA && c.method === 'GET')) {
      const res = await w.h.app.inject({ method: call.method, url: call.url(w), headers: w.adminB.auth });
      expect(res.statusCode, call.name).toBe(200);
      expect(res.body).not.toContain(w.memberA.email);
      expect(res.body).not.toContain(w.adminA.organizationId);
    }
    for (const caller of callers) {
      for (const call of calls) {
        if (!caller.refusedFor(call)) continue;
        const url = caller.who === 'admin of B naming A' ? naming(call.url(w), w.adminA.organizationId) : call.url(w);
        const res = await w.h.app.inject({
          method: call.method,
          url,
          headers: caller.headers,
          ...(call.payload ? { payload: call.payload(w) } : {}),
        });
        // A refusal never carries A's data.
        expectRefused(res, `${caller.who}: ${call.name}`, [w.memberA.email]);
      }
    }
    expect(await snapshot(w)).toBe(before);
    // The refused accept left the code as it was, and A's own admin still can do everything.
    expect(
      (await w.h.app.inject({ method: 'GET', url: '/rest/accounts/filter', headers: w.adminA.auth })).statusCode,
    ).toBe(200);
  });

  it('lets a member of two organizations act only where they are admin', async () => {
    const w = await world();
    // B's admin becomes a viewer of A: still no admin rights in A.
    const { insertMembership, insertPermissions } = await import('../src/accounts/store.js');
    await insertMembership(w.h.db, {
      accountId: w.adminB.accountId,
      organizationId: w.adminA.organizationId,
      userType: '0001',
    });
    await insertPermissions(w.h.db, w.adminB.accountId, w.adminA.organizationId, [
      { assetTypeName: 'organization', assetId: w.adminA.organizationId, bitMask: '0001' },
    ]);
    const b = await signIn(w.h, { ...w.adminB });
    const inA = (url: string) => `${url}?orgId=${w.adminA.organizationId}`;
    expect(
      (await w.h.app.inject({ method: 'GET', url: inA('/rest/accounts/filter'), headers: b.auth })).statusCode,
    ).toBe(200);
    expect(
      (await w.h.app.inject({ method: 'DELETE', url: inA(`/rest/accounts/${w.memberA.accountId}`), headers: b.auth }))
        .statusCode,
    ).toBe(403);
    expect((await w.h.app.inject({ method: 'GET', url: '/rest/accounts/filter', headers: b.auth })).statusCode).toBe(
      200,
    );
  });
});
