import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';

describe('manage organization', () => {
  it('updates the address; state is cut to 2 and the postal code to 10; fields over 100 are refused', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const put = (payload: Record<string, unknown>) =>
      h.app.inject({
        method: 'PUT',
        url: '/rest/organizations',
        headers: admin.auth,
        payload: { id: admin.organizationId, ...payload },
      });
    const ok = await put({ address1: ' 1 Main St ', city: 'Denver', state: 'Colorado', postalCode: '80202-12345678' });
    expect(ok.json()).toMatchObject({ address1: '1 Main St', city: 'Denver', state: 'Co', postalCode: '80202-1234' });
    const long = await put({ address2: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('app.org.field-too-long');
    const got = await h.app.inject({
      method: 'GET',
      url: `/rest/organizations/${admin.organizationId}`,
      headers: admin.auth,
    });
    expect(got.json()).toMatchObject({ address1: '1 Main St', address2: null });
  });

  it('lets only organization admins change it', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    const res = await h.app.inject({
      method: 'PUT',
      url: '/rest/organizations',
      headers: viewer.auth,
      payload: { id: admin.organizationId, city: 'X' },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await h.app.inject({ method: 'GET', url: `/rest/organizations/${admin.organizationId}`, headers: viewer.auth }))
        .statusCode,
    ).toBe(200);
  });

  it('adds children (names unique case-insensitively, at most 128), lets the admin switch to them, deletes them', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const post = (name: string, parentId = admin.organizationId) =>
      h.app.inject({ method: 'POST', url: '/rest/organizations', headers: admin.auth, payload: { name, parentId } });
    const child = await post(' North Region ');
    expect(child.statusCode).toBe(201);
    expect(child.json()).toMatchObject({ name: 'North Region', parent: { id: admin.organizationId } });
    expect((await post('north region')).json().message).toBe('app.org.child.name-exists');
    expect((await post('   ')).json().message).toBe('app.org.child.name-required');
    expect((await post('n'.repeat(129))).json().message).toBe('app.org.child.name-too-long');

    const parent = await h.app.inject({
      method: 'GET',
      url: `/rest/organizations/${admin.organizationId}`,
      headers: admin.auth,
    });
    expect(parent.json().children).toEqual([{ id: child.json().id, name: 'North Region' }]);
    const profile = await h.app.inject({ method: 'GET', url: '/rest/accounts/profile', headers: admin.auth });
    expect(profile.json().organizations).toHaveLength(2);
    // No grandchildren: the child cannot have children of its own.
    const grand = await h.app.inject({
      method: 'POST',
      url: `/rest/organizations?orgId=${child.json().id}`,
      headers: admin.auth,
      payload: { name: 'Deeper', parentId: child.json().id },
    });
    expect(grand.json().message).toBe('app.org.children.no-grandchildren');

    expect(
      (await h.app.inject({ method: 'DELETE', url: `/rest/organizations/${child.json().id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await h.app.inject({ method: 'GET', url: `/rest/organizations/${admin.organizationId}`, headers: admin.auth })
      ).json().children,
    ).toEqual([]);
  });

  it('refuses children when organizations are switched off', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    await h.db
      .updateTable('organizations')
      .set({ functionality_flags: JSON.stringify({ organizations: { enabled: false } }) })
      .where('id', '=', admin.organizationId)
      .execute();
    const res = await h.app.inject({
      method: 'POST',
      url: '/rest/organizations',
      headers: admin.auth,
      payload: { name: 'Nope', parentId: admin.organizationId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('app.org.children.disabled');
  });
});
