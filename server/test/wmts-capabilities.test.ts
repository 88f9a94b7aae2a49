import { publishedNames } from '../src/ogc/published-names.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merc, pixels, rgba, DEFAULT_BLUE } from './map-images.js';
import {
  BLUE_POINT,
  RED_POINT,
  gdalEnv,
  get,
  hasGdal,
  ogcClientWorld,
  run,
  type OgcClientWorld,
} from './ogc-client-world.js';

/** Tile column/row of a point at a zoom (GoogleMapsCompatible), and the pixel it falls on. */
function tileOf([lng, lat]: [number, number], z: number) {
  const n = 2 ** z;
  const fx = ((lng + 180) / 360) * n;
  const r = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  return { z, x: Math.floor(fx), y: Math.floor(fy), px: Math.floor((fx % 1) * 256), py: Math.floor((fy % 1) * 256) };
}

const RED = rgba('#ff0000');

let w: OgcClientWorld;
beforeAll(async () => {
  w = await ogcClientWorld();
});
afterAll(() => w?.app.close());

const ogc = () => `/rest/projects/ogc/${w.project.id}/wmts`;

describe('WMTS for GIS clients (issue #11)', () => {
  it('serves WMTS 1.0.0 capabilities by KVP and RESTful URLs: a layer per map layer, GoogleMapsCompatible in EPSG:3857', async () => {
    const kvp = await get(w, `${ogc()}?key=${w.key}&SERVICE=WMTS&REQUEST=GetCapabilities`);
    expect(kvp.status).toBe(200);
    expect(kvp.type).toContain('xml');
    // Layers by their readable published names, as the WFS and OGC API list them.
    const names = await publishedNames(w.h.db, w.project.id);
    for (const kind of ['point', 'line', 'polygon'] as const)
      expect(kvp.body).toContain(`<ows:Identifier>${names.get(w.layer(kind))}</ows:Identifier>`);
    expect(kvp.body).toContain('<ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>');
    expect(kvp.body.match(/<TileMatrix>/g)).toHaveLength(23);
    expect(kvp.body).toContain('<MatrixWidth>4194304</MatrixWidth>');
    // The point layer's box: both points, padded by 1e-4 degree.
    expect(kvp.body).toContain('<ows:LowerCorner>-105.0001 39.4999</ows:LowerCorner>');
    const point = names.get(w.layer('point'))!;
    const template = `${w.base}${ogc()}/${point}/{TileMatrix}/{TileCol}/{TileRow}.png?key=${w.key}`;
    expect(kvp.body).toContain(`template="${template}"`);
    // The template a client fills in draws the same tile as the layer's id does.
    const t = tileOf(RED_POINT, 14);
    const byName = await get(w, `${ogc()}/${point}/${t.z}/${t.x}/${t.y}.png?key=${w.key}`);
    expect(byName.status).toBe(200);
    expect(byName.etag).toBe((await get(w, `${ogc()}/${w.layer('point')}/${t.z}/${t.x}/${t.y}.png?key=${w.key}`)).etag);
    expect(kvp.body).toContain('REQUEST=GetLegendGraphic');
    // Opening the endpoint bare is a GetCapabilities; the RESTful documents are the same.
    expect((await get(w, `${ogc()}?key=${w.key}`)).body).toBe(kvp.body);
    expect((await get(w, `${ogc()}/1.0.0/WMTSCapabilities.xml?key=${w.key}`)).body).toBe(kvp.body);
    expect((await get(w, `${ogc()}/WMTSCapabilities.xml?key=${w.key}`)).body).toBe(kvp.body);
  });

  it('draws key-authenticated tiles (RESTful and KVP GetTile) through the member route renderer and cache', async () => {
    const t = tileOf(RED_POINT, 14);
    const rest = await get(w, `${ogc()}/${w.layer('point')}/${t.z}/${t.x}/${t.y}.png?key=${w.key}`);
    expect(rest.status).toBe(200);
    expect(rest.type).toBe('image/png');
    const at = await pixels(rest.raw);
    expect(at(t.px, t.py)).toEqual(RED);
    expect(at((t.px + 128) % 256, (t.py + 128) % 256)[3]).toBe(0);

    const kvp = await get(
      w,
      `${ogc()}?key=${w.key}&SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${w.layer('point')}&STYLE=default&TILEMATRIXSET=GoogleMapsCompatible&TILEMATRIX=${t.z}&TILEROW=${t.y}&TILECOL=${t.x}&FORMAT=image/png`,
    );
    expect(kvp.status).toBe(200);
    expect(kvp.etag).toBe(rest.etag);
    const member = `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${w.layer('point')}/geo/wmts`;
    expect((await get(w, `${member}/${t.z}/${t.x}/${t.y}`, w.admin.auth)).etag).toBe(rest.etag);
    const again = await get(w, `${ogc()}/${w.layer('point')}/${t.z}/${t.x}/${t.y}?key=${w.key}`, {
      'if-none-match': rest.etag!,
    });
    expect(again.status).toBe(304);

    const blue = tileOf(BLUE_POINT, 12);
    const other = await pixels(
      (await get(w, `${ogc()}/${w.layer('point')}/12/${blue.x}/${blue.y}.png?key=${w.key}`)).raw,
    );
    expect(other(blue.px, blue.py)).toEqual(DEFAULT_BLUE);

    const outside = await get(w, `${ogc()}/${w.layer('point')}/2/4/0.png?key=${w.key}`);
    expect(outside.status).toBe(400);
    expect(outside.body).toContain('exceptionCode="TileOutOfRange"');
    const kvpBad = await get(
      w,
      `${ogc()}?key=${w.key}&REQUEST=GetTile&LAYER=${w.layer('point')}&TILEMATRIXSET=EPSG:4326&TILEMATRIX=1&TILEROW=0&TILECOL=0`,
    );
    expect(kvpBad.status).toBe(400);
    expect(kvpBad.body).toContain('locator="TileMatrixSet"');
    expect((await get(w, `${ogc()}?key=${w.key}&REQUEST=GetTile&LAYER=${w.layer('point')}`)).body).toContain(
      'exceptionCode="MissingParameterValue"',
    );
  });

  it('reads nothing of another project: 401 without a valid key, 404 with a key of another organization', async () => {
    const t = tileOf(RED_POINT, 14);
    const tile = `${ogc()}/${w.layer('point')}/${t.z}/${t.x}/${t.y}.png`;
    expect((await get(w, tile)).status).toBe(401);
    expect((await get(w, `${tile}?key=fbk_wrong`)).status).toBe(401);
    expect((await get(w, `${ogc()}?SERVICE=WMTS&REQUEST=GetCapabilities`)).status).toBe(401);
    expect((await get(w, `${tile}?key=${w.other.key}`)).status).toBe(404);
    expect((await get(w, `${ogc()}?key=${w.other.key}`)).status).toBe(404);
    expect((await get(w, `${ogc()}/1.0.0/WMTSCapabilities.xml?key=${w.other.key}`)).status).toBe(404);
    // Our key on the other organization's project, and a layer of that project named on ours.
    const theirs = `/rest/projects/ogc/${w.other.project.id}/wmts`;
    expect((await get(w, `${theirs}?key=${w.key}`)).status).toBe(404);
    const theirLayer = (await w.h.db
      .selectFrom('layers')
      .select('id')
      .where('project_id', '=', w.other.project.id)
      .executeTakeFirst()) ?? { id: '00000000-0000-4000-8000-000000000000' };
    expect((await get(w, `${ogc()}/${theirLayer.id}/${t.z}/${t.x}/${t.y}.png?key=${w.key}`)).status).toBe(404);
    expect((await get(w, `${ogc()}/nope/${t.z}/${t.x}/${t.y}.png?key=${w.key}`)).status).toBe(404);
  });

  it('gives a member a capabilities document of one layer, with tiles at the member route', async () => {
    const member = `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${w.layer('polygon')}/geo/wmts`;
    const caps = await get(w, `${member}/WMTSCapabilities.xml`, w.admin.auth);
    expect(caps.status).toBe(200);
    expect(caps.body.match(/<Layer>/g)).toHaveLength(1);
    expect(caps.body).toContain(`template="${w.base}${member}/{TileMatrix}/{TileCol}/{TileRow}.png"`);
    expect((await get(w, `${member}?SERVICE=WMTS&REQUEST=GetCapabilities`, w.admin.auth)).body).toBe(caps.body);
    expect((await get(w, `${member}/WMTSCapabilities.xml`)).status).toBe(401);
    expect((await get(w, `${member}/WMTSCapabilities.xml`, w.other.admin.auth)).status).toBe(404);
  });

  it.runIf(hasGdal)(
    'is read by GDAL: subdatasets per layer, a layer in EPSG:3857, a window with the features',
    async () => {
      const env = gdalEnv();
      const caps = `WMTS:${w.base}${ogc()}?key=${w.key}`;
      const list = (await run('gdalinfo', [caps], { env })).stdout;
      const names = await publishedNames(w.h.db, w.project.id);
      for (const kind of ['point', 'line', 'polygon'] as const)
        expect(list).toContain(`,layer=${names.get(w.layer(kind))}`);
      const point = `,layer=${names.get(w.layer('point'))}`;
      const sub = /SUBDATASET_\d+_NAME=(.*layer=(\S+))/
        .exec(list.split('\n').find((l) => l.includes(point) && l.includes('_NAME='))!)![1]
        .trim();
      const info = (await run('gdalinfo', [sub], { env })).stdout;
      expect(info).toMatch(/Size is \d+, \d+/);
      expect(info).toMatch(/ID\["EPSG",3857\]/);
      expect(info).toContain('Band 4');

      // A 2 km window around the red point, read at 256 px: the point is drawn in the middle.
      const [x, y] = merc(...RED_POINT);
      const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'wmts-')), 'window.png');
      await run(
        'gdal_translate',
        [
          '-of',
          'PNG',
          '-projwin',
          `${x - 1000}`,
          `${y + 1000}`,
          `${x + 1000}`,
          `${y - 1000}`,
          '-outsize',
          '256',
          '256',
          sub,
          out,
        ],
        { env },
      );
      const at = await pixels(readFileSync(out));
      expect(at(128, 128)).toEqual(RED);
      expect(at(20, 20)[3]).toBe(0);

      // The RESTful document and a member's own document (token in a header) open the same way.
      const rest = await run(
        'gdalinfo',
        [`WMTS:${w.base}${ogc()}/1.0.0/WMTSCapabilities.xml?key=${w.key},layer=${names.get(w.layer('line'))}`],
        { env },
      );
      expect(rest.stdout).toMatch(/Size is \d+, \d+/);
      const member = `${w.base}/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${w.layer('polygon')}/geo/wmts/WMTSCapabilities.xml`;
      const withToken = gdalEnv({ GDAL_HTTP_HEADERS: `Authorization: ${w.admin.auth.authorization}` });
      expect((await run('gdalinfo', [`WMTS:${member}`], { env: withToken })).stdout).toMatch(/Size is \d+, \d+/);
    },
  );
});
