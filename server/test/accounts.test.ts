import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createAccount, signIn, signedInAccount } from './factories.js';

describe('accounts and profile', () => {
  it('describes the current account and its organization', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    const res = await h.app.inject({ method: 'GET', url: '/rest/accounts/current', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.accountId,
      email: user.email,
      userType: '0111',
      isActive: true,
      isEditor: true,
      isViewer: false,
      permissions: [{ assetTypeName: 'organization', assetId: user.organizationId, bitMask: '1111' }],
      organization: { id: user.organizationId, DEFAULT: true, children: [], parent: null },
    });
  });

  it('lists the organizations of the profile and refuses one the user does not belong to', async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const b = await signedInAccount(h);
    const profile = await h.app.inject({ method: 'GET', url: '/rest/accounts/profile', headers: a.auth });
    expect(profile.json().organizations).toEqual([{ id: a.organizationId, name: expect.any(String) }]);

    for (const url of ['/rest/accounts/current', '/rest/accounts/profile', '/preferences']) {
      const other = await h.app.inject({ method: 'GET', url: `${url}?orgId=${b.organizationId}`, headers: a.auth });
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain(b.email);
    }
  });

  it('updates only the own first and last name, at most 28 characters each', async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const b = await signedInAccount(h);
    const ok = await h.app.inject({
      method: 'PUT',
      url: '/rest/accounts',
      headers: a.auth,
      payload: { id: a.accountId, firstName: ' Grace ', lastName: 'Hopper' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    const long = await h.app.inject({
      method: 'PUT',
      url: '/rest/accounts',
      headers: a.auth,
      payload: { id: a.accountId, firstName: 'x'.repeat(29), lastName: 'Hopper' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('app.name.too-long');

    const other = await h.app.inject({
      method: 'PUT',
      url: '/rest/accounts',
      headers: a.auth,
      payload: { id: b.accountId, firstName: 'Evil', lastName: 'Edit' },
    });
    expect(other.statusCode).toBe(404);
    const bRow = await h.db
      .selectFrom('accounts')
      .select('first_name')
      .where('id', '=', b.accountId)
      .executeTakeFirstOrThrow();
    expect(bRow.first_name).toBe('Test');
  });

  it('blocks member routes until the EULA is accepted', async () => {
    const h = await harness();
    const user = await signedInAccount(h, { acceptedEula: false });
    const payload = { id: user.accountId, firstName: 'A', lastName: 'B' };
    const blocked = await h.app.inject({ method: 'PUT', url: '/rest/accounts', headers: user.auth, payload });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('app.eula.required');
    await h.app.inject({ method: 'PUT', url: '/rest/accounts/eula/web', headers: user.auth });
    expect((await h.app.inject({ method: 'PUT', url: '/rest/accounts', headers: user.auth, payload })).statusCode).toBe(
      200,
    );
  });

  it('shows an inactive user as inactive and refuses member routes', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    await h.db.updateTable('memberships').set({ is_active: false }).where('account_id', '=', user.accountId).execute();
    const profile = await h.app.inject({ method: 'GET', url: '/rest/accounts/profile', headers: user.auth });
    expect(profile.json().isActive).toBe(false);
    const res = await h.app.inject({
      method: 'PUT',
      url: '/rest/accounts',
      headers: user.auth,
      payload: { id: user.accountId, firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('app.user-disabled');
    expect(
      (await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: user.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });
});
