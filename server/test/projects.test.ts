import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';

const call = async (h: Harness, who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await h.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

async function templateId(h: Harness) {
  return (await h.db.selectFrom('dictionaries').select('id').where('template_key', '=', 'apwa-utility-locating').executeTakeFirstOrThrow()).id;
}

describe('projects', () => {
  it('creates projects with unique names (case-insensitive), lists them by name, and edits them', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const dictionaryId = await templateId(h);
    const b = await call(h, admin, 'POST', '/rest/projects', { name: ' Bravo ', dataDictionaryId: dictionaryId });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ name: 'Bravo', dataDictionaryId: dictionaryId, ownerId: admin.accountId, folders: [], abilities: { admin: true } });
    await call(h, admin, 'POST', '/rest/projects', { name: 'alpha', dataDictionaryId: dictionaryId });
    expect((await call(h, admin, 'POST', '/rest/projects', { name: 'BRAVO', dataDictionaryId: dictionaryId })).body.message).toBe('app.project.error.name.exist');
    expect((await call(h, admin, 'POST', '/rest/projects', { name: 'No dictionary' })).body.message).toBe('app.project.error.dictionary.required');
    expect((await call(h, admin, 'POST', '/rest/projects', { name: 'p'.repeat(129), dataDictionaryId: dictionaryId })).body.message).toBe('app.project.error.name.too-long');
    expect((await call(h, admin, 'GET', '/rest/projects')).body.map((p: { name: string }) => p.name)).toEqual(['alpha', 'Bravo']);

    const edited = await call(h, admin, 'PUT', '/rest/projects', { id: b.body.id, name: 'Bravo Main', dataDictionaryId: dictionaryId, coordinate: '{"lat":39.7,"lng":-104.9}', zoomLevel: 14, geoidId: 'GEOID18' });
    expect(edited.body).toMatchObject({ name: 'Bravo Main', zoomLevel: 14, geoidId: 'GEOID18' });
    expect((await call(h, admin, 'PUT', '/rest/projects', { id: b.body.id, name: 'ALPHA', dataDictionaryId: dictionaryId })).status).toBe(409);
  });

  it('lets editors with create rights make projects; viewers only see; outsiders see nothing', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const dictionaryId = await templateId(h);
    const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Main', dataDictionaryId: dictionaryId })).body;
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'GET', '/rest/projects')).body.map((p: { id: string }) => p.id)).toEqual([project.id]);
    expect((await call(h, viewer, 'POST', '/rest/projects', { name: 'Mine', dataDictionaryId: dictionaryId })).status).toBe(403);
    expect((await call(h, viewer, 'DELETE', `/rest/projects/${project.id}`)).status).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `/rest/projects/${project.id}`)).status).toBe(404);
    expect((await call(h, outsider, 'GET', '/rest/projects')).body).toEqual([]);
    expect((await call(h, admin, 'DELETE', `/rest/projects/${project.id}`)).status).toBe(204);
  });
});

describe('folders and layers', () => {
  it('builds a two-level tree with unique names among siblings and layers unique in their folder', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Tree', dataDictionaryId: await templateId(h) })).body;
    const base = `/rest/projects/${project.id}/folders`;
    const top = (await call(h, admin, 'POST', base, { name: 'Utilities', description: 'All utilities' })).body;
    expect((await call(h, admin, 'POST', base, { name: 'utilities' })).body.message).toBe('app.folder.error.name.exist');
    const sub = (await call(h, admin, 'POST', base, { name: 'Water', parentId: top.id })).body;
    expect(sub.level).toBe(2);
    expect((await call(h, admin, 'POST', base, { name: 'Too deep', parentId: sub.id })).body.message).toBe('app.folder.error.levels');
    expect((await call(h, admin, 'POST', base, { name: 'Water', parentId: null })).status).toBe(201);

    const layers = `${base}/${sub.id}/layers`;
    const mains = await call(h, admin, 'POST', layers, { name: 'Mains' });
    expect(mains.body).toMatchObject({ name: 'Mains', type: 'VECTOR', preferredMethod: 'WFS', isActive: true });
    expect((await call(h, admin, 'POST', layers, { name: 'MAINS' })).body.message).toBe('app.layer.error.exists');
    expect((await call(h, admin, 'POST', layers, { name: ' ' })).body.message).toBe('app.layer.error.name.non-empty');
    const ro = await call(h, admin, 'PUT', layers, { id: mains.body.id, name: 'Water Mains', readOnly: true, preferredMethod: 'WMS-TILE' });
    expect(ro.body).toMatchObject({ name: 'Water Mains', readOnly: true, preferredMethod: 'WMS-TILE' });
    expect((await call(h, admin, 'DELETE', `${layers}/${mains.body.id}`)).body.message).toBe('app.layer.error.read-only');

    const tree = (await call(h, admin, 'GET', `/rest/projects/${project.id}`)).body.folders;
    expect(tree.map((f: { name: string }) => f.name)).toEqual(['Utilities', 'Water']);
    expect(tree[0].folders[0]).toMatchObject({ name: 'Water', layers: [expect.objectContaining({ name: 'Water Mains' })] });
    expect((await call(h, admin, 'DELETE', `${base}/${top.id}`)).status).toBe(204);
    expect((await call(h, admin, 'GET', base)).body.map((f: { name: string }) => f.name)).toEqual(['Water']);
  });

  it('adds a feature folder with point, line and polygon layers that needs the typed word to delete', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Field', dataDictionaryId: await templateId(h) })).body;
    const folder = await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {});
    expect(folder.body).toMatchObject({ folderType: 'features', layers: [{ serverName: 'line' }, { serverName: 'point' }, { serverName: 'polygon' }] });
    expect((await call(h, admin, 'DELETE', `/rest/projects/${project.id}/folders/${folder.body.id}`)).body.message).toBe('app.folder.error.confirm-delete');
    expect((await call(h, admin, 'DELETE', `/rest/projects/${project.id}/folders/${folder.body.id}?confirm=delete`)).status).toBe(204);
  });

  it('follows permissions down the tree: a viewer with admin on one folder manages only that folder', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Perms', dataDictionaryId: await templateId(h) })).body;
    const a = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'A' })).body;
    const b = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'B' })).body;
    const editor = await createMember(h, admin.organizationId, 'editor');
    await h.db.updateTable('permissions').set({ bit_mask: '0001' }).where('account_id', '=', editor.accountId).execute();
    await h.db.insertInto('permissions').values({ account_id: editor.accountId, organization_id: admin.organizationId, asset_type: 'folder', asset_id: a.id, bit_mask: '1111' }).execute();
    const again = await h.app.inject({ method: 'POST', url: '/auth/signin', payload: { email: editor.email, password: editor.password } });
    const auth = { authorization: `Bearer ${again.json().idToken}` };
    expect((await h.app.inject({ method: 'POST', url: `/rest/projects/${project.id}/folders/${a.id}/layers`, headers: auth, payload: { name: 'Ok' } })).statusCode).toBe(201);
    expect((await h.app.inject({ method: 'POST', url: `/rest/projects/${project.id}/folders/${b.id}/layers`, headers: auth, payload: { name: 'No' } })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'DELETE', url: `/rest/projects/${project.id}/folders/${b.id}`, headers: auth })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'DELETE', url: `/rest/projects/${project.id}/folders/${a.id}`, headers: auth })).statusCode).toBe(204);
  });
});
