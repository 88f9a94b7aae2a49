import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';
import { call, field, setOrgMask } from './feature-fixtures.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { rawCall } from './map-images.js';
import { byId, insert, point, tx, typeOf } from './wfs-transaction-fixtures.js';
import { HTML, JS, project, send } from './form-fixtures.js';

/**
 * Issue #14: every write of features, leaders, line functions, WFS-T and forms administration logs its
 * activity entries in the write's transaction; a refused write logs nothing.
 */

type Drawn = { id: string; properties: { layer_id: string; project_id: string } };

/** The entry a feature write leaves: one per feature, category Feature, the caller as actor. */
const featureEntry = (type: string, feature: Drawn, who: SignedIn, artifact: Record<string, unknown> = {}) =>
  expect.objectContaining({
    type,
    category: 'Feature',
    message: `${type} ${feature.id}`,
    projectId: feature.properties.project_id,
    actorEmail: who.email,
    artifact: expect.objectContaining({
      featureId: feature.id,
      kind: feature.id.split('.')[0],
      layerId: feature.properties.layer_id,
      ...artifact,
    }),
  });

const lineBody = (layerId: string, coordinates: number[][], id?: string) => ({
  ...(id ? { id } : {}),
  geometry: { type: 'LineString', coordinates },
  properties: { layer_id: layerId },
});

/**
 * A field project with a viewer and an editor (their sign-ins logged before the test's writes), and
 * what was logged since the last look.
 */
async function logged(h: Harness) {
  const f = await field(h);
  const viewer = await createMember(h, f.admin.organizationId, 'viewer');
  const editor = await createMember(h, f.admin.organizationId, 'editor');
  let since = await lastSeq(h);
  const entries = async () => {
    const all = await loggedSince(h, f.admin.organizationId, since);
    since = all.at(-1)?.seq ?? since;
    return all;
  };
  const draw = async (coordinates: number[][]): Promise<Drawn> =>
    (await call(h, f.admin, 'POST', '/rest/features/lines', lineBody(f.layer('line'), coordinates))).body;
  return { ...f, viewer, editor, entries, draw };
}

const THREE = [
  [-105, 39],
  [-104.9, 39.1],
  [-104.8, 39],
];

