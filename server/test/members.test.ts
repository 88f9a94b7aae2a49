import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, setOrganization, signedInAccount, uniqueEmail, type SignedIn } from './factories.js';

const add = (h: Harness, admin: SignedIn, body: Record<string, unknown>) =>
  h.app.inject({
    method: 'POST',
    url: '/rest/accounts',
    headers: admin.auth,
    payload: { firstName: 'New', lastName: 'Member', ...body },
  });

function invitationLink(h: Harness, email: string): { password: string } {
  const mail = h.mailbox.to(email).at(-1);
  const match = mail?.text.match(/\/verifyme\/([^/\s]+)\/(\S+)/);
  if (!match) throw new Error('no invitation');
  return { password: decodeURIComponent(match[2]) };
}

describe('adding members', () => {
  it('invites a new collector with the preset permissions; the invitation leads through the new-password challenge', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const email = uniqueEmail('collector');
    const res = await add(h, admin, { email: email.toUpperCase(), userType: '0011' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email,
      userType: '0011',
      isActive: true,
      mustChangePassword: true,
      permissions: [{ assetTypeName: 'organization', assetId: admin.organizationId, bitMask: '1111' }],
    });

    const { password } = invitationLink(h, email);
    const signin = await h.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password } });
    expect(signin.json().challenge).toBe('NEW_PASSWORD_REQUIRED');
    const done = await h.app.inject({
      method: 'POST',
      url: '/auth/complete-new-password',
      payload: { session: signin.json().session, password: 'Collect0r!' },
    });
    expect(done.json().emailVerified).toBe(false);
  });

  it.each([
    ['viewer', '0001', '0001'],
    ['editor', '0111', '1111'],
  ])('applies the %s preset', async (_n, userType, orgMask) => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const res = await add(h, admin, { email: uniqueEmail(), userType });
    expect(res.json().permissions).toEqual([
      { assetTypeName: 'organization', assetId: admin.organizationId, bitMask: orgMask },
    ]);
  });

  it('refuses a member already in the organization, a missing type, and names over 28', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const email = uniqueEmail();
    await add(h, admin, { email, userType: '0001' });
    expect((await add(h, admin, { email, userType: '0001' })).statusCode).toBe(409);
    const noType = await add(h, admin, { email: uniqueEmail() });
    expect(noType.json().message).toBe('app.mm.user-type.required');
    const long = await add(h, admin, { email: uniqueEmail(), userType: '0001', firstName: 'x'.repeat(29) });
    expect(long.json().message).toBe('app.name.too-long');
  });

  it('invites an existing user of another organization without touching their password; they join by accepting', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const other = await signedInAccount(h);
    const res = await add(h, admin, { email: other.email, userType: '0001' });
    expect(res.statusCode).toBe(201);
    expect(h.mailbox.to(other.email).at(-1)?.subject).toContain('You are invited');
    expect(
      (
        await h.app.inject({
          method: 'PUT',
          url: `/rest/accounts/invitations/${admin.organizationId}/accept`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(200);
    const profile = await h.app.inject({ method: 'GET', url: '/rest/accounts/profile', headers: other.auth });
    expect(
      profile
        .json()
        .organizations.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([admin.organizationId, other.organizationId].sort());
    const switched = await h.app.inject({
      method: 'GET',
      url: `/rest/accounts/current?orgId=${admin.organizationId}`,
      headers: other.auth,
    });
    expect(switched.json()).toMatchObject({
      userType: '0001',
      organization: { id: admin.organizationId, DEFAULT: false },
    });
  });

  it('blocks adding when no seat is free, by total or by type with shared power-user seats', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    await setOrganization(h, admin.organizationId, { max_users: 2 });
    expect((await add(h, admin, { email: uniqueEmail(), userType: '0001' })).statusCode).toBe(201);
    const full = await add(h, admin, { email: uniqueEmail(), userType: '0001' });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('app.mm.no-users-available');

    await setOrganization(h, admin.organizationId, {
      max_users: null,
      user_info: { viewers: 1, editors: 1, dataCollectors: 0, powerUsers: 1 },
    });
    // admin (editor) uses the editor seat, the viewer the viewer seat; one power seat remains.
    expect((await add(h, admin, { email: uniqueEmail(), userType: '0011' })).statusCode).toBe(201);
    expect((await add(h, admin, { email: uniqueEmail(), userType: '0111' })).json().message).toBe(
      'app.mm.no-users-available',
    );
    const seats = await h.app.inject({ method: 'GET', url: '/rest/accounts/seats', headers: admin.auth });
    expect(seats.json()).toMatchObject({
      used: 3,
      limit: 3,
      remaining: 0,
      free: { viewer: false, editor: false, dataCollector: false },
    });
  });

  it('gives an RTK seat only while one is free', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    await setOrganization(h, admin.organizationId, { rtk_seats: 1 });
    const first = await add(h, admin, { email: uniqueEmail(), userType: '0011', rtkStatus: true });
    expect(first.json().rtkInfo.id).toMatch(/^RTK-/);
    expect((await add(h, admin, { email: uniqueEmail(), userType: '0011', rtkStatus: true })).json().message).toBe(
      'app.mm.no-rtk-available',
    );
  });
});

