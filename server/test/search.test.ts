import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_DEFAULT_COLUMNS, type SearchHit, type SearchResponse } from '@fieldbook/domain';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { call, setOrgMask } from './feature-fixtures.js';
import { searchWorld, type SearchWorld } from './export-fixtures.js';

/**
 * The search service (issue #13) against the real database: the export fixtures' world (a point layer
 * with typed fields: nombre, cuenta, depth, ok, day; 20 points, a line and a polygon) and two
 * dictionary-classified lines plus a plain one in the line layer.
 */
let h: Harness;
let w: SearchWorld;
beforeAll(async () => {
  h = await harness();
  w = await searchWorld(h);
});

const org = () => w.admin.organizationId;
const search = async (body: object, who = w.admin) => {
  const res = await call(h, who, 'POST', `/search/features/${org()}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SearchResponse;
};
const values = (r: SearchResponse, field: string) => r.hits.hits.map((hit) => hit._source.properties[field]);

describe('search', () => {
  it('finds features by words of their values, across the project, as hits with typed values and a place', async () => {
    const r = await search({ search: 'ÁRBOL 中', projectId: w.project.id });
    // Odd points (10) and the line (21): every word, case-insensitive, the second as a prefix.
    expect(r.hits.total).toEqual({ value: 11, relation: 'eq' });
    // Without a sort, hits come in feature order (by number: 9 before 10).
    const fids = r.hits.hits.map((x) => x._source.ogc_fid);
    expect(fids).toEqual([...fids].sort((a, b) => a - b));
    const hit = r.hits.hits.find((x) => x._source.properties.cuenta === 1)!;
    expect(hit._source).toMatchObject({
      layerId: w.layerId,
      folderId: w.folder.id,
      projectId: w.project.id,
      geometryType: 'Point',
      properties: { nombre: 'árbol 中文', cuenta: 1, depth: 1.5, ok: false, day: '2024-03-02' },
    });
    expect(hit._id).toBe(`point.${hit._source.ogc_fid}`);
    expect(hit._source.location).toEqual({ lat: 39.5, lon: -104.99 });
    // A prefix of a word finds it; a word inside no value finds nothing; dictionary values and system names count.
    expect((await search({ search: 'niñ', layerId: w.layerId })).hits.total.value).toBe(11);
    expect((await search({ search: 'rbol', layerId: w.layerId })).hits.total.value).toBe(0);
    // Accents fold both ways: "arbol" finds "árbol", "Élec rio" finds the Electric line on "Río Verde".
    expect((await search({ search: 'arbol', layerId: w.layerId })).hits.total.value).toBe(11);
    const folded = await search({ search: 'Élec rio', projectId: w.project.id });
    expect(folded.hits.hits.map((x) => x._source.properties[w.attribute])).toEqual(['Río Verde']);
    expect((await search({ search: 'calle', projectId: w.project.id })).hits.total.value).toBe(2);
    const electric = await search({ search: 'electric verde', projectId: w.project.id });
    expect(electric.hits.hits.map((x) => x._source.properties[w.attribute])).toEqual(['Río Verde']);
    expect(electric.hits.hits[0]!._source.properties).toMatchObject({ system: 'Electric', component: 'Electric Line' });
  });

  it('pages and sorts one layer as its attribute table, counted exactly', async () => {
    const first = await search({ layerId: w.layerId, pageSize: 10, orderBy: 'cuenta', orderDirection: 'desc' });
    expect(first.hits.total).toEqual({ value: 22, relation: 'eq' });
    expect(values(first, 'cuenta')).toEqual([22, 21, 19, 18, 17, 16, 15, 14, 13, 12].sort((a, b) => b - a));
    const third = await search({
      layerId: w.layerId,
      pageSize: 10,
      page: 2,
      orderBy: 'cuenta',
      orderDirection: 'desc',
    });
    expect(values(third, 'cuenta')).toEqual([1, 0]);
    // The spec's header object sorts too; text sorts by its characters, ids break ties.
    const byName = await search({ layerId: w.layerId, orderBy: { field: 'nombre', title: 'Nombre' } });
    expect(values(byName, 'nombre').slice(0, 2)).toEqual(['Niño', 'Niño']);
    const unknown = await call(h, w.admin, 'POST', `/search/features/${org()}`, {
      layerId: w.layerId,
      orderBy: 'nope',
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'app.search.error.field.not-found']);
  });

  it('narrows by filter chips of each data type, a box and the quick filters', async () => {
    const count = async (filters: object[], extra: object = {}) =>
      (await search({ layerId: w.layerId, filters, ...extra })).hits.total.value;
    expect(await count([{ field: 'cuenta', operation: 'between', from: 5, to: 9 }])).toBe(5);
    expect(await count([{ field: 'depth', operation: 'gte', value: 20 }])).toBe(2);
    expect(await count([{ field: 'day', operation: 'lte', value: '2024-03-02', dataType: 'date' }])).toBe(6);
    expect(await count([{ field: 'ok', operation: 'eq', value: true }])).toBe(11);
    expect(await count([{ field: 'nombre', operation: 'like', value: 'ÁRB' }])).toBe(11);
    expect(await count([{ field: 'nombre', operation: 'ne', value: 'Niño' }], { search: '中文' })).toBe(11);
    const box = { type: 'bb', topLeft: { lat: 39.6, lon: -105.001 }, bottomRight: [-104.945, 39.4] };
    expect(await count([box, { field: 'cuenta', operation: 'gte', value: 2 }])).toBe(4);
    // Quick filters read the feature's attachment list (spec §3 File_List).
    await sql`UPDATE features SET metadata = ${JSON.stringify({ File_List: [{ File_ID: 'a', File: 'p.jpg', File_Type: 'Photo' }] })}::jsonb
      WHERE id = (SELECT min(id) FROM features WHERE layer_id = ${w.layerId})`.execute(h.db);
    expect(await count([], { hasPhotos: true })).toBe(1);
    expect(await count([], { hasForms: true })).toBe(0);
    // Rules of the spec: like is for text, between needs both ends.
    const refused = await call(h, w.admin, 'POST', `/search/features/${org()}`, {
      filters: [{ field: 'cuenta', operation: 'like', value: '1', dataType: 'number' }],
    });
    expect([refused.status, refused.body.message]).toEqual([400, 'app.search.error.invalid']);
  });

  it('counts matches per layer, aggregates field values and suggests values as one types', async () => {
    const counts = await call(h, w.admin, 'POST', '/search/features/agg/fields', {
      search: 'calle',
      projectId: w.project.id,
    });
    expect(counts.body._doc_count).toBe(2);
    expect(counts.body[w.lineLayer]).toEqual({ _doc_count: 2 });
    expect(counts.body[w.layerId]).toEqual({ _doc_count: 0 });

    const buckets = await call(h, w.admin, 'POST', `/search/features/agg/fieldvalues/${org()}?layerId=${w.layerId}`, {
      field: 'nombre',
      filters: [{ field: 'cuenta', operation: 'lte', value: 4 }],
    });
    expect(buckets.body.aggregations.values.buckets).toEqual([
      { key: 'Niño', doc_count: 3 },
      { key: 'árbol 中文', doc_count: 2 },
    ]);
    const numbers = await call(h, w.admin, 'POST', `/search/features/agg/fieldvalues/${org()}?layerId=${w.layerId}`, {
      field: 'ok',
    });
    expect(numbers.body.aggregations.values.buckets).toEqual([
      { key: false, doc_count: 11 },
      { key: true, doc_count: 11 },
    ]);

    const typed = await call(h, w.admin, 'POST', '/search/features/agg/suggestions', {
      search: 'verd',
      projectId: w.project.id,
    });
    expect(typed.body.suggestions.map((s: { text: string }) => s.text)).toEqual(['Río Verde']);
  });

  it("describes each layer's searchable columns with their types, registered attributes included", async () => {
    const line = w.component('Electric Line');
    const registered = await call(h, w.admin, 'POST', '/rest/component-attributes/search-index', {
      componentId: line.id,
      attributes: [{ name: 'Crew', typeId: 5 }],
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const res = await call(h, w.admin, 'GET', `/search/features/mappings/${org()}?projectId=${w.project.id}`);
    const points = res.body[w.layerId];
    expect(points.mappings.properties).toMatchObject({
      nombre: { type: 'text' },
      cuenta: { type: 'long' },
      depth: { type: 'double' },
      ok: { type: 'boolean' },
      day: { type: 'date' },
      created: { type: 'date' },
    });
    expect(points.fields.filter((f: { default: boolean }) => f.default)).toHaveLength(SEARCH_DEFAULT_COLUMNS);
    expect(res.body[w.lineLayer].fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['system', 'component', w.attribute, 'Crew']),
    );
    // A registered name is read from the feature's free properties.
    const found = await search({ layerId: w.lineLayer, filters: [{ field: 'note', operation: 'like', value: 'sin' }] });
    expect(found.hits.total.value).toBe(1);
  });

  it('never answers another organization or a layer the caller may not view', async () => {
    const stranger = await signedInAccount(h);
    const mine = await call(h, stranger, 'POST', `/search/features/${stranger.organizationId}`, { search: 'calle' });
    expect(mine.body.hits.total.value).toBe(0);
    for (const [method, url, body] of [
      ['POST', `/search/features/${org()}`, { search: 'calle' }],
      ['POST', `/search/features/${stranger.organizationId}`, { layerId: w.layerId }],
      ['GET', `/search/features/mappings/${stranger.organizationId}?layerId=${w.layerId}`, undefined],
      ['POST', `/search/features/agg/fieldvalues/${stranger.organizationId}?layerId=${w.layerId}`, { field: 'nombre' }],
    ] as const) {
      const r = await call(h, stranger, method, url, body);
      expect(r.status, url).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain('Calle');
    }
    const theirCounts = await call(h, stranger, 'POST', '/search/features/agg/fields', { search: 'calle' });
    expect(theirCounts.body).toEqual({ _doc_count: 0 });
    const theirSuggestions = await call(h, stranger, 'POST', '/search/features/agg/suggestions', { search: 'calle' });
    expect(theirSuggestions.body).toEqual({ suggestions: [] });

    // A viewer finds what the admin finds; with view taken away, nothing, and a named layer is not found.
    const viewer = await createMember(h, org(), 'viewer');
    expect((await search({ search: 'calle' }, viewer)).hits.total.value).toBe(2);
    await setOrgMask(h, viewer, '0000');
    expect((await search({ search: 'calle' }, viewer)).hits.total.value).toBe(0);
    const named = await call(h, viewer, 'POST', `/search/features/${org()}`, { layerId: w.lineLayer });
    expect(named.status).toBe(404);
  });

  it("keeps a feature's words current on every write, deletes included", async () => {
    const created = await call(h, w.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-104, 39] },
      properties: { layer_id: w.layerId, fieldValues: { nombre: 'Hidrante nuevo', cuenta: 99 } },
    });
    expect(created.status).toBe(201);
    const found = async (word: string) => (await search({ search: word, layerId: w.layerId })).hits.hits as SearchHit[];
    expect((await found('hidrante')).map((x) => x._source.properties.cuenta)).toEqual([99]);
    const edited = await call(h, w.admin, 'PUT', '/rest/features/points', {
      id: created.body.id,
      geometry: { type: 'Point', coordinates: [-104, 39] },
      properties: { layer_id: w.layerId, fieldValues: { nombre: 'Válvula' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await found('hidrante')).toEqual([]);
    expect(await found('válvula')).toHaveLength(1);
    expect((await call(h, w.admin, 'DELETE', `/rest/features/${created.body.id}`)).status).toBeLessThan(300);
    expect(await found('válvula')).toEqual([]);
  });

  it('filters a dictionary attribute by equality, free properties of its name too', async () => {
    const owner = (value: string) => ({
      layerId: w.lineLayer,
      filters: [{ field: w.attribute, operation: 'eq', value }],
    });
    expect(values(await search(owner('Río Verde')), w.attribute)).toEqual(['Río Verde']);
    expect((await search(owner('Río'))).hits.total.value).toBe(0);

    // A plain feature holding the name as a free property is found by it as well.
    const plain = await call(h, w.admin, 'POST', '/rest/features/lines', {
      geometry: {
        type: 'LineString',
        coordinates: [
          [-104.3, 39],
          [-104.2, 39.1],
        ],
      },
      properties: { layer_id: w.lineLayer, properties: { [w.attribute]: 'Río Verde' } },
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect((await search(owner('Río Verde'))).hits.total.value).toBe(2);
  });
});