describe('activity log of feature writes', () => {
  it('logs Add, Edit and Delete of drawn features with their kind, layer, project, length and vertices', async () => {
    const h = await harness();
    const f = await logged(h);
    const line = await f.draw(THREE);
    const [added] = await f.entries();
    expect(added).toEqual(featureEntry('Add', line, f.admin, { vertices: 3, layerName: expect.any(String) }));
    expect(added.artifact!.lengthM).toBeGreaterThan(20_000);

    const edited = await call(
      h,
      f.admin,
      'PUT',
      '/rest/features',
      lineBody(f.layer('line'), THREE.slice(0, 2), line.id),
    );
    expect(edited.status).toBe(200);
    const [edit] = await f.entries();
    expect(edit).toEqual(featureEntry('Edit', line, f.admin, { vertices: 2 }));
    expect(edit.artifact!.lengthM).toBeLessThan(added.artifact!.lengthM as number);

    const polygon = (
      await call(h, f.admin, 'POST', '/rest/features', {
        geometry: { type: 'Polygon', coordinates: [[...THREE, THREE[0]]] },
        properties: { layer_id: f.layer('polygon') },
      })
    ).body;
    expect(await f.entries()).toEqual([featureEntry('Add', polygon, f.admin, { lengthM: expect.any(Number) })]);

    expect((await call(h, f.admin, 'DELETE', `/rest/features/${line.id}`)).status).toBe(204);
    expect(await f.entries()).toEqual([featureEntry('Delete', line, f.admin, { vertices: 2 })]);
  });

  it('logs nothing for a refused write', async () => {
    const h = await harness();
    const f = await logged(h);
    const line = await f.draw(THREE);
    const outsider = await signedInAccount(h);
    await f.entries();
    const refusals = [
      await call(h, f.viewer, 'POST', '/rest/features/lines', lineBody(f.layer('line'), THREE)),
      await call(h, f.viewer, 'PUT', '/rest/features/lines', lineBody(f.layer('line'), THREE, line.id)),
      await call(h, f.viewer, 'DELETE', `/rest/features/${line.id}`),
      await call(h, outsider, 'DELETE', `/rest/features/${line.id}`),
      await call(h, f.admin, 'POST', '/rest/features/points', lineBody(f.layer('point'), THREE)),
      await call(h, f.admin, 'PUT', '/rest/features', lineBody(f.layer('polygon'), THREE, line.id)),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 404, 400, 400]);
    expect(await f.entries()).toEqual([]);
  });

  it('logs leaders as kind leader: Add, Edit, Delete', async () => {
    const h = await harness();
    const f = await logged(h);
    const body = {
      folderId: f.folder.id,
      geometry: { type: 'LineString', coordinates: THREE.slice(0, 2) },
      metadata: { text: 'Valve', color: '#ff8800', vertex: 0, symbol: 'CIRCLE' },
    };
    expect((await call(h, f.viewer, 'POST', '/rest/features/leaders', body)).status).toBe(403);
    expect(await f.entries()).toEqual([]);

    const leader = (await call(h, f.admin, 'POST', '/rest/features/leaders', body)).body;
    // The leader layer made on demand does not add an entry of its own.
    expect(await f.entries()).toEqual([featureEntry('Add', leader, f.admin, { kind: 'leader', vertices: 2 })]);
    const moved = { ...body, folderId: undefined, geometry: { type: 'LineString', coordinates: THREE } };
    expect((await call(h, f.admin, 'PUT', `/rest/features/leaders/${leader.id}`, moved)).status).toBe(200);
    expect(await f.entries()).toEqual([featureEntry('Edit', leader, f.admin, { vertices: 3 })]);
    expect((await call(h, f.admin, 'DELETE', `/rest/features/leaders/${leader.id}`)).status).toBe(204);
    expect(await f.entries()).toEqual([featureEntry('Delete', leader, f.admin)]);
  });

  it('logs line functions: remove vertex an Edit, split an Edit and an Add, join an Edit and a Delete', async () => {
    const h = await harness();
    const f = await logged(h);
    const line = await f.draw([...THREE, [-104.7, 39.1]]);
    const other = await f.draw([
      [-104.6, 39.1],
      [-104.5, 39],
    ]);
    await f.entries();
    const fn = '/rest/features/fn/line';
    expect((await call(h, f.admin, 'PUT', `${fn}/removevertex/collected/${line.id}/9`)).status).toBe(400);
    expect((await call(h, f.admin, 'PUT', `${fn}/removevertex/collected/${line.id}/1`)).status).toBe(200);
    expect(await f.entries()).toEqual([featureEntry('Edit', line, f.admin, { vertices: 3 })]);

    const split = (await call(h, f.admin, 'POST', `${fn}/split/${line.id}/1`)).body.features as Drawn[];
    expect(await f.entries()).toEqual([
      featureEntry('Edit', line, f.admin, { vertices: 2 }),
      featureEntry('Add', split[1], f.admin, { vertices: 2, lengthM: expect.any(Number) }),
    ]);

    await setOrgMask(h, f.editor, '0111');
    expect((await call(h, f.editor, 'POST', `${fn}/join/${line.id}/${other.id}`)).status).toBe(403);
    expect(await f.entries()).toEqual([]);
    expect((await call(h, f.admin, 'POST', `${fn}/join/${line.id}/${other.id}`)).status).toBe(200);
    expect(await f.entries()).toEqual([
      featureEntry('Edit', line, f.admin, { vertices: 4 }),
      featureEntry('Delete', other, f.admin),
    ]);
  });

  it('logs points joined into a line as the line Add only', async () => {
    const h = await harness();
    const f = await logged(h);
    const points: Drawn[] = [];
    for (const coordinates of THREE)
      points.push(
        (
          await call(h, f.admin, 'POST', '/rest/features/points', {
            geometry: { type: 'Point', coordinates },
            properties: { layer_id: f.layer('point') },
          })
        ).body,
      );
    expect((await f.entries()).map((e) => e.artifact!.featureId)).toEqual(points.map((p) => p.id));
    const made = await call(h, f.admin, 'POST', '/rest/features/fn/line/join/points', {
      featureIds: points.map((p) => p.id),
      layerId: f.layer('line'),
    });
    expect(made.status).toBe(201);
    expect(await f.entries()).toEqual([featureEntry('Add', made.body, f.admin, { vertices: 3 })]);
  });

  it('logs each feature a WFS-T Transaction inserts, updates and deletes; a failed one writes and logs nothing', async () => {
    const h = await harness();
    const f = await logged(h);
    const layerId = f.layer('point');
    const type = typeOf(layerId);
    const existing = (
      await call(h, f.admin, 'POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates: [-80, 25] },
        properties: { layer_id: layerId },
      })
    ).body as Drawn;
    const doomed = (
      await call(h, f.admin, 'POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates: [-81, 25] },
        properties: { layer_id: layerId },
      })
    ).body as Drawn;
    await f.entries();
    const update = `<wfs:Update typeName="${type}"><wfs:Property><wfs:ValueReference>name</wfs:ValueReference><wfs:Value>Renamed</wfs:Value></wfs:Property>${byId(existing.id)}</wfs:Update>`;
    const remove = (rid: string) => `<wfs:Delete typeName="${type}">${byId(rid)}</wfs:Delete>`;
    const url = `/rest/features/tx/${layerId}`;

    const failed = await rawCall(h, f.admin, 'POST', url, {
      xml: tx(insert(type, point('39 -105')) + update + remove('point.999999999')),
    });
    expect(failed.status).toBe(404);
    expect(await f.entries()).toEqual([]);
    const live = await h.db.selectFrom('features').select('id').where('layer_id', '=', layerId).execute();
    expect(live).toHaveLength(2);

    const res = await rawCall(h, f.admin, 'POST', url, {
      xml: tx(insert(type, point('39 -105')) + insert(type, point('39.1 -105')) + update + remove(doomed.id)),
    });
    expect(res.status, res.body).toBe(200);
    const rids = [...res.body.matchAll(/<fes:ResourceId rid="(point\.\d+)"\/>/g)].map((m) => m[1]);
    const at = (id: string): Drawn => ({ id, properties: existing.properties });
    expect(await f.entries()).toEqual([
      featureEntry('Add', at(rids[0]), f.admin, { vertices: 1, lengthM: 0 }),
      featureEntry('Add', at(rids[1]), f.admin),
      featureEntry('Edit', existing, f.admin),
      featureEntry('Delete', doomed, f.admin),
    ]);

    // Through a client key, the key's member is the actor.
    const key = (await call(h, f.admin, 'POST', '/rest/accounts/clientkey', { email: f.editor.email })).body.key;
    await f.entries(); // the key's own entry
    const keyed = await h.app.inject({
      method: 'POST',
      url: `/rest/projects/ogc/${f.project.id}/wfs?key=${key}`,
      headers: { 'content-type': 'application/xml' },
      payload: tx(insert(type, point('39.2 -105'))),
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    const rid = keyed.body.match(/rid="(point\.\d+)"/)![1];
    expect(await f.entries()).toEqual([featureEntry('Add', at(rid), f.editor)]);
  });
});

