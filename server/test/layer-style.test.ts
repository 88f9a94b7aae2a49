import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { field } from './feature-fixtures.js';
import { DEFAULT_BLUE, pixels, rawCall as call, rgba, tileAround } from './map-images.js';

describe('layer style (GET and PUT /rest/styles/geo/layer/{layerId}/style)', () => {
  it('draws an unclassified layer with a system colour, then a component styling, changing the tile at once', async () => {
    const h = await harness();
    const f = await field(h);
    const layerId = f.layer('point');
    expect(
      (
        await call(h, f.admin, 'POST', '/rest/features/points', {
          geometry: { type: 'Point', coordinates: [-105, 39.5] },
          properties: { layer_id: layerId },
        })
      ).status,
    ).toBe(201);
    const tile = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers/${layerId}/geo/wms?REQUEST=GetMap&LAYERS=${layerId}&FORMAT=image/png&TRANSPARENT=true&TILED=true&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&BBOX=${tileAround(-105, 39.5)}`;
    const before = await call(h, f.admin, 'GET', tile);
    expect((await pixels(before.raw))(128, 128)).toEqual(DEFAULT_BLUE);

    const url = `/rest/styles/geo/layer/${layerId}/style`;
    expect((await call(h, f.admin, 'GET', url)).json()).toEqual({
      layer_id: layerId,
      dictionary_id: null,
      system_id: null,
      component_id: null,
      st_geometrytype: 'ST_Point',
    });
    const bySystem = await call(h, f.admin, 'PUT', url, { dictionaryId: f.dictionary.id, systemId: f.electric.id });
    expect(bySystem.status, bySystem.body).toBe(200);
    expect(bySystem.json()).toEqual({
      layer_id: layerId,
      dictionary_id: f.dictionary.id,
      system_id: f.electric.id,
      component_id: null,
      st_geometrytype: 'ST_Point',
    });
    const red = await call(h, f.admin, 'GET', tile);
    expect(red.etag).not.toBe(before.etag);
    expect((await pixels(red.raw))(128, 128)).toEqual(rgba('#ff0000'));

    const transformer = f.component('Transformer');
    await h.db
      .updateTable('components')
      .set({
        component_styling: true,
        style: JSON.stringify({
          strokeColor: '#000000',
          strokeOpacity: 1,
          strokeWidth: 1,
          fillColor: '#00c853',
          fillOpacity: 1,
          size: 10,
        }),
      })
      .where('id', '=', transformer.id)
      .execute();
    await h.db.updateTable('dictionaries').set({ updated_at: new Date() }).where('id', '=', f.dictionary.id).execute();
    const byComponent = await call(h, f.admin, 'PUT', url, {
      dictionaryId: f.dictionary.id,
      systemId: f.electric.id,
      componentId: transformer.id,
    });
    expect(byComponent.json()).toMatchObject({
      system_id: f.electric.id,
      component_id: transformer.id,
      st_geometrytype: 'ST_Point',
    });
    expect((await call(h, f.admin, 'GET', url)).json()).toEqual(byComponent.json());
    expect((await pixels((await call(h, f.admin, 'GET', tile)).raw))(128, 128)).toEqual(rgba('#00c853'));
  });

  it('refuses a component of another geometry, a system of another dictionary, viewers and other organizations', async () => {
    const h = await harness();
    const f = await field(h);
    const url = `/rest/styles/geo/layer/${f.layer('point')}/style`;
    const line = await call(h, f.admin, 'PUT', url, {
      dictionaryId: f.dictionary.id,
      systemId: f.electric.id,
      componentId: f.component('Electric Line').id,
    });
    expect(line.status).toBe(400);
    expect(line.json().message).toBe('app.layer.style.error.component-type');
    const lineLayer = await call(h, f.admin, 'PUT', `/rest/styles/geo/layer/${f.layer('line')}/style`, {
      dictionaryId: f.dictionary.id,
      systemId: f.electric.id,
      componentId: f.component('Electric Line').id,
    });
    expect(lineLayer.json().st_geometrytype).toBe('ST_MultiLineString');

    const template = await h.db
      .selectFrom('systems')
      .innerJoin('dictionaries', 'dictionaries.id', 'systems.dictionary_id')
      .select(['systems.id', 'systems.dictionary_id'])
      .where('dictionaries.template_key', '=', 'asset-inventory')
      .executeTakeFirstOrThrow();
    expect(
      (await call(h, f.admin, 'PUT', url, { dictionaryId: template.dictionary_id, systemId: template.id })).json()
        .message,
    ).toBe('app.layer.style.error.dictionary');
    expect((await call(h, f.admin, 'PUT', url, { dictionaryId: f.dictionary.id, systemId: template.id })).status).toBe(
      400,
    );
    const otherSystem = f.dictionary.systems.find((s: { name: string }) => s.name !== 'Electric');
    const mismatched = await call(h, f.admin, 'PUT', url, {
      dictionaryId: f.dictionary.id,
      systemId: otherSystem.id,
      componentId: f.component('Transformer').id,
    });
    expect(mismatched.json().message).toBe('app.layer.style.error.dictionary');

    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'GET', url)).status).toBe(200);
    expect((await call(h, viewer, 'PUT', url, { dictionaryId: f.dictionary.id, systemId: f.electric.id })).status).toBe(
      403,
    );
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', url)).status).toBe(404);
    expect(
      (await call(h, outsider, 'PUT', url, { dictionaryId: f.dictionary.id, systemId: f.electric.id })).status,
    ).toBe(404);
    expect((await call(h, null, 'GET', url)).status).toBe(401);
    expect(
      await h.db
        .selectFrom('layer_dictionary_styles')
        .select('layer_id')
        .where('layer_id', '=', f.layer('point'))
        .execute(),
    ).toHaveLength(0);
  });
});
