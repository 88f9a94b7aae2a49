import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';
import { PROJECT_MSG } from '@fieldbook/domain';
import { setFlag, setOrgMask } from './feature-fixtures.js';

const call = async (
  h: Harness,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

async function templateId(h: Harness) {
  return (
    await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('template_key', '=', 'apwa-utility-locating')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('projects', () => {
  it('creates projects with unique names (case-insensitive), lists them by name, and edits them', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const dictionaryId = await templateId(h);
    const b = await call(h, admin, 'POST', '/rest/projects', { name: ' Bravo ', dataDictionaryId: dictionaryId });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({
      name: 'Bravo',
      dataDictionaryId: dictionaryId,
      ownerId: admin.accountId,
      folders: [],
      abilities: { admin: true },
    });
    await call(h, admin, 'POST', '/rest/projects', { name: 'alpha', dataDictionaryId: dictionaryId });
    expect(
      (await call(h, admin, 'POST', '/rest/projects', { name: 'BRAVO', dataDictionaryId: dictionaryId })).body.message,
    ).toBe('app.project.error.name.exist');
    expect((await call(h, admin, 'POST', '/rest/projects', { name: 'No dictionary' })).body.message).toBe(
      'app.project.error.dictionary.required',
    );
    expect(
      (await call(h, admin, 'POST', '/rest/projects', { name: 'p'.repeat(129), dataDictionaryId: dictionaryId })).body
        .message,
    ).toBe('app.project.error.name.too-long');
    expect((await call(h, admin, 'GET', '/rest/projects')).body.map((p: { name: string }) => p.name)).toEqual([
      'alpha',
      'Bravo',
    ]);

    const edited = await call(h, admin, 'PUT', '/rest/projects', {
      id: b.body.id,
      name: 'Bravo Main',
      dataDictionaryId: dictionaryId,
      coordinate: '{"lat":39.7,"lng":-104.9}',
      zoomLevel: 14,
      geoidId: 'GEOID18',
    });
    expect(edited.body).toMatchObject({ name: 'Bravo Main', zoomLevel: 14, geoidId: 'GEOID18' });
    expect(
      (await call(h, admin, 'PUT', '/rest/projects', { id: b.body.id, name: 'ALPHA', dataDictionaryId: dictionaryId }))
        .status,
    ).toBe(409);
  });

  it('lets editors with create rights make projects; viewers only see; outsiders see nothing', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const dictionaryId = await templateId(h);
    const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Main', dataDictionaryId: dictionaryId }))
      .body;
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'GET', '/rest/projects')).body.map((p: { id: string }) => p.id)).toEqual([
      project.id,
    ]);
    expect(
      (await call(h, viewer, 'POST', '/rest/projects', { name: 'Mine', dataDictionaryId: dictionaryId })).status,
    ).toBe(403);
    expect((await call(h, viewer, 'DELETE', `/rest/projects/${project.id}`)).status).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `/rest/projects/${project.id}`)).status).toBe(404);
    expect((await call(h, outsider, 'GET', '/rest/projects')).body).toEqual([]);
    expect((await call(h, admin, 'DELETE', `/rest/projects/${project.id}`)).status).toBe(204);
  });

  it('sets site calibration and geoid only with the flags, a site of the organization and a known geoid model', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const dictionaryId = await templateId(h);
    const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Survey', dataDictionaryId: dictionaryId }))
      .body;
    const site = async (organizationId: string) =>
      (
        await h.db
          .insertInto('sites')
          .values({ organization_id: organizationId, name: 'Site', wkt: 'GEOGCS["WGS 84"]', proj: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const own = await site(admin.organizationId);
    const foreign = await site((await signedInAccount(h)).organizationId);
    const put = (changes: object) =>
      call(h, admin, 'PUT', '/rest/projects', {
        id: project.id,
        name: 'Survey',
        dataDictionaryId: dictionaryId,
        ...changes,
      });
    expect(await put({ proj: { id: foreign } })).toMatchObject({
      status: 404,
      body: { message: 'app.site.not-found' },
    });
    expect(await put({ geoidId: 'GEOID99' })).toMatchObject({
      status: 400,
      body: { message: 'app.project.error.geoid' },
    });
    expect(await put({ description: 'd'.repeat(129) })).toMatchObject({
      status: 400,
      body: { message: 'app.project.error.description.too-long' },
    });
    await setFlag(h, admin.organizationId, 'siteCalibration', false);
    await setFlag(h, admin.organizationId, 'projectGeoid', false);
    expect(await put({ proj: { id: own } })).toMatchObject({ status: 403, body: { message: 'app.site.disabled' } });
    expect(await put({ geoidId: 'EGM96' })).toMatchObject({
      status: 403,
      body: { message: 'app.project.geoid.disabled' },
    });
    expect(
      await h.db
        .selectFrom('projects')
        .select(['site_id', 'geoid_id', 'description'])
        .where('id', '=', project.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ site_id: null, geoid_id: null, description: null });

    await setFlag(h, admin.organizationId, 'siteCalibration', true);
    await setFlag(h, admin.organizationId, 'projectGeoid', true);
    expect((await put({ proj: { id: own }, geoidId: 'EGM96' })).body).toMatchObject({
      proj: { id: own },
      geoidId: 'EGM96',
    });
    // With the flags off again, the form's resent values still save, and clearing them is allowed.
    await setFlag(h, admin.organizationId, 'siteCalibration', false);
    await setFlag(h, admin.organizationId, 'projectGeoid', false);
    expect((await put({ name: 'Survey', proj: { id: own }, geoidId: 'EGM96', description: 'Kept' })).status).toBe(200);
    expect((await put({ proj: null, geoidId: null })).body).toMatchObject({ proj: null, geoidId: null });
  });

  it("leaves a project's organization to organization admins", async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const dictionaryId = await templateId(h);
    const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Home', dataDictionaryId: dictionaryId }))
      .body;
    const editor = await createMember(h, admin.organizationId, 'editor');
    await setOrgMask(h, editor, '0111');
    const elsewhere = (await signedInAccount(h)).organizationId;
    const body = { id: project.id, name: 'Home', dataDictionaryId: dictionaryId, organizationId: elsewhere };
    expect(
      (await call(h, editor, 'PUT', '/rest/projects', { ...body, organizationId: admin.organizationId })).status,
    ).toBe(200);
    expect(await call(h, editor, 'PUT', '/rest/projects', body)).toMatchObject({ status: 403 });
    // An organization admin may choose it, but moving a project across organizations is refused for now.
    expect(await call(h, admin, 'PUT', '/rest/projects', body)).toMatchObject({
      status: 400,
      body: { message: 'app.project.error.organization' },
    });
    expect(
      (
        await h.db
          .selectFrom('projects')
          .select('organization_id')
          .where('id', '=', project.id)
          .executeTakeFirstOrThrow()
      ).organization_id,
    ).toBe(admin.organizationId);
  });
});