describe('member list', () => {
  it('pages (default 10), sorts, searches and filters; hides support users', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    for (let i = 0; i < 11; i++) await createMember(h, admin.organizationId, i % 2 ? 'viewer' : 'dataCollector');
    await createMember(h, admin.organizationId, 'editor', { userType: '1111' });
    const page0 = (await h.app.inject({ method: 'GET', url: '/rest/accounts/filter', headers: admin.auth })).json();
    expect(page0.data).toHaveLength(10);
    expect(page0.totalCount).toBe(12);
    const page1 = (
      await h.app.inject({ method: 'GET', url: '/rest/accounts/filter?page=1', headers: admin.auth })
    ).json();
    expect(page1.data).toHaveLength(2);
    const viewers = (
      await h.app.inject({
        method: 'GET',
        url: '/rest/accounts/filter?userType=0001&sort=email&order=desc',
        headers: admin.auth,
      })
    ).json();
    expect(viewers.totalCount).toBe(5);
    const emails = viewers.data.map((m: { email: string }) => m.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const search = (
      await h.app.inject({
        method: 'GET',
        url: `/rest/accounts/filter?search=${encodeURIComponent(admin.email.slice(0, 10).toUpperCase())}`,
        headers: admin.auth,
      })
    ).json();
    expect(search.data.map((m: { id: string }) => m.id)).toEqual([admin.accountId]);
    expect((await h.app.inject({ method: 'GET', url: '/rest/accounts/count', headers: admin.auth })).json()).toEqual({
      count: 12,
    });
  });

  it('refuses collectors and users without organization access', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const collector = await createMember(h, admin.organizationId, 'dataCollector');
    await h.db
      .updateTable('permissions')
      .set({ bit_mask: '0000' })
      .where('account_id', '=', collector.accountId)
      .execute();
    expect(
      (await h.app.inject({ method: 'GET', url: '/rest/accounts/filter', headers: collector.auth })).statusCode,
    ).toBe(403);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await h.app.inject({ method: 'GET', url: '/rest/accounts/count', headers: viewer.auth })).statusCode).toBe(
      200,
    );
  });
});

