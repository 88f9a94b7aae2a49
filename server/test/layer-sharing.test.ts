import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { call } from './feature-fixtures.js';

async function setup(h: Harness) {
  const admin = await signedInAccount(h);
  const dictionaryId = (
    await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('template_key', '=', 'apwa-utility-locating')
      .executeTakeFirstOrThrow()
  ).id;
  const a = (await call(h, admin, 'POST', '/rest/projects', { name: 'Alpha', dataDictionaryId: dictionaryId })).body;
  const b = (await call(h, admin, 'POST', '/rest/projects', { name: 'Bravo', dataDictionaryId: dictionaryId })).body;
  const fa = (await call(h, admin, 'POST', `/rest/projects/${a.id}/folders`, { name: 'Source' })).body;
  const fb = (await call(h, admin, 'POST', `/rest/projects/${b.id}/folders`, { name: 'Target' })).body;
  const layer = (await call(h, admin, 'POST', `/rest/projects/${a.id}/folders/${fa.id}/layers`, { name: 'Mains' }))
    .body;
  return { admin, a, b, fa, fb, layer };
}

describe('layer sharing', () => {
  it('shows a shared layer read-only in the target folder and blocks deleting it until unshared', async () => {
    const h = await harness();
    const s = await setup(h);
    expect((await call(h, s.admin, 'POST', `/rest/projects/share/${s.fb.id}/${s.layer.id}`)).status).toBe(200);
    const target = (await call(h, s.admin, 'GET', `/rest/projects/${s.b.id}`)).body.folders[0];
    expect(target.sharedLayers).toEqual([
      expect.objectContaining({
        id: s.layer.id,
        projectId: s.a.id,
        folderId: s.fa.id,
        readOnly: true,
        shared: true,
        sharedProjectId: s.b.id,
        sharedFolderId: s.fb.id,
      }),
    ]);
    const source = (await call(h, s.admin, 'GET', `/rest/projects/${s.a.id}`)).body.folders[0];
    expect(source.layers[0].sharedFolders).toEqual([s.fb.id]);
    expect(
      (await call(h, s.admin, 'DELETE', `/rest/projects/${s.a.id}/folders/${s.fa.id}/layers/${s.layer.id}`)).body
        .message,
    ).toBe('app.layer.error.not-deletable');
    expect((await call(h, s.admin, 'POST', `/rest/projects/share/${s.fa.id}/${s.layer.id}`)).body.message).toBe(
      'app.layer.share.error.same-project',
    );
    expect((await call(h, s.admin, 'DELETE', `/rest/projects/share/${s.fb.id}/${s.layer.id}`)).status).toBe(204);
    expect((await call(h, s.admin, 'GET', `/rest/projects/${s.b.id}`)).body.folders[0].sharedLayers).toEqual([]);
    expect(
      (await call(h, s.admin, 'DELETE', `/rest/projects/${s.a.id}/folders/${s.fa.id}/layers/${s.layer.id}`)).status,
    ).toBe(204);
  });

  it('lets a viewer of the target project read the shared layer through its service path', async () => {
    const h = await harness();
    const s = await setup(h);
    const viewer = await createMember(h, s.admin.organizationId, 'viewer');
    // Only view rights on project Bravo, none on Alpha.
    await h.db.deleteFrom('permissions').where('account_id', '=', viewer.accountId).execute();
    await h.db
      .insertInto('permissions')
      .values({
        account_id: viewer.accountId,
        organization_id: s.admin.organizationId,
        asset_type: 'project',
        asset_id: s.b.id,
        bit_mask: '0001',
      })
      .execute();
    const wfs = `/rest/projects/${s.a.id}/folders/${s.fa.id}/layers/${s.layer.id}/geo/wfs?service=WFS&version=2.0.0&request=GetFeature&outputFormat=application/json`;
    expect((await call(h, viewer, 'GET', wfs)).status).toBe(404);
    await call(h, s.admin, 'POST', `/rest/projects/share/${s.fb.id}/${s.layer.id}`);
    const read = await call(h, viewer, 'GET', wfs);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ type: 'FeatureCollection' });
    expect((await call(h, viewer, 'GET', `/rest/projects/${s.b.id}`)).body.folders[0].sharedLayers).toHaveLength(1);
  });

  it('needs the sharedLayers flag and project admin of both; other organizations get 404; bad ids 400', async () => {
    const h = await harness();
    const s = await setup(h);
    const url = `/rest/projects/share/${s.fb.id}/${s.layer.id}`;
    const viewer = await createMember(h, s.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', url)).status).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'POST', url)).status).toBe(404);
    expect((await call(h, s.admin, 'POST', '/rest/projects/share/nope/also-nope')).status).toBe(400);
    await h.db
      .updateTable('organizations')
      .set({ functionality_flags: JSON.stringify({ sharedLayers: false }) } as never)
      .where('id', '=', s.admin.organizationId)
      .execute();
    expect(await call(h, s.admin, 'POST', url)).toMatchObject({
      status: 403,
      body: { message: 'app.layer.share.disabled' },
    });
  });

  it('replaces a share in one call (?replace=<old folder>), and changes nothing when the new target or the old share is wrong', async () => {
    const h = await harness();
    const s = await setup(h);
    const c = (
      await call(h, s.admin, 'POST', '/rest/projects', { name: 'Charlie', dataDictionaryId: s.a.dataDictionaryId })
    ).body;
    const fc = (await call(h, s.admin, 'POST', `/rest/projects/${c.id}/folders`, { name: 'Other target' })).body;
    const sharedInto = async () =>
      (await h.db.selectFrom('layer_shares').select('folder_id').where('layer_id', '=', s.layer.id).execute()).map(
        (r) => r.folder_id,
      );
    await call(h, s.admin, 'POST', `/rest/projects/share/${s.fb.id}/${s.layer.id}`);

    const replaced = await call(h, s.admin, 'POST', `/rest/projects/share/${fc.id}/${s.layer.id}?replace=${s.fb.id}`);
    expect(replaced).toMatchObject({ status: 200, body: { folderId: fc.id, projectId: c.id } });
    expect(await sharedInto()).toEqual([fc.id]);
    expect((await call(h, s.admin, 'GET', `/rest/projects/${s.b.id}`)).body.folders[0].sharedLayers).toEqual([]);

    const outsider = await signedInAccount(h);
    const foreign = (
      await call(h, outsider, 'POST', '/rest/projects', { name: 'Foreign', dataDictionaryId: s.a.dataDictionaryId })
    ).body;
    const foreignFolder = (await call(h, outsider, 'POST', `/rest/projects/${foreign.id}/folders`, { name: 'Theirs' }))
      .body;
    const fb2 = (await call(h, s.admin, 'POST', `/rest/projects/${s.b.id}/folders`, { name: 'Second target' })).body;
    const refused = [
      // The new target is in the layer's own project, or not one of this organization's folders.
      [`/rest/projects/share/${s.fa.id}/${s.layer.id}?replace=${fc.id}`, 400],
      [`/rest/projects/share/${foreignFolder.id}/${s.layer.id}?replace=${fc.id}`, 404],
      // A stale dialog: the share in fb was already replaced. The new share into fb2 is rolled back.
      [`/rest/projects/share/${fb2.id}/${s.layer.id}?replace=${s.fb.id}`, 404],
    ] as const;
    for (const [url, status] of refused) {
      expect((await call(h, s.admin, 'POST', url)).status, url).toBe(status);
      expect(await sharedInto(), url).toEqual([fc.id]);
    }
  });
});