describe('folders and layers', () => {
  it('builds a two-level tree with unique names among siblings and layers unique in their folder', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'Tree', dataDictionaryId: await templateId(h) })
    ).body;
    const base = `/rest/projects/${project.id}/folders`;
    const top = (await call(h, admin, 'POST', base, { name: 'Utilities', description: 'All utilities' })).body;
    expect((await call(h, admin, 'POST', base, { name: 'utilities' })).body.message).toBe(
      'app.folder.error.name.exist',
    );
    const sub = (await call(h, admin, 'POST', base, { name: 'Water', parentId: top.id })).body;
    expect(sub.level).toBe(2);
    expect((await call(h, admin, 'POST', base, { name: 'Too deep', parentId: sub.id })).body.message).toBe(
      'app.folder.error.levels',
    );
    expect((await call(h, admin, 'POST', base, { name: 'Water', parentId: null })).status).toBe(201);

    const layers = `${base}/${sub.id}/layers`;
    const mains = await call(h, admin, 'POST', layers, { name: 'Mains' });
    expect(mains.body).toMatchObject({ name: 'Mains', type: 'VECTOR', preferredMethod: 'WFS', isActive: true });
    expect((await call(h, admin, 'POST', layers, { name: 'MAINS' })).body.message).toBe('app.layer.exists.error');
    expect((await call(h, admin, 'POST', layers, { name: ' ' })).body.message).toBe('app.name.non-empty');
    const ro = await call(h, admin, 'PUT', layers, {
      id: mains.body.id,
      name: 'Water Mains',
      readOnly: true,
      preferredMethod: 'WMS-TILE',
    });
    expect(ro.body).toMatchObject({ name: 'Water Mains', readOnly: true, preferredMethod: 'WMS-TILE' });
    expect((await call(h, admin, 'DELETE', `${layers}/${mains.body.id}`)).body.message).toBe(
      'app.layer.error.read-only',
    );

    const tree = (await call(h, admin, 'GET', `/rest/projects/${project.id}`)).body.folders;
    expect(tree.map((f: { name: string }) => f.name)).toEqual(['Utilities', 'Water']);
    expect(tree[0].folders[0]).toMatchObject({
      name: 'Water',
      layers: [expect.objectContaining({ name: 'Water Mains' })],
    });
    // The read-only layer in its sub-folder blocks the folder delete as it blocks a layer delete.
    expect(await call(h, admin, 'DELETE', `${base}/${top.id}`)).toMatchObject({
      status: 403,
      body: { message: 'app.folder.error.read-only-layer' },
    });
    await call(h, admin, 'PUT', layers, { id: mains.body.id, name: 'Water Mains', readOnly: false });
    expect((await call(h, admin, 'DELETE', `${base}/${top.id}`)).status).toBe(204);
    expect((await call(h, admin, 'GET', base)).body.map((f: { name: string }) => f.name)).toEqual(['Water']);
  });

  it('adds a feature folder with point, line and polygon layers that needs the typed word to delete', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'Field', dataDictionaryId: await templateId(h) })
    ).body;
    const folder = await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {});
    expect(folder.body).toMatchObject({
      folderType: 'features',
      layers: [{ serverName: 'line' }, { serverName: 'point' }, { serverName: 'polygon' }],
    });
    expect(
      (await call(h, admin, 'DELETE', `/rest/projects/${project.id}/folders/${folder.body.id}`)).body.message,
    ).toBe('app.folder.error.confirm-delete');
    expect(
      (await call(h, admin, 'DELETE', `/rest/projects/${project.id}/folders/${folder.body.id}?confirm=delete`)).status,
    ).toBe(204);
  });

  it('follows permissions down the tree: a viewer with admin on one folder manages only that folder', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'Perms', dataDictionaryId: await templateId(h) })
    ).body;
    const a = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'A' })).body;
    const b = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'B' })).body;
    const editor = await createMember(h, admin.organizationId, 'editor');
    await h.db
      .updateTable('permissions')
      .set({ bit_mask: '0001' })
      .where('account_id', '=', editor.accountId)
      .execute();
    await h.db
      .insertInto('permissions')
      .values({
        account_id: editor.accountId,
        organization_id: admin.organizationId,
        asset_type: 'folder',
        asset_id: a.id,
        bit_mask: '1111',
      })
      .execute();
    const again = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: editor.email, password: editor.password },
    });
    const auth = { authorization: `Bearer ${again.json().idToken}` };
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/rest/projects/${project.id}/folders/${a.id}/layers`,
          headers: auth,
          payload: { name: 'Ok' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/rest/projects/${project.id}/folders/${b.id}/layers`,
          headers: auth,
          payload: { name: 'No' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/rest/projects/${project.id}/folders/${b.id}`, headers: auth }))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/rest/projects/${project.id}/folders/${a.id}`, headers: auth }))
        .statusCode,
    ).toBe(204);
  });

  it('keeps layer names required, at most 128 characters and unique in the folder on create and edit', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'Names', dataDictionaryId: await templateId(h) })
    ).body;
    const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'F' })).body;
    const layers = `/rest/projects/${project.id}/folders/${folder.id}/layers`;
    expect((await call(h, admin, 'POST', layers, { name: '' })).body.message).toBe(PROJECT_MSG.layerNameRequired);
    expect((await call(h, admin, 'POST', layers, { name: 'l'.repeat(129) })).body.message).toBe(
      PROJECT_MSG.layerNameRequired,
    );
    const a = (await call(h, admin, 'POST', layers, { name: 'A' })).body;
    await call(h, admin, 'POST', layers, { name: 'B' });
    expect(await call(h, admin, 'PUT', layers, { id: a.id, name: 'b' })).toMatchObject({
      status: 409,
      body: { message: PROJECT_MSG.layerNameExists },
    });
    expect(await call(h, admin, 'PUT', layers, { id: a.id, name: '' })).toMatchObject({
      status: 400,
      body: { message: PROJECT_MSG.layerNameRequired },
    });
    expect((await call(h, admin, 'PUT', layers, { id: a.id, name: 'a' })).body.name).toBe('a');
    expect((await call(h, admin, 'GET', layers)).body.map((l: { name: string }) => l.name).sort()).toEqual(['B', 'a']);
  });

  it('disables a layer (layer admins only); nothing more can be drawn into it', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'Off', dataDictionaryId: await templateId(h) })
    ).body;
    const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'F' })).body;
    const layer = (
      await call(h, admin, 'POST', `/rest/projects/${project.id}/folders/${folder.id}/layers`, { name: 'Points' })
    ).body;
    const url = `/rest/projects/${project.id}/folders/${folder.id}/layers/${layer.id}/disable`;
    const editor = await createMember(h, admin.organizationId, 'editor');
    await setOrgMask(h, editor, '0111');
    expect((await call(h, editor, 'PUT', url)).status).toBe(403);
    expect((await call(h, admin, 'PUT', url)).body).toMatchObject({ id: layer.id, isActive: false });
    const point = { geometry: { type: 'Point', coordinates: [-105, 39] }, properties: { layer_id: layer.id } };
    expect((await call(h, admin, 'POST', '/rest/features/points', point)).body.message).toBe(
      'app.feature.error.layer-inactive',
    );
  });

  it('edits a folder: name unique among siblings, description up to 256, leaders switched on and off', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'Edit', dataDictionaryId: await templateId(h) })
    ).body;
    const base = `/rest/projects/${project.id}/folders`;
    const a = (await call(h, admin, 'POST', base, { name: 'A' })).body;
    await call(h, admin, 'POST', base, { name: 'B' });
    const edited = await call(h, admin, 'PUT', `${base}/`, {
      id: a.id,
      name: 'Alpha',
      description: 'd'.repeat(256),
      leadersEnabled: true,
    });
    expect(edited.body).toMatchObject({ name: 'Alpha', description: 'd'.repeat(256), leadersEnabled: true });
    expect(
      (await call(h, admin, 'PUT', `${base}/`, { id: a.id, name: 'Alpha', leadersEnabled: false })).body.leadersEnabled,
    ).toBe(false);
    expect(await call(h, admin, 'PUT', `${base}/`, { id: a.id, name: 'b' })).toMatchObject({
      status: 409,
      body: { message: 'app.folder.error.name.exist' },
    });
    expect(
      await call(h, admin, 'PUT', `${base}/`, { id: a.id, name: 'Alpha', description: 'd'.repeat(257) }),
    ).toMatchObject({ status: 400, body: { message: 'app.folder.error.description.too-long' } });
    expect(await call(h, admin, 'POST', base, { name: 'C', description: 'd'.repeat(257) })).toMatchObject({
      status: 400,
      body: { message: 'app.folder.error.description.too-long' },
    });
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'PUT', `${base}/`, { id: a.id, name: 'Mine' })).status).toBe(403);
    expect(
      await h.db
        .selectFrom('folders')
        .select(['name', 'leaders_enabled'])
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: 'Alpha', leaders_enabled: false });
  });

  it('never deletes the forms folder, nor a layer with a referenceId', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'Forms', dataDictionaryId: await templateId(h) })
    ).body;
    const forms = (
      await h.db
        .insertInto('folders')
        .values({ project_id: project.id, parent_id: null, name: 'Forms', description: null, folder_type: '2' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await call(h, admin, 'DELETE', `/rest/projects/${project.id}/folders/${forms}`)).toMatchObject({
      status: 403,
      body: { message: 'app.folder.error.not-deletable' },
    });
    const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'F' })).body;
    const referenced = (
      await h.db
        .insertInto('layers')
        .values({
          project_id: project.id,
          folder_id: folder.id,
          name: 'Leaders',
          description: null,
          type: 'VECTOR',
          server_name: 'leader',
          reference_id: 'leader',
          mobile_preferred_method: null,
          style_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      await call(
        h,
        admin,
        'DELETE',
        `/rest/projects/${project.id}/folders/${folder.id}/layers/${referenced}?referenceId=leader`,
      ),
    ).toMatchObject({ status: 403, body: { message: 'app.layer.error.not-deletable' } });
    expect(await h.db.selectFrom('folders').select('id').where('id', 'in', [forms, folder.id]).execute()).toHaveLength(
      2,
    );
    expect(await h.db.selectFrom('layers').select('id').where('id', '=', referenced).execute()).toHaveLength(1);
  });
});
