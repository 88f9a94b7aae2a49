import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { call, field, setOrgMask } from './feature-fixtures.js';

/** The APWA field with helpers to draw unclassified lines and points. */
async function lineField(h: Harness) {
  const f = await field(h);
  const line = async (coordinates: number[][], layerId = f.layer('line')) =>
    (
      await call(h, f.admin, 'POST', '/rest/features/lines', {
        geometry: { type: 'LineString', coordinates },
        properties: { layer_id: layerId, properties: { note: 'copied' } },
      })
    ).body;
  const point = async (coordinates: number[]) =>
    (
      await call(h, f.admin, 'POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates },
        properties: { layer_id: f.layer('point') },
      })
    ).body;
  return { ...f, line, point };
}

const versions = (h: Harness, ogcFid: number) =>
  h.db
    .selectFrom('feature_versions')
    .select('action')
    .where('feature_id', '=', String(ogcFid))
    .orderBy('id')
    .execute()
    .then((r) => r.map((v) => v.action));

describe('line functions', () => {
  it('removes a vertex, keeping at least two, with a version row', async () => {
    const h = await harness();
    const f = await lineField(h);
    const line = await f.line([
      [-105, 39],
      [-104.9, 39.1],
      [-104.8, 39],
    ]);
    const removed = await call(h, f.admin, 'PUT', `/rest/features/fn/line/removevertex/collected/${line.id}/1`);
    expect(removed.status).toBe(200);
    expect(removed.body.geometry).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [-105, 39],
          [-104.8, 39],
        ],
      ],
    });
    expect(await versions(h, line.properties.ogc_fid)).toEqual(['Add', 'Edit']);
    expect(
      (await call(h, f.admin, 'PUT', `/rest/features/fn/line/removevertex/collected/${line.id}/0`)).body.message,
    ).toBe('app.line.error.too-few-vertices');
    expect(
      (await call(h, f.admin, 'PUT', `/rest/features/fn/line/removevertex/collected/${line.id}/7`)).body.message,
    ).toBe('app.line.error.vertex');
    const point = await f.point([-105, 39]);
    expect(
      (await call(h, f.admin, 'PUT', `/rest/features/fn/line/removevertex/collected/${point.id}/0`)).body.message,
    ).toBe('app.line.error.not-line');
  });

  it('splits a line at an inner vertex into two lines that keep the properties', async () => {
    const h = await harness();
    const f = await lineField(h);
    const line = await f.line([
      [-105, 39],
      [-104.9, 39.1],
      [-104.8, 39],
    ]);
    expect((await call(h, f.admin, 'POST', `/rest/features/fn/line/split/${line.id}/0`)).body.message).toBe(
      'app.line.error.vertex',
    );
    const split = await call(h, f.admin, 'POST', `/rest/features/fn/line/split/${line.id}/1`);
    expect(split.status).toBe(201);
    const [a, b] = split.body.features;
    expect(a.id).toBe(line.id);
    expect(a.geometry.coordinates).toEqual([
      [
        [-105, 39],
        [-104.9, 39.1],
      ],
    ]);
    expect(b.geometry.coordinates).toEqual([
      [
        [-104.9, 39.1],
        [-104.8, 39],
      ],
    ]);
    expect(b.properties).toMatchObject({ layer_id: f.layer('line'), note: 'copied' });
    expect(await versions(h, b.properties.ogc_fid)).toEqual(['Add']);
  });

  it('joins two lines of one layer and classification; the second is removed', async () => {
    const h = await harness();
    const f = await lineField(h);
    const first = await f.line([
      [-105, 39],
      [-104.9, 39],
    ]);
    // Drawn the other way round: it is turned so the joined line runs on from the first's end.
    const second = await f.line([
      [-104.8, 39],
      [-104.9, 39],
    ]);
    expect((await call(h, f.admin, 'POST', `/rest/features/fn/line/join/${first.id}/${first.id}`)).body.message).toBe(
      'app.line.join.error.same',
    );
    const joined = await call(h, f.admin, 'POST', `/rest/features/fn/line/join/${first.id}/${second.id}`);
    expect(joined.status).toBe(200);
    expect(joined.body.geometry.coordinates).toEqual([
      [
        [-105, 39],
        [-104.9, 39],
        [-104.8, 39],
      ],
    ]);
    expect((await call(h, f.admin, 'GET', `/rest/features/${second.id}`)).status).toBe(404);
    expect(await versions(h, second.properties.ogc_fid)).toEqual(['Add', 'Delete']);

    const elsewhere = await call(h, f.admin, 'POST', `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers`, {
      name: 'Other lines',
    });
    const other = await f.line(
      [
        [-104, 39],
        [-103.9, 39],
      ],
      elsewhere.body.id,
    );
    expect((await call(h, f.admin, 'POST', `/rest/features/fn/line/join/${first.id}/${other.id}`)).body.message).toBe(
      'app.line.join.select.error',
    );
  });

  it('joins two or more points of one classification into a line of the same folder', async () => {
    const h = await harness();
    const f = await lineField(h);
    const p = [await f.point([-105, 39]), await f.point([-104.9, 39.1]), await f.point([-104.8, 39])];
    const body = (ids: string[], layerId = f.layer('line')) => ({ featureIds: ids, layerId });
    const one = await call(h, f.admin, 'POST', '/rest/features/fn/line/join/points', body([p[0].id, p[0].id]));
    expect(one.body.message).toBe('app.line.create.from.points.error.0');
    expect(
      (
        await call(
          h,
          f.admin,
          'POST',
          '/rest/features/fn/line/join/points',
          body([p[0].id, p[1].id], f.layer('polygon')),
        )
      ).body.message,
    ).toBe('app.line.create.from.points.error.layer');
    const made = await call(
      h,
      f.admin,
      'POST',
      '/rest/features/fn/line/join/points',
      body([p[2].id, p[0].id, p[1].id]),
    );
    expect(made.status).toBe(201);
    expect(made.body.id).toMatch(/^line\./);
    expect(made.body.geometry).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [-104.8, 39],
          [-105, 39],
          [-104.9, 39.1],
        ],
      ],
    });
    const line = await f.line([
      [-105, 39],
      [-104.9, 39],
    ]);
    expect(
      (await call(h, f.admin, 'POST', '/rest/features/fn/line/join/points', body([p[0].id, line.id]))).body.message,
    ).toBe('app.line.create.from.points.error.2');
  });

  it('needs the lineFunctions flag, edit rights and a writable layer; other organizations see nothing', async () => {
    const h = await harness();
    const f = await lineField(h);
    const line = await f.line([
      [-105, 39],
      [-104.9, 39.1],
      [-104.8, 39],
    ]);
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', `/rest/features/fn/line/split/${line.id}/1`)).status).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'PUT', `/rest/features/fn/line/removevertex/collected/${line.id}/1`)).status).toBe(
      404,
    );
    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', f.layer('line')).execute();
    expect((await call(h, f.admin, 'POST', `/rest/features/fn/line/split/${line.id}/1`)).body.message).toBe(
      'app.layer.error.read-only',
    );
    await h.db.updateTable('layers').set({ read_only: false }).where('id', '=', f.layer('line')).execute();
    const org = await h.db
      .selectFrom('organizations')
      .select('functionality_flags')
      .where('id', '=', f.admin.organizationId)
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('organizations')
      .set({ functionality_flags: JSON.stringify({ ...(org.functionality_flags as object), lineFunctions: false }) })
      .where('id', '=', f.admin.organizationId)
      .execute();
    const refused = await call(h, f.admin, 'POST', `/rest/features/fn/line/split/${line.id}/1`);
    expect(refused).toMatchObject({ status: 403, body: { message: 'app.line.functions.disabled' } });
    expect((await call(h, f.admin, 'GET', `/rest/features/${line.id}`)).body.geometry.coordinates[0]).toHaveLength(3);
  });

  it('leaves joining two lines to feature admins, since the join removes the second line', async () => {
    const h = await harness();
    const f = await lineField(h);
    const first = await f.line([
      [-105, 39],
      [-104.9, 39],
      [-104.85, 39],
    ]);
    const second = await f.line([
      [-104.8, 39],
      [-104.7, 39],
    ]);
    const editor = await createMember(h, f.admin.organizationId, 'editor');
    await setOrgMask(h, editor, '0111');
    expect((await call(h, editor, 'POST', `/rest/features/fn/line/join/${first.id}/${second.id}`)).status).toBe(403);
    expect((await call(h, f.admin, 'GET', `/rest/features/${second.id}`)).status).toBe(200);
    expect(await versions(h, first.properties.ogc_fid)).toEqual(['Add']);
    // Editing one line stays with edit rights.
    expect((await call(h, editor, 'PUT', `/rest/features/fn/line/removevertex/collected/${first.id}/1`)).status).toBe(
      200,
    );
  });
});