describe('activity log of forms administration', () => {
  it('logs form add, edits, grants and delete as category Form, with the project only for a grant', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const p = await project(h, admin.organizationId, 'North');
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    let since = await lastSeq(h);
    const entries = async () => {
      const all = await loggedSince(h, admin.organizationId, since);
      since = all.at(-1)?.seq ?? since;
      return all.map(({ type, category, message, projectId, actorEmail, artifact }) => ({
        type,
        category,
        message,
        projectId,
        actorEmail,
        artifact,
      }));
    };
    const entry = (type: string, message: string, projectId: string | null, artifact: object) => ({
      type,
      category: 'Form',
      message,
      projectId,
      actorEmail: admin.email,
      artifact,
    });
    expect((await send(h, viewer, 'POST', '/rest/forms', { dto: { name: 'X' }, html: HTML, js: JS })).status).toBe(403);
    const form = (await send(h, admin, 'POST', '/rest/forms', { dto: { name: 'Locate' }, html: HTML, js: JS })).body;
    expect((await send(h, admin, 'POST', '/rest/forms', { dto: { name: 'locate' }, html: HTML, js: JS })).status).toBe(
      409,
    );
    const named = { formId: form.id, name: 'Locate' };
    expect(await entries()).toEqual([entry('Add', "Form 'Locate' added", null, named)]);

    const granted = await call(h, admin, 'PUT', `/rest/forms/permission/add/${form.id}/${p.id}`);
    expect(granted.status).toBe(200);
    await call(h, admin, 'DELETE', `/rest/forms/permission/remove/${granted.body.id}`);
    expect(await entries()).toEqual([
      entry('Edit', "Form 'Locate' granted to project 'North'", p.id, { ...named, projectId: p.id }),
      entry('Edit', "Form 'Locate' withdrawn from project 'North'", p.id, { ...named, projectId: p.id }),
    ]);

    expect((await call(h, admin, 'PUT', `/rest/forms/details/${form.id}`, { name: 'Locate 2' })).status).toBe(200);
    expect(
      (await send(h, admin, 'PUT', `/rest/forms/${form.id}`, { dto: { name: 'Locate 3', permissions: [p.id] } }))
        .status,
    ).toBe(200);
    expect(await entries()).toEqual([
      entry('Edit', "Form 'Locate 2' edited", null, { formId: form.id, name: 'Locate 2' }),
      entry('Edit', "Form 'Locate 3' edited", null, {
        formId: form.id,
        name: 'Locate 3',
        granted: [p.id],
        withdrawn: [],
      }),
    ]);

    expect((await call(h, viewer, 'DELETE', `/rest/forms/${form.id}`)).status).toBe(403);
    expect((await call(h, admin, 'DELETE', `/rest/forms/${form.id}`)).status).toBe(204);
    expect(await entries()).toEqual([
      entry('Delete', "Form 'Locate 3' deleted", null, { formId: form.id, name: 'Locate 3' }),
    ]);
  });
});
