import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember } from './factories.js';
import { call, field, setOrgMask, value } from './feature-fixtures.js';

const at = (lng: number, lat: number) => ({ type: 'Point', coordinates: [lng, lat] });
const count = async (h: Harness, projectId: string) =>
  (await h.db.selectFrom('features').select('id').where('project_id', '=', projectId).execute()).length;

/** The APWA field with one classified transformer point. */
async function withTransformer(h: Harness) {
  const f = await field(h);
  const transformer = f.component('Transformer');
  const classification = {
    dictionary_id: f.dictionary.id,
    component_id: transformer.id,
    attributes: [value(transformer, 'Locate Status', 'Marked')],
  };
  const created = (
    await call(h, f.admin, 'POST', '/rest/features', {
      geometry: at(-105, 39),
      properties: { layer_id: f.layer('point'), ...classification },
    })
  ).body;
  return { ...f, transformer, created };
}

describe('feature layers', () => {
  it('draws only into vector layers that fit: the drawing layer of the kind or a generic one; never leader, form, raster or inactive layers', async () => {
    const h = await harness();
    const f = await field(h);
    const layer = async (name: string, extra: Record<string, unknown>) =>
      (
        await h.db
          .insertInto('layers')
          .values({
            project_id: f.project.id,
            folder_id: f.folder.id,
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
    const draw = (layerId: string, geometry: object = at(-105, 39)) =>
      call(h, f.admin, 'POST', '/rest/features', { geometry, properties: { layer_id: layerId } });
    expect(
      (
        await call(h, f.admin, 'POST', '/rest/features/points', {
          geometry: at(-105, 39),
          properties: { layer_id: f.layer('line') },
        })
      ).body.message,
    ).toBe('app.feature.error.geometry-type');
    expect(
      (
        await draw(f.layer('point'), {
          type: 'LineString',
          coordinates: [
            [-105, 39],
            [-104, 40],
          ],
        })
      ).body.message,
    ).toBe('app.feature.error.geometry-type');
    expect((await draw(await layer('Leaders', { server_name: 'leader', reference_id: 'leader' }))).body.message).toBe(
      'app.feature.error.layer',
    );
    expect(
      (await draw(await layer('Form', { server_name: 'htmlform_feature', reference_id: f.project.id }))).body.message,
    ).toBe('app.feature.error.layer');
    expect((await draw(await layer('Imagery', { type: 'RASTER' }))).body.message).toBe('app.feature.error.layer');
    expect((await draw(await layer('Off', { is_active: false }))).body.message).toBe(
      'app.feature.error.layer-inactive',
    );
    expect(await count(h, f.project.id)).toBe(0);
    const generic = await draw(await layer('Imported', {}), {
      type: 'LineString',
      coordinates: [
        [-105, 39],
        [-104, 40],
      ],
    });
    expect(generic).toMatchObject({ status: 201, body: { id: expect.stringMatching(/^line\.\d+$/) } });
  });
});

describe('feature values', () => {
  it('checks Int, Hyperlink and free-text values (attributes and properties up to 256), writing nothing on error', async () => {
    const h = await harness();
    const f = await field(h, 'asset-inventory');
    const light = f.component('Street Light');
    const draw = (values: Array<[string, string]>, properties: Record<string, string> = {}) =>
      call(h, f.admin, 'POST', '/rest/features/points', {
        geometry: at(-105, 39),
        properties: {
          layer_id: f.layer('point'),
          component_id: light.id,
          properties,
          attributes: [['Asset ID', 'SL-1'], ['Condition', 'Good'], ...values].map(([n, v]) => value(light, n, v)),
        },
      });
    expect((await draw([['Wattage', '12.5']])).body.message).toBe('app.feature.error.bad-value');
    expect((await draw([['Wattage', 'bright']])).body.message).toBe('app.feature.error.bad-value');
    expect((await draw([['Photo Link', 'not a link']])).body.message).toBe('app.feature.error.bad-hyperlink');
    expect((await draw([['Asset ID', 'x'.repeat(257)]])).body.message).toBe('app.feature.error.text-too-long');
    expect(await draw([], { note: 'x'.repeat(257) })).toMatchObject({
      status: 400,
      body: { message: 'app.feature.error.text-too-long' },
    });
    expect(await count(h, f.project.id)).toBe(0);
    const ok = await draw(
      [
        ['Wattage', '150'],
        ['Photo Link', 'https://example.test/p.jpg'],
        ['Asset ID', 'x'.repeat(256)],
      ],
      { note: 'n'.repeat(256) },
    );
    expect(ok.status).toBe(201);
    expect(
      JSON.parse(ok.body.properties.attributes).find((a: { attributeType: string }) => a.attributeType === 'Int')
        .attributeValue,
    ).toBe('150');
  });
});

describe('feature dictionaries', () => {
  it("refuses a component of another dictionary, and edits of a feature classified by a dictionary other than the project's", async () => {
    const h = await harness();
    const f = await withTransformer(h);
    const template = await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('template_key', '=', 'apwa-utility-locating')
      .executeTakeFirstOrThrow();
    const other = (await call(h, f.admin, 'POST', `/rest/dictionaries/copy/${template.id}`, { name: 'Other' })).body;
    const foreign = other.systems
      .flatMap((s: { components: Array<{ id: string; alias: string; attributes: [] }> }) => s.components)
      .find((c: { alias: string }) => c.alias === 'Transformer');
    const drawn = await call(h, f.admin, 'POST', '/rest/features/points', {
      geometry: at(-105, 39),
      properties: {
        layer_id: f.layer('point'),
        component_id: foreign.id,
        attributes: [value(foreign, 'Locate Status', 'Marked')],
      },
    });
    expect(drawn).toMatchObject({ status: 400, body: { message: 'app.feature.error.dictionary' } });
    expect(await count(h, f.project.id)).toBe(1);

    const fid = f.created.properties.ogc_fid;
    await h.db.updateTable('features').set({ dictionary_id: other.id }).where('id', '=', String(fid)).execute();
    expect((await call(h, f.admin, 'GET', `/rest/features/${f.created.id}`)).body.abilities).toEqual({
      edit: false,
      admin: true,
    });
    const edit = await call(h, f.admin, 'PUT', '/rest/features/points', {
      id: f.created.id,
      geometry: at(-104, 38),
      properties: { layer_id: f.layer('point') },
    });
    expect(edit).toMatchObject({ status: 400, body: { message: 'app.feature.error.dictionary' } });
    expect((await call(h, f.admin, 'GET', `/rest/features/${f.created.id}`)).body.geometry.coordinates).toEqual([
      -105, 39,
    ]);
  });
});

describe('feature edits', () => {
  it('keeps the classification on a generic PUT without component_id, checks attributes against it, and clears it only with null', async () => {
    const h = await harness();
    const f = await withTransformer(h);
    const put = (properties: Record<string, unknown>) =>
      call(h, f.admin, 'PUT', '/rest/features', {
        id: f.created.id,
        geometry: at(-104.5, 39.5),
        properties: { layer_id: f.layer('point'), ...properties },
      });
    const moved = await put({});
    expect(moved.body.geometry.coordinates).toEqual([-104.5, 39.5]);
    expect(moved.body.properties).toMatchObject({
      component_id: f.transformer.id,
      dictionary_id: f.dictionary.id,
      attributes: f.created.properties.attributes,
    });
    expect((await put({ attributes: [value(f.transformer, 'Locate Status', 'Maybe')] })).body.message).toBe(
      'app.feature.error.bad-value',
    );
    const relabelled = await put({ attributes: [value(f.transformer, 'Locate Status', 'Conflict')] });
    expect(relabelled.body.properties.component_id).toBe(f.transformer.id);
    expect(
      JSON.parse(relabelled.body.properties.attributes).map((a: { attributeValue: string | null }) => a.attributeValue),
    ).toContain('Conflict');
    expect((await put({ component_id: null })).body.properties).toMatchObject({
      component_id: null,
      dictionary_id: null,
      attributes: '[]',
    });
    const versions = await h.db
      .selectFrom('feature_versions')
      .select('action')
      .where('feature_id', '=', String(f.created.properties.ogc_fid))
      .execute();
    expect(versions.map((v) => v.action)).toEqual(['Add', 'Edit', 'Edit', 'Edit']);
  });

  it("refuses PUT and DELETE on read-only layers, and a collector's edit where the mask gives no edit", async () => {
    const h = await harness();
    const f = await withTransformer(h);
    const body = { id: f.created.id, geometry: at(-104, 38), properties: { layer_id: f.layer('point') } };
    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', f.layer('point')).execute();
    expect(await call(h, f.admin, 'PUT', '/rest/features/points', body)).toMatchObject({
      status: 403,
      body: { message: 'app.layer.error.read-only' },
    });
    expect(await call(h, f.admin, 'DELETE', `/rest/features/points/${f.created.properties.ogc_fid}`)).toMatchObject({
      status: 403,
      body: { message: 'app.layer.error.read-only' },
    });
    await h.db.updateTable('layers').set({ read_only: false }).where('id', '=', f.layer('point')).execute();
    const collector = await createMember(h, f.admin.organizationId, 'dataCollector');
    await setOrgMask(h, collector, '0011');
    expect((await call(h, collector, 'PUT', '/rest/features', body)).status).toBe(403);
    expect((await call(h, f.admin, 'GET', `/rest/features/${f.created.id}`)).body.geometry.coordinates).toEqual([
      -105, 39,
    ]);
    await setOrgMask(h, collector, '0111');
    expect((await call(h, collector, 'PUT', '/rest/features', body)).body.geometry.coordinates).toEqual([-104, 38]);
    expect((await call(h, collector, 'DELETE', `/rest/features/${f.created.id}`)).status).toBe(403);
  });
});
