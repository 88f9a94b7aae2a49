import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { signedInAccount } from './factories.js';
import { call, setFlag } from './feature-fixtures.js';

/** A project with a top-level folder holding a sub-folder, and helpers to add layers. */
async function tree(h: Harness) {
  const admin = await signedInAccount(h);
  const dictionaryId = (
    await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('template_key', '=', 'apwa-utility-locating')
      .executeTakeFirstOrThrow()
  ).id;
  const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Rules', dataDictionaryId: dictionaryId }))
    .body;
  const other = (await call(h, admin, 'POST', '/rest/projects', { name: 'Other', dataDictionaryId: dictionaryId }))
    .body;
  const base = `/rest/projects/${project.id}/folders`;
  const top = (await call(h, admin, 'POST', base, { name: 'Top' })).body;
  const sub = (await call(h, admin, 'POST', base, { name: 'Sub', parentId: top.id })).body;
  const layer = async (folderId: string, name: string, extra: Record<string, unknown> = {}) =>
    (
      await h.db
        .insertInto('layers')
        .values({
          project_id: project.id,
          folder_id: folderId,
          name,
          description: null,
          type: 'VECTOR',
          server_name: null,
          reference_id: null,
          mobile_preferred_method: null,
          style_id: null,
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const remaining = async () =>
    (await h.db.selectFrom('folders').select('id').where('project_id', '=', project.id).execute()).length;
  return { admin, project, other, base, top, sub, layer, remaining };
}

describe('folder delete follows the layer-delete rules', () => {
  it.each([
    ['a layer shared into another project', 'app.folder.error.shared-layer'],
    ['a form layer (referenceId)', 'app.folder.error.referenced-layer'],
    ['a read-only layer', 'app.folder.error.read-only-layer'],
  ])('refuses a folder whose sub-folder holds %s, deleting nothing', async (label, message) => {
    const h = await harness();
    const t = await tree(h);
    const id = await t.layer(
      t.sub.id,
      'Blocking',
      label.includes('form')
        ? { server_name: 'htmlform_feature', reference_id: t.project.id }
        : label.includes('read-only')
          ? { read_only: true }
          : {},
    );
    if (label.includes('shared')) {
      const target = (await call(h, t.admin, 'POST', `/rest/projects/${t.other.id}/folders`, { name: 'In' })).body;
      await h.db
        .insertInto('layer_shares')
        .values({ layer_id: id, folder_id: target.id, project_id: t.other.id })
        .execute();
    }
    await t.layer(t.top.id, 'Free');
    expect(await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}`)).toMatchObject({
      status: 403,
      body: { message, details: { layer: 'Blocking' } },
    });
    expect(await t.remaining()).toBe(2);
    expect(await h.db.selectFrom('layers').select('id').where('project_id', '=', t.project.id).execute()).toHaveLength(
      2,
    );
  });

  it("removes a folder's own leader layer with the folder", async () => {
    const h = await harness();
    const t = await tree(h);
    const leader = await call(h, t.admin, 'POST', '/rest/features/leaders', {
      folderId: t.sub.id,
      geometry: {
        type: 'LineString',
        coordinates: [
          [-105, 39],
          [-104.99, 39.01],
        ],
      },
      metadata: { text: 'Note', color: '#ff8800', vertex: 0, symbol: 'CIRCLE' },
    });
    expect(leader.status).toBe(201);
    expect((await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}`)).status).toBe(204);
    expect(await t.remaining()).toBe(0);
    // The leader is kept deleted with its layer, restorable with the folder (activity-restore.test.ts).
    const kept = await h.db
      .selectFrom('features')
      .select('deleted_at')
      .where('project_id', '=', t.project.id)
      .execute();
    expect(kept.map((f) => f.deleted_at !== null)).toEqual([true]);
  });
});