describe('member administration', () => {
  it('promotes and demotes with seat checks and confirmation-free API', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const collector = await createMember(h, admin.organizationId, 'dataCollector');
    await setOrganization(h, admin.organizationId, {
      max_users: null,
      user_info: { editors: 1, dataCollectors: 1, powerUsers: 0, viewers: 0 },
    });
    const blocked = await h.app.inject({
      method: 'PUT',
      url: `/rest/accounts/promote/${collector.accountId}`,
      headers: admin.auth,
    });
    expect(blocked.json().message).toBe('app.mm.no-editors-available');
    await setOrganization(h, admin.organizationId, {
      user_info: { editors: 2, dataCollectors: 1, powerUsers: 0, viewers: 0 },
    });
    const promoted = await h.app.inject({
      method: 'PUT',
      url: `/rest/accounts/promote/${collector.accountId}`,
      headers: admin.auth,
    });
    expect(promoted.json().userType).toBe('0111');
    const demoted = await h.app.inject({
      method: 'PUT',
      url: `/rest/accounts/demote/${collector.accountId}`,
      headers: admin.auth,
    });
    expect(demoted.json().userType).toBe('0011');
    const again = await h.app.inject({
      method: 'PUT',
      url: `/rest/accounts/demote/${collector.accountId}`,
      headers: admin.auth,
    });
    expect(again.json().message).toBe('app.mm.not-promotable');
    expect(
      (await h.app.inject({ method: 'PUT', url: `/rest/accounts/promote/${admin.accountId}`, headers: admin.auth }))
        .statusCode,
    ).toBe(403);
  });

  it('disables (signing the member out) and re-enables with a resent invitation', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const email = uniqueEmail();
    const added = (await add(h, admin, { email, userType: '0001' })).json();
    const off = await h.app.inject({
      method: 'PUT',
      url: `/rest/accounts/deactivate/${added.id}`,
      headers: admin.auth,
    });
    expect(off.json().isActive).toBe(false);
    const { password } = invitationLink(h, email);
    expect(
      (await h.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password } })).json().message,
    ).toBe('app.user-disabled');
    expect(
      (await h.app.inject({ method: 'GET', url: `/rest/cognito/resend/${added.id}`, headers: admin.auth })).json()
        .message,
    ).toBe('app.mm.user.inactive');
    const mailsBefore = h.mailbox.to(email).length;
    const on = await h.app.inject({
      method: 'PUT',
      url: `/rest/accounts/activate/${added.id}?reinvite=true`,
      headers: admin.auth,
    });
    expect(on.json().isActive).toBe(true);
    expect(h.mailbox.to(email).length).toBe(mailsBefore + 1);
    const fresh = invitationLink(h, email);
    expect(
      (await h.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password: fresh.password } })).json()
        .challenge,
    ).toBe('NEW_PASSWORD_REQUIRED');
    expect(
      (await h.app.inject({ method: 'GET', url: `/rest/cognito/resend/${added.id}`, headers: admin.auth })).json(),
    ).toEqual({ sent: true });
  });

  it('edits names, renew and permissions (normalized, limited by type, at most 100)', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const collector = await createMember(h, admin.organizationId, 'dataCollector');
    // Added by this organization's admin: its names are the organization's to edit.
    await h.db
      .updateTable('accounts')
      .set({ created_by_organization_id: admin.organizationId })
      .where('id', '=', collector.accountId)
      .execute();
    const put = (payload: Record<string, unknown>) =>
      h.app.inject({
        method: 'PUT',
        url: '/rest/accounts',
        headers: admin.auth,
        payload: { id: collector.accountId, ...payload },
      });
    const ok = await put({
      firstName: 'Field',
      renew: false,
      permissions: [
        { assetTypeName: 'organization', assetId: admin.organizationId, bitMask: '1000' },
        { assetTypeName: 'project', assetId: '*', bitMask: '0010' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Field', renew: false });
    expect(ok.json().permissions).toEqual(
      expect.arrayContaining([
        { assetTypeName: 'organization', assetId: admin.organizationId, bitMask: '1111' },
        { assetTypeName: 'project', assetId: '*', bitMask: '0011' },
      ]),
    );
    expect(
      (await put({ permissions: [{ assetTypeName: 'project', assetId: '*', bitMask: '0111' }] })).json().message,
    ).toBe('app.mm.permissions.too-high');
    const many = Array.from({ length: 101 }, (_, i) => ({
      assetTypeName: 'project',
      assetId: `p${i}`,
      bitMask: '0001',
    }));
    expect((await put({ permissions: many })).json().message).toBe('app.mm.permissions.too-many');
    expect(
      (
        await h.app.inject({
          method: 'PUT',
          url: '/rest/accounts',
          headers: admin.auth,
          payload: { id: admin.accountId, permissions: [] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('deletes a member (not oneself); an account in no other organization is gone', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/rest/accounts/${admin.accountId}`, headers: admin.auth }))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/rest/accounts/${viewer.accountId}`, headers: admin.auth }))
        .statusCode,
    ).toBe(204);
    expect(
      await h.db.selectFrom('accounts').select('id').where('id', '=', viewer.accountId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses disable and resend for single-sign-on users', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const domain = `corp-${Date.now()}.example.test`;
    await h.db.insertInto('auth_providers').values({ domain, provider: 'corp' }).execute();
    const added = (await add(h, admin, { email: `someone@${domain}`, userType: '0001' })).json();
    expect(added.isSso).toBe(true);
    expect(
      (await h.app.inject({ method: 'PUT', url: `/rest/accounts/deactivate/${added.id}`, headers: admin.auth })).json()
        .message,
    ).toBe('app.mm.not-for-sso');
  });
});
