import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { signedInAccount, templateDictionaryId } from './factories.js';
import { DEFAULT_BLUE, pixels, rawCall as call } from './map-images.js';
import { tileBounds } from '../src/ogc/wmts-routes.js';

/** Tile column/row of a point at a zoom (GoogleMapsCompatible), and the pixel it falls on. */
function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const fx = ((lng + 180) / 360) * n;
  const r = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  return { x: Math.floor(fx), y: Math.floor(fy), px: Math.floor((fx % 1) * 256), py: Math.floor((fy % 1) * 256) };
}

describe('WMTS tiles (.../geo/wmts/{z}/{x}/{y})', () => {
  it('serves the layer as 256 px PNG tiles of the EPSG:3857 grid through the WMS-TILE cache, with ETag and 304', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const template = { id: await templateDictionaryId(h) };
    const project = (
      await call(h, admin, 'POST', '/rest/projects', { name: 'WMTS', dataDictionaryId: template.id })
    ).json();
    const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).json();
    const points = folder.layers.find((l: { serverName: string }) => l.serverName === 'point').id;
    expect(
      (
        await call(h, admin, 'POST', '/rest/features/points', {
          geometry: { type: 'Point', coordinates: [-105, 39.5] },
          properties: { layer_id: points },
        })
      ).status,
    ).toBe(201);

    const base = `/rest/projects/${project.id}/folders/${folder.id}/layers/${points}/geo/wmts`;
    const t = tileOf(-105, 39.5, 14);
    const tile = await call(h, admin, 'GET', `${base}/14/${t.x}/${t.y}`);
    expect(tile.status).toBe(200);
    expect(tile.type).toBe('image/png');
    const at = await pixels(tile.raw);
    expect(at(t.px, t.py)).toEqual(DEFAULT_BLUE);
    expect(at((t.px + 128) % 256, (t.py + 128) % 256)[3]).toBe(0);
    expect((await call(h, admin, 'GET', `${base}/14/${t.x}/${t.y}.png`)).etag).toBe(tile.etag);

    // The same image as the WMS-TILE request of that tile: one renderer, one cache entry, one ETag.
    const wms = `/rest/projects/${project.id}/folders/${folder.id}/layers/${points}/geo/wms?REQUEST=GetMap&LAYERS=${points}&STYLES=&FORMAT=image/png&TRANSPARENT=true&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&BBOX=${tileBounds(14, t.x, t.y).join(',')}`;
    expect((await call(h, admin, 'GET', wms)).etag).toBe(tile.etag);
    const notModified = await call(h, admin, 'GET', `${base}/14/${t.x}/${t.y}`, undefined, {
      'if-none-match': tile.etag!,
    });
    expect(notModified.status).toBe(304);

    const world = await pixels((await call(h, admin, 'GET', `${base}/0/0/0`)).raw);
    const w = tileOf(-105, 39.5, 0);
    expect(world(w.px, w.py)).toEqual(DEFAULT_BLUE);
    expect((await call(h, admin, 'GET', `${base}/2/4/0`)).status).toBe(400);
    expect((await call(h, admin, 'GET', `${base}/31/0/0`)).status).toBe(400);
    expect((await call(h, admin, 'GET', `${base}/1/0/x`)).status).toBe(400);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `${base}/14/${t.x}/${t.y}`)).status).toBe(404);
    expect((await call(h, null, 'GET', `${base}/14/${t.x}/${t.y}`)).status).toBe(401);
  });
});