describe("typed 'delete' for feature folders", () => {
  it("needs the word for a 'features' folder and for a type-0 folder whose tree holds drawing layers", async () => {
    const h = await harness();
    const t = await tree(h);
    await t.layer(t.sub.id, 'Points', { server_name: 'point' });
    expect(await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}`)).toMatchObject({
      status: 400,
      body: { message: 'app.folder.error.confirm-delete' },
    });
    expect(await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}?confirm=yes`)).toMatchObject({
      status: 400,
      body: { message: 'app.folder.error.confirm-delete' },
    });
    expect(await t.remaining()).toBe(2);
    expect((await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}?confirm=delete`)).status).toBe(204);
    const features = (await call(h, t.admin, 'POST', `/rest/projects/${t.project.id}/addFeatureFolder`, {})).body;
    // Without its drawing layers it is still a feature folder by type.
    await h.db.deleteFrom('layers').where('folder_id', '=', features.id).execute();
    expect((await call(h, t.admin, 'DELETE', `${t.base}/${features.id}`)).body.message).toBe(
      'app.folder.error.confirm-delete',
    );
  });
});

describe('plain edits do not move', () => {
  it('refuses a layer edit naming another folder and a folder edit naming another parent, changing nothing', async () => {
    const h = await harness();
    const t = await tree(h);
    const other = (await call(h, t.admin, 'POST', t.base, { name: 'Elsewhere' })).body;
    const id = await t.layer(t.sub.id, 'Mains');
    const layers = `${t.base}/${t.sub.id}/layers`;
    expect(await call(h, t.admin, 'PUT', layers, { id, name: 'Renamed', folder: { id: other.id } })).toMatchObject({
      status: 400,
      body: { message: 'app.layer.move.use-data-organization' },
    });
    expect(
      (await call(h, t.admin, 'PUT', layers, { id, name: 'Renamed', folder: { id: t.sub.id } })).body,
    ).toMatchObject({ name: 'Renamed', folderId: t.sub.id });
    expect(
      await call(h, t.admin, 'PUT', `${t.base}/`, { id: t.sub.id, name: 'Moved', parentId: other.id }),
    ).toMatchObject({ status: 400, body: { message: 'app.folder.move.use-data-organization' } });
    expect(await call(h, t.admin, 'PUT', `${t.base}/`, { id: t.sub.id, name: 'Moved', parentId: null })).toMatchObject({
      status: 400,
      body: { message: 'app.folder.move.use-data-organization' },
    });
    expect(
      (await call(h, t.admin, 'PUT', `${t.base}/`, { id: t.sub.id, name: 'Kept', parentId: t.top.id })).body,
    ).toMatchObject({ name: 'Kept', parentId: t.top.id });
    expect(
      await h.db
        .selectFrom('folders')
        .select(['name', 'parent_id'])
        .where('id', '=', t.sub.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: 'Kept', parent_id: t.top.id });
  });
});

describe('WMS methods need the geoserver flag', () => {
  it('refuses WMS and WMS-TILE choices without the flag and keeps a method chosen before', async () => {
    const h = await harness();
    const t = await tree(h);
    const layers = `${t.base}/${t.top.id}/layers`;
    const tiled = (await call(h, t.admin, 'POST', layers, { name: 'Tiled', preferredMethod: 'WMS-TILE' })).body;
    const plain = (await call(h, t.admin, 'POST', layers, { name: 'Plain' })).body;
    await setFlag(h, t.admin.organizationId, 'geoserver', false);
    expect(await call(h, t.admin, 'POST', layers, { name: 'Wms', preferredMethod: 'WMS' })).toMatchObject({
      status: 403,
      body: { message: 'app.data.geoserver.disabled' },
    });
    expect(
      await call(h, t.admin, 'PUT', layers, { id: plain.id, name: 'Plain', preferredMethod: 'WMS-TILE' }),
    ).toMatchObject({ status: 403, body: { message: 'app.data.geoserver.disabled' } });
    expect(
      await call(h, t.admin, 'PUT', layers, { id: plain.id, name: 'Plain', mobilePreferredMethod: 'WMS' }),
    ).toMatchObject({ status: 403, body: { message: 'app.data.geoserver.disabled' } });
    expect(
      (await call(h, t.admin, 'PUT', layers, { id: tiled.id, name: 'Tiles', preferredMethod: 'WMS-TILE' })).body,
    ).toMatchObject({ name: 'Tiles', preferredMethod: 'WMS-TILE' });
    expect(
      (
        await call(h, t.admin, 'PUT', layers, {
          id: plain.id,
          name: 'Plain',
          preferredMethod: 'WFS',
          mobilePreferredMethod: 'KML',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(h, t.admin, 'GET', layers)).body.map(
        (l: { name: string; preferredMethod: string; mobilePreferredMethod: string | null }) => [
          l.name,
          l.preferredMethod,
          l.mobilePreferredMethod,
        ],
      ),
    ).toEqual([
      ['Plain', 'WFS', 'KML'],
      ['Tiles', 'WMS-TILE', null],
    ]);
  });
});
