import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { call, field, value } from './feature-fixtures.js';

describe('features', () => {
  it('draws a line classified by the dictionary, stores it as a MultiLineString, edits it with a version kept, and deletes it', async () => {
    const h = await harness();
    const f = await field(h);
    const line = f.component('Electric Line');
    const body = {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-104.99, 39.74],
          [-104.98, 39.75],
        ],
      },
      properties: {
        layer_id: f.layer('line'),
        dictionary_id: f.dictionary.id,
        system_id: f.electric.id,
        component_id: line.id,
        attributes: JSON.stringify([
          value(line, 'Locate Status', 'Marked'),
          value(line, 'Depth (ft)', '3.5'),
          value(line, 'Locate Date', '01/31/2025'),
        ]),
      },
    };
    const created = await call(h, f.admin, 'POST', '/rest/features/lines', body);
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^line\.\d+$/);
    expect(created.body.geometry.type).toBe('MultiLineString');
    const attributes = JSON.parse(created.body.properties.attributes);
    expect(attributes.find((a: { attributeType: string }) => a.attributeType === 'Double').attributeValue).toBe('3.5');
    expect(created.body.properties).toMatchObject({
      layer_id: f.layer('line'),
      component_id: line.id,
      created_by_email: f.admin.email,
    });

    const ogcFid = created.body.properties.ogc_fid;
    const moved = {
      ...body,
      id: created.body.id,
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [-104.99, 39.74],
            [-104.97, 39.76],
          ],
        ],
      },
    };
    const edited = await call(h, f.admin, 'PUT', '/rest/features/lines', moved);
    expect(edited.body.geometry.coordinates[0][1]).toEqual([-104.97, 39.76]);
    const versions = await h.db
      .selectFrom('feature_versions')
      .select('action')
      .where('feature_id', '=', String(ogcFid))
      .orderBy('id')
      .execute();
    expect(versions.map((v) => v.action)).toEqual(['Add', 'Edit']);

    expect((await call(h, f.admin, 'GET', `/rest/features/${created.body.id}`)).body.id).toBe(created.body.id);
    expect((await call(h, f.admin, 'DELETE', `/rest/features/lines/${ogcFid}`)).status).toBe(204);
    expect((await call(h, f.admin, 'GET', `/rest/features/lines/${ogcFid}`)).status).toBe(404);
  });

  it('closes polygon rings and refuses geometry that does not fit the layer kind', async () => {
    const h = await harness();
    const f = await field(h);
    const vault = f.component('Electric Vault');
    const polygon = await call(h, f.admin, 'POST', '/rest/features/polygons', {
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-105, 39],
            [-104.9, 39],
            [-104.9, 39.1],
          ],
        ],
      },
      properties: {
        layer_id: f.layer('polygon'),
        component_id: vault.id,
        attributes: [value(vault, 'Locate Status', 'Clear / No Conflict')],
      },
    });
    expect(polygon.status).toBe(201);
    const ring = polygon.body.geometry.coordinates[0][0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const wrong = await call(h, f.admin, 'POST', '/rest/features/points', {
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      properties: { layer_id: f.layer('point') },
    });
    expect(wrong.body.message).toBe('app.feature.error.geometry-type');
    const outOfRange = await call(h, f.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [200, 0] },
      properties: { layer_id: f.layer('point') },
    });
    expect(outOfRange.status).toBe(400);
  });

  it.each([
    ['a component of another type', 'Electric Pole', [], 'app.feature.error.component-type'],
    ['a missing required value', 'Electric Line', [], 'app.feature.error.required'],
    ['a value outside the pick list', 'Electric Line', [['Locate Status', 'Maybe']], 'app.feature.error.bad-value'],
    [
      'a bad number',
      'Electric Line',
      [
        ['Locate Status', 'Marked'],
        ['Depth (ft)', 'deep'],
      ],
      'app.feature.error.bad-value',
    ],
    [
      'a bad date',
      'Electric Line',
      [
        ['Locate Status', 'Marked'],
        ['Locate Date', '2025-01-31'],
      ],
      'app.feature.error.bad-value',
    ],
  ])('refuses a line with %s, writing nothing', async (_label, alias, values, message) => {
    const h = await harness();
    const f = await field(h);
    const component = f.component(alias);
    const res = await call(h, f.admin, 'POST', '/rest/features/lines', {
      geometry: {
        type: 'LineString',
        coordinates: [
          [-104.99, 39.74],
          [-104.98, 39.75],
        ],
      },
      properties: {
        layer_id: f.layer('line'),
        component_id: component.id,
        attributes: (values as string[][]).map(([n, v]) => value(component, n, v)),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await h.db.selectFrom('features').select('id').where('project_id', '=', f.project.id).execute()).toEqual([]);
  });

  it('lets collectors draw, keeps read-only layers and other organizations out, and leaves deletes to feature admins', async () => {
    const h = await harness();
    const f = await field(h);
    const point = {
      geometry: { type: 'Point', coordinates: [-104.99, 39.74] },
      properties: { layer_id: f.layer('point') },
    };
    const collector = await createMember(h, f.admin.organizationId, 'dataCollector');
    await h.db
      .updateTable('permissions')
      .set({ bit_mask: '0011' })
      .where('account_id', '=', collector.accountId)
      .execute();
    const again = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: collector.email, password: collector.password },
    });
    const c = { ...collector, auth: { authorization: `Bearer ${again.json().idToken}` } };
    const drawn = await call(h, c, 'POST', '/rest/features/points', point);
    expect(drawn.status).toBe(201);
    expect((await call(h, c, 'DELETE', `/rest/features/${drawn.body.id}`)).status).toBe(403);
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', '/rest/features/points', point)).status).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `/rest/features/${drawn.body.id}`)).status).toBe(404);
    expect((await call(h, outsider, 'POST', '/rest/features/points', point)).status).toBe(404);
    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', f.layer('point')).execute();
    expect((await call(h, f.admin, 'POST', '/rest/features/points', point)).body.message).toBe(
      'app.layer.error.read-only',
    );
  });
  it('tells the caller what it may do with a feature (the panel offers only those actions) and names its folder', async () => {
    const h = await harness();
    const f = await field(h);
    const drawn = (
      await call(h, f.admin, 'POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates: [-104.99, 39.74] },
        properties: { layer_id: f.layer('point') },
      })
    ).body;
    const own = await call(h, f.admin, 'GET', `/rest/features/${drawn.id}`);
    expect(own.body).toMatchObject({ abilities: { edit: true, admin: true }, properties: { folder_id: f.folder.id } });
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'GET', `/rest/features/${drawn.id}`)).body.abilities).toEqual({
      edit: false,
      admin: false,
    });
    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', f.layer('point')).execute();
    expect((await call(h, f.admin, 'GET', `/rest/features/${drawn.id}`)).body.abilities).toEqual({
      edit: false,
      admin: false,
    });
  });
  it('keeps the altitudes of a drawn line (the profile chart reads them)', async () => {
    const h = await harness();
    const f = await field(h);
    const res = await call(h, f.admin, 'POST', '/rest/features/lines', {
      geometry: {
        type: 'LineString',
        coordinates: [
          [-104.99, 39.74, 1600.5],
          [-104.98, 39.75, 1604],
        ],
      },
      properties: { layer_id: f.layer('line') },
    });
    expect(res.status).toBe(201);
    expect(res.body.geometry.coordinates).toEqual([
      [
        [-104.99, 39.74, 1600.5],
        [-104.98, 39.75, 1604],
      ],
    ]);
  });
});
