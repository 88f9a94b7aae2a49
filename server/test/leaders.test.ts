import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { call, field } from './feature-fixtures.js';

/** The APWA field with one point to anchor leaders at. */
async function leaderField(h: Harness) {
  const f = await field(h);
  const point = (
    await call(h, f.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-105, 39] },
      properties: { layer_id: f.layer('point') },
    })
  ).body;
  return { ...f, point };
}

const leader = (folderId: string, featureId: string, metadata: Record<string, unknown> = {}) => ({
  folderId,
  featureId,
  geometry: {
    type: 'LineString',
    coordinates: [
      [-105, 39],
      [-104.99, 39.01],
    ],
  },
  metadata: { text: 'Valve V-12\nclosed', color: '#ff8800', vertex: 0, symbol: 'FORWARD_CLOSED_ARROW', ...metadata },
});

describe('leaders', () => {
  it('creates the folder leader layer on demand, stores a MultiLineString with its metadata, lists, edits and deletes', async () => {
    const h = await harness();
    const f = await leaderField(h);
    const created = await call(h, f.admin, 'POST', '/rest/features/leaders', leader(f.folder.id, f.point.id));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^leader\.\d+$/),
      isLeader: true,
      geometry: { type: 'MultiLineString' },
    });
    expect(JSON.parse(created.body.properties.metadata)).toMatchObject({
      text: 'Valve V-12\nclosed',
      color: '#ff8800',
      symbol: 'FORWARD_CLOSED_ARROW',
      vertex: 0,
    });
    const second = await call(
      h,
      f.admin,
      'POST',
      '/rest/features/leaders',
      leader(f.folder.id, f.point.id, { symbol: 'CIRCLE' }),
    );
    expect(second.body.properties.layer_id).toBe(created.body.properties.layer_id);

    const project = (await call(h, f.admin, 'GET', `/rest/projects/${f.project.id}`)).body;
    const folder = project.folders.find((x: { id: string }) => x.id === f.folder.id);
    expect(folder.leadersEnabled).toBe(true);
    expect(folder.layers.filter((l: { serverName: string }) => l.serverName === 'leader')).toEqual([
      expect.objectContaining({ id: created.body.properties.layer_id, referenceId: 'leader' }),
    ]);

    const listed = await call(h, f.admin, 'GET', `/rest/features/leaders?projectId=${f.project.id}`);
    expect(listed.body.features.map((x: { id: string }) => x.id)).toEqual([created.body.id, second.body.id]);

    const edited = await call(h, f.admin, 'PUT', `/rest/features/leaders/${created.body.id}`, {
      ...leader(f.folder.id, f.point.id, { text: 'Valve V-13', color: '#0000FF' }),
      folderId: undefined,
    });
    expect(edited.status).toBe(200);
    expect(JSON.parse(edited.body.properties.metadata)).toMatchObject({ text: 'Valve V-13', color: '#0000FF' });
    expect((await call(h, f.admin, 'DELETE', `/rest/features/leaders/${created.body.id}`)).status).toBe(204);
    expect(
      (await call(h, f.admin, 'GET', `/rest/features/leaders?projectId=${f.project.id}`)).body.features,
    ).toHaveLength(1);
  });

  it.each([
    ['empty text', { text: '  ' }, 'app.leader.error.text.required'],
    ['text over 256', { text: 'x'.repeat(257) }, 'app.leader.error.text.too-long'],
    ['four rows', { text: 'a\nb\nc\nd' }, 'app.leader.error.text.rows'],
    ['a colour name', { color: 'orange' }, 'app.leader.error.color'],
    ['an unknown symbol', { symbol: 'STAR' }, 'app.leader.error.symbol'],
  ])('refuses %s', async (_label, metadata, message) => {
    const h = await harness();
    const f = await leaderField(h);
    const res = await call(h, f.admin, 'POST', '/rest/features/leaders', leader(f.folder.id, f.point.id, metadata));
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('needs edit-feature to edit and feature-admin to delete; viewers and other organizations are refused', async () => {
    const h = await harness();
    const f = await leaderField(h);
    const created = (await call(h, f.admin, 'POST', '/rest/features/leaders', leader(f.folder.id, f.point.id))).body;
    const collector = await createMember(h, f.admin.organizationId, 'dataCollector');
    await h.db
      .updateTable('permissions')
      .set({ bit_mask: '0111' })
      .where('account_id', '=', collector.accountId)
      .execute();
    const again = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: collector.email, password: collector.password },
    });
    const c = { ...collector, auth: { authorization: `Bearer ${again.json().idToken}` } };
    const body = {
      geometry: leader(f.folder.id, f.point.id).geometry,
      metadata: { ...leader(f.folder.id, f.point.id).metadata, text: 'by collector' },
    };
    expect((await call(h, c, 'PUT', `/rest/features/leaders/${created.id}`, body)).status).toBe(200);
    expect((await call(h, c, 'DELETE', `/rest/features/leaders/${created.id}`)).status).toBe(403);
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', '/rest/features/leaders', leader(f.folder.id, f.point.id))).status).toBe(403);
    expect((await call(h, viewer, 'PUT', `/rest/features/leaders/${created.id}`, body)).status).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'POST', '/rest/features/leaders', leader(f.folder.id, f.point.id))).status).toBe(
      404,
    );
    expect((await call(h, outsider, 'DELETE', `/rest/features/leaders/${created.id}`)).status).toBe(404);
    expect((await call(h, outsider, 'GET', `/rest/features/leaders?projectId=${f.project.id}`)).status).toBe(404);
    expect((await call(h, f.admin, 'PUT', `/rest/features/leaders/${f.point.id}`, body)).body.message).toBe(
      'app.leader.error.not-leader',
    );
  });

  it('keeps the anchor vertex within the vertices of the anchored feature (or of the leader without one)', async () => {
    const h = await harness();
    const f = await leaderField(h);
    expect(
      await call(h, f.admin, 'POST', '/rest/features/leaders', leader(f.folder.id, f.point.id, { vertex: 1 })),
    ).toMatchObject({ status: 400, body: { message: 'app.leader.error.vertex.range' } });
    const line = (
      await call(h, f.admin, 'POST', '/rest/features/lines', {
        geometry: {
          type: 'LineString',
          coordinates: [
            [-105, 39],
            [-104.9, 39.1],
            [-104.8, 39],
          ],
        },
        properties: { layer_id: f.layer('line') },
      })
    ).body;
    const created = await call(
      h,
      f.admin,
      'POST',
      '/rest/features/leaders',
      leader(f.folder.id, line.id, { vertex: 2 }),
    );
    expect(created.status).toBe(201);
    const edit = (vertex: number) =>
      call(h, f.admin, 'PUT', `/rest/features/leaders/${created.body.id}`, {
        geometry: leader(f.folder.id, line.id).geometry,
        metadata: { ...leader(f.folder.id, line.id).metadata, vertex },
      });
    // The edit body names no feature: the stored anchor (the three-vertex line) still counts.
    expect((await edit(3)).body.message).toBe('app.leader.error.vertex.range');
    expect(JSON.parse((await edit(1)).body.properties.metadata)).toMatchObject({ vertex: 1, featureId: line.id });
    const loose = {
      folderId: f.folder.id,
      geometry: leader(f.folder.id, line.id).geometry,
      metadata: { ...leader(f.folder.id, line.id).metadata, vertex: 2 },
    };
    expect((await call(h, f.admin, 'POST', '/rest/features/leaders', loose)).body.message).toBe(
      'app.leader.error.vertex.range',
    );
    expect(
      await h.db
        .selectFrom('features')
        .select('id')
        .where('kind', '=', 'leader')
        .where('project_id', '=', f.project.id)
        .execute(),
    ).toHaveLength(1);
  });
});
