import { beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { call } from './feature-fixtures.js';
import { searchWorld, type SearchWorld } from './export-fixtures.js';
import { insertFeaturesBulk } from '../src/features/bulk-insert.js';

/**
 * A whole layer's field-value aggregation reads the value counts that every feature write keeps
 * (migration 020); a narrowed one counts the matching features. These tests hold the two to the same
 * answer through creates, edits, deletes, restores, moves and a layer's deletion.
 */
let h: Harness;
let w: SearchWorld;
beforeAll(async () => {
  h = await harness();
  w = await searchWorld(h);
});

type Bucket = { key: unknown; doc_count: number };
const targetOf = (layerId: string) => ({
  organizationId: w.admin.organizationId,
  projectId: w.project.id,
  layerId,
  dictionaryId: w.dictionary.id,
  accountId: w.admin.accountId,
});
const WHOLE_WORLD = { type: 'bb', topLeft: { lat: 90, lon: -180 }, bottomRight: { lat: -90, lon: 180 } };

/** A field's buckets over the whole layer (from the kept counts). */
const whole = async (layerId: string, field: string, extra: object = {}): Promise<Bucket[]> => {
  const res = await call(
    h,
    w.admin,
    'POST',
    `/search/features/agg/fieldvalues/${w.admin.organizationId}?layerId=${layerId}`,
    {
      field,
      size: 50,
      ...extra,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.aggregations.values.buckets;
};
/** The same buckets counted from the features (a box over the whole world narrows nothing away). */
const scanned = (layerId: string, field: string, extra: object = {}) =>
  whole(layerId, field, { ...extra, filters: [WHOLE_WORLD] });

const expectSameAsScan = async (layerId: string, fields: string[]) => {
  for (const field of fields) expect(await whole(layerId, field), field).toEqual(await scanned(layerId, field));
};

describe('field values over a whole layer', () => {
  it('are the counts of its features for typed fields, dictionary attributes, systems and components', async () => {
    expect(await whole(w.layerId, 'ok')).toEqual([
      { key: false, doc_count: 11 },
      { key: true, doc_count: 11 },
    ]);
    expect(await whole(w.lineLayer, w.attribute)).toEqual([
      { key: 'Calle Mayor', doc_count: 1 },
      { key: 'Río Verde', doc_count: 1 },
    ]);
    expect(await whole(w.lineLayer, 'system')).toEqual([{ key: 'Electric', doc_count: 2 }]);
    expect(await whole(w.lineLayer, 'component')).toEqual([{ key: 'Electric Line', doc_count: 2 }]);
    expect(await whole(w.layerId, 'nombre', { prefix: 'NI' })).toEqual([{ key: 'Niño', doc_count: 11 }]);
    // The counts the triggers keep are those buckets.
    const kept = await h.db
      .selectFrom('layer_value_counts')
      .select(['value', 'n'])
      .where('layer_id', '=', w.layerId)
      .where('source', '=', 'f')
      .where('key', '=', 'ok')
      .orderBy('value')
      .execute();
    expect(kept.map((r) => [r.value, Number(r.n)])).toEqual([
      ['false', 11],
      ['true', 11],
    ]);
    await expectSameAsScan(w.layerId, ['nombre', 'cuenta', 'depth', 'ok', 'day']);
    await expectSameAsScan(w.lineLayer, [w.attribute, 'system', 'component']);
  });

  it('stay exact through creates, edits, deletes, restores and moves by any path', async () => {
    const created = await call(h, w.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-104, 39] },
      properties: { layer_id: w.layerId, fieldValues: { nombre: 'Hidrante', ok: true } },
    });
    expect(created.status).toBe(201);
    expect((await whole(w.layerId, 'nombre'))[2]).toEqual({ key: 'Hidrante', doc_count: 1 });
    const edited = await call(h, w.admin, 'PUT', '/rest/features/points', {
      id: created.body.id,
      geometry: { type: 'Point', coordinates: [-104, 39] },
      properties: { layer_id: w.layerId, fieldValues: { nombre: 'Niño', ok: true } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await whole(w.layerId, 'nombre')).toEqual([
      { key: 'Niño', doc_count: 12 },
      { key: 'árbol 中文', doc_count: 11 },
    ]);
    expect((await call(h, w.admin, 'DELETE', `/rest/features/${created.body.id}`)).status).toBeLessThan(300);
    expect((await whole(w.layerId, 'nombre'))[0]).toEqual({ key: 'Niño', doc_count: 11 });

    // Straight SQL writes count too: a restore, and a feature moved to the line layer.
    const id = Number(String(created.body.id).split('.')[1]);
    await h.db.updateTable('features').set({ deleted_at: null }).where('id', '=', String(id)).execute();
    expect((await whole(w.layerId, 'ok'))[0]).toEqual({ key: true, doc_count: 12 });
    await h.db.updateTable('features').set({ layer_id: w.lineLayer }).where('id', '=', String(id)).execute();
    expect((await whole(w.layerId, 'ok'))[1]).toEqual({ key: true, doc_count: 11 });
    await expectSameAsScan(w.layerId, ['nombre', 'ok']);
    await expectSameAsScan(w.lineLayer, [w.attribute, 'system']);
  });

  it('count a free property where a feature lacks the dictionary attribute of that name', async () => {
    // A plain line carrying the attribute's name as a free property: the search reads it there.
    await insertFeaturesBulk(h.db, { ...targetOf(w.lineLayer), dictionaryId: null }, [
      {
        kind: 'line',
        geometry: {
          type: 'LineString',
          coordinates: [
            [-104.2, 39],
            [-104.1, 39.1],
          ],
        },
        properties: { [w.attribute]: 'Río Verde' },
      },
    ]);
    expect(await whole(w.lineLayer, w.attribute)).toEqual([
      { key: 'Río Verde', doc_count: 2 },
      { key: 'Calle Mayor', doc_count: 1 },
    ]);
  });

  it('count a column of more distinct values than are kept (ids) from its features, the others still kept', async () => {
    const layer = await call(h, w.admin, 'POST', `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers`, {
      name: 'Survey shots',
      type: 'VECTOR',
    });
    expect(layer.status, JSON.stringify(layer.body)).toBe(201);
    const fields = [
      { name: 'ident', type: 'integer', order: 0 },
      { name: 'code', type: 'text', order: 1 },
    ];
    await h.db
      .updateTable('layers')
      .set({ fields: JSON.stringify(fields) })
      .where('id', '=', layer.body.id)
      .execute();
    const target = { ...targetOf(layer.body.id), dictionaryId: null };
    // Two statements: the column passes 10,000 distinct values in the second.
    for (const [from, to] of [
      [0, 6000],
      [6000, 10_050],
    ])
      await insertFeaturesBulk(
        h.db,
        target,
        Array.from({ length: to - from }, (_, i) => ({
          kind: 'point' as const,
          geometry: { type: 'Point', coordinates: [-104 + (from + i) / 1e5, 39] },
          fieldValues: { ident: from + i, code: ['CP', 'BM', 'TP'][(from + i) % 3]! },
        })),
      );
    expect(await whole(layer.body.id, 'code')).toEqual([
      { key: 'BM', doc_count: 3350 },
      { key: 'CP', doc_count: 3350 },
      { key: 'TP', doc_count: 3350 },
    ]);
    const idents = await whole(layer.body.id, 'ident', { size: 3 });
    expect(idents).toEqual([
      { key: 0, doc_count: 1 },
      { key: 1, doc_count: 1 },
      { key: 10, doc_count: 1 },
    ]);
    const kept = await h.db
      .selectFrom('layer_value_counts')
      .select('key')
      .where('layer_id', '=', layer.body.id)
      .execute();
    expect(new Set(kept.map((r) => r.key))).toEqual(new Set(['code']));
  });

  it('leave no counts behind when a layer is deleted with its features', async () => {
    const layer = await call(h, w.admin, 'POST', `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers`, {
      name: 'Scratch',
      type: 'VECTOR',
    });
    expect(layer.status, JSON.stringify(layer.body)).toBe(201);
    await insertFeaturesBulk(h.db, { ...targetOf(layer.body.id), dictionaryId: null }, [
      { kind: 'point', geometry: { type: 'Point', coordinates: [-104, 39] }, properties: { tag: 'x' } },
    ]);
    const counts = () =>
      h.db.selectFrom('layer_value_counts').selectAll().where('layer_id', '=', layer.body.id).execute();
    expect(await counts()).toHaveLength(1);
    const gone = await call(
      h,
      w.admin,
      'DELETE',
      `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${layer.body.id}`,
    );
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    expect(await counts()).toEqual([]);
  });
});
