import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertFeaturesBulk } from '../src/features/bulk-insert.js';
import { bumpLayerDataVersion } from '../src/ogc/data-version.js';
import { harness, type Harness } from './harness.js';
import { call } from './feature-fixtures.js';
import { signedInAccount, templateDictionaryId, type SignedIn } from './factories.js';

/**
 * `features.layer_id` has no foreign key (migration 017: imports load under layers created at the
 * end). A deleted layer takes its features out of service, also when its folder goes (they are kept,
 * soft-deleted, restorable with the layer: migration 024), and removes them when its project goes; a
 * write into a layer that is gone fails instead of leaving features behind.
 */

async function world(h: Harness, admin: SignedIn) {
  const dataDictionaryId = await templateDictionaryId(h);
  const project = (await call(h, admin, 'POST', '/rest/projects', { name: `Keys ${randomUUID()}`, dataDictionaryId }))
    .body as { id: string };
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'F' })).body as {
    id: string;
  };
  const layer = async (name: string) => {
    const created = await call(h, admin, 'POST', `/rest/projects/${project.id}/folders/${folder.id}/layers`, { name });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    await insertFeaturesBulk(
      h.db,
      { organizationId: admin.organizationId, projectId: project.id, layerId: id, dictionaryId: null, accountId: null },
      [1, 2, 3].map((i) => ({ kind: 'point' as const, geometry: { type: 'Point', coordinates: [i, i] } })),
    );
    return id;
  };
  return { project, folder, layer };
}

const countIn = async (h: Harness, layerIds: string[]) =>
  (await h.db.selectFrom('features').select('id').where('layer_id', 'in', layerIds).execute()).length;
const liveIn = async (h: Harness, layerIds: string[]) =>
  (
    await h.db
      .selectFrom('features')
      .select('id')
      .where('layer_id', 'in', layerIds)
      .where('deleted_at', 'is', null)
      .execute()
  ).length;

describe('the features of a layer', () => {
  it('go out of service with their layer or its folder (kept, deleted) and for good with their project; no other layer loses any', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const w = await world(h, admin);
    const [a, b] = [await w.layer('A'), await w.layer('B')];
    const base = `/rest/projects/${w.project.id}/folders/${w.folder.id}`;
    expect((await call(h, admin, 'DELETE', `${base}/layers/${a}`)).status).toBeLessThan(300);
    expect([await liveIn(h, [a]), await liveIn(h, [b]), await countIn(h, [a])]).toEqual([0, 3, 3]);
    expect((await call(h, admin, 'DELETE', base)).status).toBeLessThan(300);
    expect([await liveIn(h, [b]), await countIn(h, [b])]).toEqual([0, 3]);
    expect((await call(h, admin, 'DELETE', `/rest/projects/${w.project.id}`)).status).toBeLessThan(300);
    expect(await countIn(h, [a, b])).toBe(0);

    const other = await world(h, admin);
    const c = await other.layer('C');
    expect((await call(h, admin, 'DELETE', `/rest/projects/${other.project.id}`)).status).toBeLessThan(300);
    expect(await countIn(h, [c])).toBe(0);
  });

  it('cannot be written into a layer that no longer exists: the write fails with 404, nothing stays', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const w = await world(h, admin);
    const gone = randomUUID();
    const write = h.db.transaction().execute(async (trx) => {
      await insertFeaturesBulk(
        trx,
        {
          organizationId: admin.organizationId,
          projectId: w.project.id,
          layerId: gone,
          dictionaryId: null,
          accountId: null,
        },
        [{ kind: 'point', geometry: { type: 'Point', coordinates: [0, 0] } }],
      );
    });
    await expect(write).rejects.toMatchObject({ statusCode: 404 });
    expect(await countIn(h, [gone])).toBe(0);
    // A list of layers read earlier may be bumped leniently (the map-service reset does).
    await expect(bumpLayerDataVersion(h.db, [gone], { mustExist: false })).resolves.toBeUndefined();
  });
});
