import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';

const call = async (h: Harness, who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await h.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

/** A project on a copy of the APWA template with a feature folder; returns ids for drawing. */
async function field(h: Harness) {
  const admin = await signedInAccount(h);
  const template = await h.db.selectFrom('dictionaries').select('id').where('template_key', '=', 'apwa-utility-locating').executeTakeFirstOrThrow();
  const dictionary = (await call(h, admin, 'POST', `/rest/dictionaries/copy/${template.id}`, { name: 'Locates' })).body;
  const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Field', dataDictionaryId: dictionary.id })).body;
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).body;
  const layer = (name: string) => folder.layers.find((l: { serverName: string }) => l.serverName === name).id;
  const electric = dictionary.systems.find((s: { name: string }) => s.name === 'Electric');
  const component = (alias: string) => electric.components.find((c: { alias: string }) => c.alias === alias);
  return { admin, dictionary, project, folder, layer, electric, component };
}

const value = (component: { attributes: Array<{ id: string; name: string }> }, name: string, attributeValue: string) =>
  ({ attributeId: component.attributes.find((a) => a.name === name)!.id, attributeValue });

describe('features', () => {
  it('draws a line classified by the dictionary, stores it as a MultiLineString, edits it with a version kept, and deletes it', async () => {
    const h = await harness();
    const f = await field(h);
    const line = f.component('Electric Line');
    const body = {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [[-104.99, 39.74], [-104.98, 39.75]] },
      properties: {
        layer_id: f.layer('line'), dictionary_id: f.dictionary.id, system_id: f.electric.id, component_id: line.id,
        attributes: JSON.stringify([value(line, 'Locate Status', 'Marked'), value(line, 'Depth (ft)', '3.5'), value(line, 'Locate Date', '01/31/2025')]),
      },
    };
    const created = await call(h, f.admin, 'POST', '/rest/features/lines', body);
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^line\.\d+$/);
    expect(created.body.geometry.type).toBe('MultiLineString');
    const attributes = JSON.parse(created.body.properties.attributes);
    expect(attributes.find((a: { attributeType: string }) => a.attributeType === 'Double').attributeValue).toBe('3.5');
    expect(created.body.properties).toMatchObject({ layer_id: f.layer('line'), component_id: line.id, created_by_email: f.admin.email });

    const ogcFid = created.body.properties.ogc_fid;
    const moved = { ...body, id: created.body.id, geometry: { type: 'MultiLineString', coordinates: [[[-104.99, 39.74], [-104.97, 39.76]]] } };
    const edited = await call(h, f.admin, 'PUT', '/rest/features/lines', moved);
    expect(edited.body.geometry.coordinates[0][1]).toEqual([-104.97, 39.76]);
    const versions = await h.db.selectFrom('feature_versions').select('action').where('feature_id', '=', String(ogcFid)).orderBy('id').execute();
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
      geometry: { type: 'Polygon', coordinates: [[[-105, 39], [-104.9, 39], [-104.9, 39.1]]] },
      properties: { layer_id: f.layer('polygon'), component_id: vault.id, attributes: [value(vault, 'Locate Status', 'Clear / No Conflict')] },
    });
    expect(polygon.status).toBe(201);
    const ring = polygon.body.geometry.coordinates[0][0];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const wrong = await call(h, f.admin, 'POST', '/rest/features/points', { geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, properties: { layer_id: f.layer('point') } });
    expect(wrong.body.message).toBe('app.feature.error.geometry-type');
    const outOfRange = await call(h, f.admin, 'POST', '/rest/features/points', { geometry: { type: 'Point', coordinates: [200, 0] }, properties: { layer_id: f.layer('point') } });
    expect(outOfRange.status).toBe(400);
  });

  it.each([
    ['a component of another type', 'Electric Pole', [], 'app.feature.error.component-type'],
    ['a missing required value', 'Electric Line', [], 'app.feature.error.required'],
    ['a value outside the pick list', 'Electric Line', [['Locate Status', 'Maybe']], 'app.feature.error.bad-value'],
    ['a bad number', 'Electric Line', [['Locate Status', 'Marked'], ['Depth (ft)', 'deep']], 'app.feature.error.bad-value'],
    ['a bad date', 'Electric Line', [['Locate Status', 'Marked'], ['Locate Date', '2025-01-31']], 'app.feature.error.bad-value'],
  ])('refuses a line with %s, writing nothing', async (_label, alias, values, message) => {
    const h = await harness();
    const f = await field(h);
    const component = f.component(alias);
    const res = await call(h, f.admin, 'POST', '/rest/features/lines', {
      geometry: { type: 'LineString', coordinates: [[-104.99, 39.74], [-104.98, 39.75]] },
      properties: { layer_id: f.layer('line'), component_id: component.id, attributes: (values as string[][]).map(([n, v]) => value(component, n, v)) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await h.db.selectFrom('features').select('id').where('project_id', '=', f.project.id).execute()).toEqual([]);
  });

  it('lets collectors draw, keeps read-only layers and other organizations out, and leaves deletes to feature admins', async () => {
    const h = await harness();
    const f = await field(h);
    const point = { geometry: { type: 'Point', coordinates: [-104.99, 39.74] }, properties: { layer_id: f.layer('point') } };
    const collector = await createMember(h, f.admin.organizationId, 'dataCollector');
    await h.db.updateTable('permissions').set({ bit_mask: '0011' }).where('account_id', '=', collector.accountId).execute();
    const again = await h.app.inject({ method: 'POST', url: '/auth/signin', payload: { email: collector.email, password: collector.password } });
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
    expect((await call(h, f.admin, 'POST', '/rest/features/points', point)).body.message).toBe('app.layer.error.read-only');
  });
});
