import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, templateDictionaryId, uniqueEmail, type SignedIn } from './factories.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { call, entry, logged, loggedCall } from './activity-settings-fixtures.js';

/**
 * Every write of the settings area logs one entry in its transaction (issue #14): styles, symbols,
 * sites, client keys, members, the organization, organization sharing and personal details, in category
 * General with no project. Dictionaries are in activity-dictionaries.test.ts, sign-ins in
 * activity-signin.test.ts.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8cfc0f01f0005000201e5274fbf0000000049454e44ae426082',
  'hex',
);

const organizationName = async (h: Harness, who: SignedIn) =>
  (await h.db.selectFrom('organizations').select('name').where('id', '=', who.organizationId).executeTakeFirstOrThrow())
    .name;

describe('styles, symbols, sites and client keys', () => {
  it('logs each add, edit and delete as a General entry naming the thing', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const viewer = await createMember(h, admin.organizationId, 'viewer');

    const style = await loggedCall(h, admin, 'POST', '/rest/styles/geo', {
      name: 'Roads',
      body: '* { stroke: #333; }',
    });
    expect(style.entries).toEqual([
      entry(admin, 'Add', 'General', "Style 'Roads' added", { styleId: style.body.id, format: 'css' }),
    ]);
    const restyle = { id: style.body.id, name: 'Streets', body: '* { stroke: #444; }' };
    expect((await loggedCall(h, admin, 'PUT', '/rest/styles/geo', restyle)).entries).toEqual([
      entry(admin, 'Edit', 'General', "Style 'Streets' edited", { changes: ['name', 'body'], previousName: 'Roads' }),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/styles/geo/${style.body.id}`)).entries).toEqual([
      entry(admin, 'Delete', 'General', "Style 'Streets' deleted", { styleId: style.body.id }),
    ]);

    const symbol = await loggedCall(h, admin, 'POST', '/rest/symbols', { name: 'Hydrant', originalName: 'h.png' });
    expect(symbol.entries).toEqual([
      entry(admin, 'Add', 'General', "Symbol 'Hydrant' added", { symbolId: symbol.body.id }),
    ]);
    // The image goes to a signed URL without a caller: the entry names who asked for the URL.
    const upload = await logged(h, admin.organizationId, () =>
      h.app.inject({ method: 'PUT', url: symbol.body.postUrl, headers: { 'content-type': 'image/png' }, payload: PNG }),
    );
    expect(upload.res.statusCode).toBe(200);
    expect(upload.entries).toEqual([
      entry(admin, 'Edit', 'General', "Symbol 'Hydrant' edited", { changes: ['image'], format: 'png' }),
    ]);
    expect((await loggedCall(h, admin, 'PUT', `/rest/symbols/${symbol.body.id}`, { name: 'Valve' })).entries).toEqual([
      entry(admin, 'Edit', 'General', "Symbol 'Valve' edited", { previousName: 'Hydrant' }),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/symbols/${symbol.body.id}`)).entries).toEqual([
      entry(admin, 'Delete', 'General', "Symbol 'Valve' deleted", { symbolId: symbol.body.id }),
    ]);

    const wkt = (await call(h, admin, 'GET', '/rest/crs/4326')).body.wkt as string;
    const site = await loggedCall(h, admin, 'POST', '/rest/site', { name: 'Downtown', wkt });
    expect(site.entries).toEqual([entry(admin, 'Add', 'General', "Site 'Downtown' added", { siteId: site.body.id })]);
    const resite = { id: site.body.id, name: 'Uptown', wkt };
    expect((await loggedCall(h, admin, 'PUT', '/rest/site', resite)).entries).toEqual([
      entry(admin, 'Edit', 'General', "Site 'Uptown' edited", { changes: ['name'], previousName: 'Downtown' }),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/site/${site.body.id}`)).entries).toEqual([
      entry(admin, 'Delete', 'General', "Site 'Uptown' deleted", { siteId: site.body.id }),
    ]);

    const key = await loggedCall(h, admin, 'POST', '/rest/accounts/clientkey', { email: viewer.email });
    expect(key.entries).toEqual([
      entry(admin, 'Add', 'General', `Client key of '${viewer.email}' added`, { clientKeyId: key.body.id }),
    ]);
    const rotated = await loggedCall(h, admin, 'PUT', `/rest/accounts/clientkey/${key.body.id}`);
    expect(rotated.entries).toEqual([entry(admin, 'Edit', 'General', `Client key of '${viewer.email}' replaced`)]);
    const dropped = await loggedCall(h, admin, 'DELETE', `/rest/accounts/clientkey/${key.body.id}`);
    expect(dropped.entries).toEqual([entry(admin, 'Delete', 'General', `Client key of '${viewer.email}' deleted`)]);
    // A key is a secret: no entry holds it.
    const all = JSON.stringify(await loggedSince(h, admin.organizationId));
    for (const secret of [key.body.key, rotated.body.key]) expect(all).not.toContain(secret);
  });

  it('logs nothing for a refused or failed write', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    const style = (await call(h, admin, 'POST', '/rest/styles/geo', { name: 'Roads', body: '* { stroke: #333; }' }))
      .body;
    const since = await lastSeq(h);
    expect((await call(h, viewer, 'PUT', '/rest/styles/geo', { id: style.id, body: 'a {}' })).status).toBe(403);
    expect((await call(h, admin, 'POST', '/rest/styles/geo', { name: 'roads', body: 'a {}' })).status).toBe(409);
    expect((await call(h, viewer, 'POST', '/rest/symbols', { name: 'Nope', originalName: 'n.png' })).status).toBe(403);
    expect((await call(h, admin, 'POST', '/rest/site', { name: 'Bad', wkt: 'POINT(1 2)' })).status).toBe(400);
    expect((await call(h, admin, 'POST', '/rest/accounts/clientkey', { email: uniqueEmail() })).status).toBe(400);
    expect(await loggedSince(h, admin.organizationId, since)).toEqual([]);
  });
});

describe('members, organization and personal details', () => {
  it('logs member administration by e-mail', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const email = uniqueEmail('collector');
    const add = { email, firstName: 'New', lastName: 'Member', userType: '0011' };
    const added = await loggedCall(h, admin, 'POST', '/rest/accounts', add);
    const id = added.body.id as string;
    expect(added.entries).toEqual([
      entry(admin, 'Add', 'General', `Member '${email}' added`, { accountId: id, userType: '0011' }),
    ]);
    expect((await loggedCall(h, admin, 'PUT', '/rest/accounts', { id, firstName: 'Renamed' })).entries).toEqual([
      entry(admin, 'Edit', 'General', `Member '${email}' edited`, { accountId: id, changes: ['firstName'] }),
    ]);
    expect((await loggedCall(h, admin, 'PUT', `/rest/accounts/promote/${id}`)).entries).toEqual([
      entry(admin, 'Edit', 'General', `Member '${email}' promoted to editor`, { from: '0011', to: '0111' }),
    ]);
    expect((await loggedCall(h, admin, 'PUT', `/rest/accounts/demote/${id}`)).entries).toEqual([
      entry(admin, 'Edit', 'General', `Member '${email}' demoted to data collector`),
    ]);
    expect((await loggedCall(h, admin, 'PUT', `/rest/accounts/deactivate/${id}`)).entries).toEqual([
      entry(admin, 'Edit', 'General', `Member '${email}' deactivated`),
    ]);
    expect((await loggedCall(h, admin, 'PUT', `/rest/accounts/activate/${id}`)).entries).toEqual([
      entry(admin, 'Edit', 'General', `Member '${email}' reactivated`, { reinvite: false }),
    ]);
    expect((await loggedCall(h, admin, 'GET', `/rest/cognito/resend/${id}`)).entries).toEqual([
      entry(admin, 'Edit', 'General', `Member '${email}' invited again`),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/accounts/${id}`)).entries).toEqual([
      entry(admin, 'Delete', 'General', `Member '${email}' deleted`, { accountId: id }),
    ]);

    const viewer = await createMember(h, admin.organizationId, 'viewer');
    const since = await lastSeq(h);
    expect((await call(h, viewer, 'POST', '/rest/accounts', { ...add, email: uniqueEmail() })).status).toBe(403);
    expect((await call(h, admin, 'PUT', `/rest/accounts/deactivate/${admin.accountId}`)).status).toBe(403);
    expect((await call(h, admin, 'PUT', `/rest/accounts/promote/${viewer.accountId}`)).status).toBe(400);
    expect(await loggedSince(h, admin.organizationId, since)).toEqual([]);
  });

  it('logs an invitation answered in the organization that invited', async () => {
    const h = await harness();
    const [inviter, otherInviter, person] = [
      await signedInAccount(h),
      await signedInAccount(h),
      await signedInAccount(h),
    ];
    for (const org of [inviter, otherInviter])
      await call(h, org, 'POST', '/rest/accounts', {
        email: person.email,
        firstName: 'P',
        lastName: 'Q',
        userType: '0001',
      });
    const since = await lastSeq(h);
    const accept = await call(h, person, 'PUT', `/rest/accounts/invitations/${inviter.organizationId}/accept`);
    expect(accept.status).toBe(200);
    const decline = await call(h, person, 'PUT', `/rest/accounts/invitations/${otherInviter.organizationId}/decline`);
    expect(decline.status).toBe(204);
    expect(await loggedSince(h, inviter.organizationId, since)).toEqual([
      entry(person, 'Edit', 'General', `Member '${person.email}' joined`, { accountId: person.accountId }),
    ]);
    expect(await loggedSince(h, otherInviter.organizationId, since)).toEqual([
      entry(person, 'Delete', 'General', `Member '${person.email}' declined the invitation`),
    ]);
    expect(await loggedSince(h, person.organizationId, since)).toEqual([]);
    const again = await call(h, person, 'PUT', `/rest/accounts/invitations/${otherInviter.organizationId}/decline`);
    expect(again.status).toBe(404);
    expect(await loggedSince(h, otherInviter.organizationId, since)).toHaveLength(1);
  });

  it('logs personal details, the licence agreement, the organization and its children', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const names = { id: admin.accountId, firstName: 'Ada', lastName: 'Lovelace' };
    expect((await loggedCall(h, admin, 'PUT', '/rest/accounts', names)).entries).toEqual([
      entry(admin, 'Edit', 'General', `Personal details of '${admin.email}' edited`, {
        changes: ['first_name', 'last_name'],
      }),
    ]);
    expect((await loggedCall(h, admin, 'PUT', '/rest/accounts/eula/web')).entries).toEqual([
      entry(admin, 'Edit', 'General', `Member '${admin.email}' accepted the licence agreement`),
    ]);

    const name = await organizationName(h, admin);
    const address = { id: admin.organizationId, city: 'Denver', postalCode: '80202' };
    expect((await loggedCall(h, admin, 'PUT', '/rest/organizations', address)).entries).toEqual([
      entry(admin, 'Edit', 'General', `Organization '${name}' edited`, {
        organizationId: admin.organizationId,
        changes: ['city', 'postal_code'],
      }),
    ]);
    const child = await loggedCall(h, admin, 'POST', '/rest/organizations', {
      name: 'North',
      parentId: admin.organizationId,
    });
    expect(child.entries).toEqual([
      entry(admin, 'Add', 'General', "Child organization 'North' added", { organizationId: child.body.id }),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/organizations/${child.body.id}`)).entries).toEqual([
      entry(admin, 'Delete', 'General', "Child organization 'North' deleted", { organizationId: child.body.id }),
    ]);

    const viewer = await createMember(h, admin.organizationId, 'viewer');
    const since = await lastSeq(h);
    expect((await call(h, viewer, 'PUT', '/rest/organizations', { ...address, city: 'X' })).status).toBe(403);
    const grandchild = { name: 'South', parentId: admin.organizationId };
    expect((await call(h, viewer, 'POST', '/rest/organizations', grandchild)).status).toBe(403);
    expect(await loggedSince(h, admin.organizationId, since)).toEqual([]);
  });
});

describe('organization sharing', () => {
  it('logs each step as a Share entry in the organization whose admin acted', async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const b = await signedInAccount(h);
    const [nameA, nameB] = [await organizationName(h, a), await organizationName(h, b)];
    const between = `Share of '${nameA}' with '${nameB}'`;

    const created = await loggedCall(h, a, 'POST', '/rest/organization-permissions');
    const code = created.body.id as string;
    expect(created.entries).toEqual([
      entry(a, 'Share', 'General', `Share code of '${nameA}' created`, { grantId: code, state: 'CREATED' }),
    ]);
    const requested = await loggedCall(h, b, 'POST', `/rest/organization-permissions/${encodeURIComponent(code)}`);
    expect(requested.entries).toEqual([
      entry(b, 'Share', 'General', `${between} requested`, {
        grantorOrganizationId: a.organizationId,
        granteeOrganizationId: b.organizationId,
        state: 'REQUESTED',
      }),
    ]);

    const since = await lastSeq(h);
    expect((await call(h, b, 'PUT', `/rest/organization-permissions/accept/${code}`)).status).toBe(403);
    expect((await call(h, a, 'PUT', `/rest/organization-permissions/accept/${uniqueEmail()}`)).status).toBe(404);
    expect(await loggedSince(h, a.organizationId, since)).toEqual([]);
    expect(await loggedSince(h, b.organizationId, since)).toEqual([]);

    expect((await loggedCall(h, a, 'PUT', `/rest/organization-permissions/deny/${code}`)).entries).toEqual([
      entry(a, 'Share', 'General', `${between} denied`, { state: 'DENIED' }),
    ]);
    expect((await loggedCall(h, a, 'PUT', `/rest/organization-permissions/accept/${code}`)).entries).toEqual([
      entry(a, 'Share', 'General', `${between} accepted`, { state: 'ACCEPTED' }),
    ]);
    const dictionaryId = await templateDictionaryId(h);
    const project = (await call(h, a, 'POST', '/rest/projects', { name: 'Shared', dataDictionaryId: dictionaryId }))
      .body.id;
    const permissions = [{ assetTypeName: 'project', assetId: project, bitMask: '1111' }];
    const grantUrl = `/rest/permissions/grant/${a.organizationId}/${b.organizationId}`;
    expect((await loggedCall(h, a, 'PUT', grantUrl, { permissions })).entries).toEqual([
      entry(a, 'Share', 'General', `${between} permissions changed`, {
        permissions: [{ ...permissions[0], bitMask: '0001' }],
      }),
    ]);
    expect((await loggedCall(h, b, 'DELETE', `/rest/organization-permissions/${code}`)).entries).toEqual([
      entry(b, 'Share', 'General', `${between} deleted`, { grantId: code }),
    ]);
  });
});
