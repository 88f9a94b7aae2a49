import { publishedNames } from '../src/ogc/published-names.js';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { signedInAccount, templateDictionaryId } from './factories.js';
import { DEFAULT_BLUE, merc, pixels, rawCall, rgba, tileAround } from './map-images.js';
import { field, value } from './feature-fixtures.js';
import { bumpLayerDataVersion } from '../src/ogc/data-version.js';
import { buildSnapshotNow } from '../src/ogc/point-snapshot.js';
import { tileCache } from '../src/ogc/tile-cache.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/gdalinfo');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to test the WMS with a real client');

const call = rawCall;

async function pointLayer(h: Harness) {
  const admin = await signedInAccount(h);
  const template = { id: await templateDictionaryId(h) };
  const project = (
    await call(h, admin, 'POST', '/rest/projects', { name: 'WMS', dataDictionaryId: template.id })
  ).json();
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).json();
  const points = folder.layers.find((l: { serverName: string }) => l.serverName === 'point');
  const ids: string[] = [];
  for (const [lng, lat] of [
    [-105, 39.5],
    [-80, 25],
  ]) {
    const res = await call(h, admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { layer_id: points.id },
    });
    expect(res.status).toBe(201);
    ids.push(res.json().id);
  }
  const base = `/rest/projects/${project.id}/folders/${folder.id}/layers/${points.id}/geo/wms`;
  const tile = (bbox: string, extra = '') =>
    `${base}?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${points.id}&STYLES=&FORMAT=image/png&TRANSPARENT=true&TILED=true&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&BBOX=${bbox}${extra}`;
  return { admin, project, folder, points, ids, base, tile, templateId: template.id };
}

describe('WMS 1.3.0', () => {
  it('draws a tile with the feature colour at its pixel, transparent elsewhere, in EPSG:3857, EPSG:4326 (lat/lon) and CRS:84', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    const res = await call(h, w.admin, 'GET', w.tile(tileAround(-105, 39.5)));
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    const at = await pixels(res.raw);
    expect(at(128, 128)).toEqual(DEFAULT_BLUE);
    expect(at(10, 10)[3]).toBe(0);
    expect(at(200, 60)[3]).toBe(0);

    // WMS 1.3.0 EPSG:4326 has lat/lon axis order; CRS:84 is lon/lat. Both put the point in the middle.
    const plain = `${w.base}?service=WMS&version=1.3.0&request=GetMap&layers=${w.points.id}&styles=&format=image/png&width=100&height=100`;
    const geo = `${plain}&transparent=true`;
    const latLon = await pixels(
      (await call(h, w.admin, 'GET', `${geo}&crs=EPSG:4326&bbox=39.4,-105.1,39.6,-104.9`)).raw,
    );
    expect(latLon(50, 50)).toEqual(DEFAULT_BLUE);
    const lonLat = await pixels((await call(h, w.admin, 'GET', `${geo}&crs=CRS:84&bbox=-105.1,39.4,-104.9,39.6`)).raw);
    expect(lonLat(50, 50)).toEqual(DEFAULT_BLUE);
    const swapped = await pixels(
      (await call(h, w.admin, 'GET', `${geo}&crs=EPSG:4326&bbox=-105.1,39.4,-104.9,39.6`)).raw,
    );
    expect(swapped(50, 50)[3]).toBe(0);

    const opaque = await pixels(
      (
        await call(
          h,
          w.admin,
          'GET',
          `${plain}&crs=CRS:84&bbox=-105.1,39.4,-104.9,39.6&transparent=false&bgcolor=0x00ff00`,
        )
      ).raw,
    );
    expect(opaque(5, 5)).toEqual([0, 255, 0, 255]);
    const empty = await call(h, w.admin, 'GET', w.tile(tileAround(10, 10)));
    expect((await pixels(empty.raw))(128, 128)[3]).toBe(0);
  });

  it('styles from the layer SLD, the STYLES parameter and the dictionary system colour', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    const sld = (
      fill: string,
    ) => `<?xml version="1.0"?><StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc"><NamedLayer><Name>p</Name><UserStyle><FeatureTypeStyle><Rule>
      <PointSymbolizer><Graphic><Mark><WellKnownName>square</WellKnownName><Fill><CssParameter name="fill">${fill}</CssParameter></Fill></Mark><Size>10</Size></Graphic></PointSymbolizer>
      </Rule></FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;
    const org = w.admin.organizationId;
    const red = await h.db
      .insertInto('styles')
      .values({ organization_id: org, name: `red-${w.points.id}`, format: 'xml', body: sld('#ff0000') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const green = await h.db
      .insertInto('styles')
      .values({
        organization_id: org,
        name: `green-${w.points.id}`,
        format: 'css',
        body: '* { mark: symbol(circle); fill: #00ff00; mark-size: 10; }',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.updateTable('layers').set({ style_id: red.id }).where('id', '=', w.points.id).execute();
    const bbox = tileAround(-105, 39.5);
    expect((await pixels((await call(h, w.admin, 'GET', w.tile(bbox))).raw))(128, 128)).toEqual([255, 0, 0, 255]);
    // A square of 10 px reaches corners a circle would not.
    expect((await pixels((await call(h, w.admin, 'GET', w.tile(bbox))).raw))(124, 124)).toEqual([255, 0, 0, 255]);
    const named = await call(h, w.admin, 'GET', w.tile(bbox).replace('STYLES=', `STYLES=${green.id}`));
    expect((await pixels(named.raw))(128, 128)).toEqual([0, 255, 0, 255]);
    const unknown = await call(h, w.admin, 'GET', w.tile(bbox).replace('STYLES=', 'STYLES=nope'));
    expect(unknown.body).toContain('code="StyleNotDefined"');

    await h.db.updateTable('layers').set({ style_id: null }).where('id', '=', w.points.id).execute();
    const system = await h.db
      .selectFrom('systems')
      .select(['id', 'color'])
      .where('dictionary_id', '=', w.templateId)
      .orderBy('sort_order')
      .executeTakeFirstOrThrow();
    await h.db.transaction().execute(async (trx) => {
      await trx.updateTable('features').set({ system_id: system.id }).where('layer_id', '=', w.points.id).execute();
      await bumpLayerDataVersion(trx, [w.points.id]);
    });
    const hex = system.color.replace('#', '');
    const colour = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    expect((await pixels((await call(h, w.admin, 'GET', w.tile(bbox))).raw))(128, 128)).toEqual([...colour, 255]);
  });

  it('draws a feature of a component with componentStyling in its style colour, else its system colour', async () => {
    const h = await harness();
    const f = await field(h);
    const transformer = f.component('Transformer');
    const drawn = await call(h, f.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-105, 39.5] },
      properties: {
        layer_id: f.layer('point'),
        dictionary_id: f.dictionary.id,
        system_id: f.electric.id,
        component_id: transformer.id,
        attributes: [value(transformer, 'Locate Status', 'Marked')],
      },
    });
    expect(drawn.status, drawn.body).toBe(201);
    const url = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers/${f.layer('point')}/geo/wms?REQUEST=GetMap&LAYERS=${f.layer('point')}&FORMAT=image/png&TRANSPARENT=true&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&BBOX=${tileAround(-105, 39.5)}`;
    expect((await pixels((await call(h, f.admin, 'GET', url)).raw))(128, 128)).toEqual(rgba('#ff0000'));
    const style = {
      strokeColor: '#000000',
      strokeOpacity: 1,
      strokeWidth: 1,
      fillColor: '#00c853',
      fillOpacity: 1,
      size: 12,
    };
    const saved = await call(h, f.admin, 'PUT', `/rest/components/${transformer.id}`, {
      id: transformer.id,
      systemId: f.electric.id,
      componentTypeId: 1,
      alias: transformer.alias,
      attributeIdList: transformer.attributes.map((a) => a.id),
      componentStyling: true,
      style: JSON.stringify(style),
    });
    expect(saved.status, saved.body).toBe(200);
    const styled = await pixels((await call(h, f.admin, 'GET', url)).raw);
    expect(styled(128, 128)).toEqual(rgba('#00c853'));
    // Size 12 reaches 5 px from the centre; the system colour's 8 px circle would not.
    expect(styled(128, 123)).toEqual(rgba('#00c853'));
  });

  it('serves edited features at once: a feature write invalidates the cached tile', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    const bbox = tileAround(-105, 39.5);
    const before = await call(h, w.admin, 'GET', w.tile(bbox));
    expect((await pixels(before.raw))(128, 128)).toEqual(DEFAULT_BLUE);
    const again = await h.app.inject({
      method: 'GET',
      url: w.tile(bbox),
      headers: {
        ...w.admin.auth,
        'if-none-match': String(
          (await h.app.inject({ method: 'GET', url: w.tile(bbox), headers: w.admin.auth })).headers.etag,
        ),
      },
    });
    expect(again.statusCode).toBe(304);
    // 500 m east is 64 px to the right on this 2 km tile.
    const moved = await call(h, w.admin, 'PUT', '/rest/features/points', {
      id: w.ids[0],
      geometry: { type: 'Point', coordinates: [-105 + (500 * 180) / 20037508.342789244, 39.5] },
      properties: { layer_id: w.points.id },
    });
    expect(moved.status).toBe(200);
    const after = await pixels((await call(h, w.admin, 'GET', w.tile(bbox))).raw);
    expect(after(128, 128)[3]).toBe(0);
    expect(after(192, 128)).toEqual(DEFAULT_BLUE);
    expect((await call(h, w.admin, 'GET', `/rest/features/points/${w.ids[0].split('.')[1]}`)).status).toBe(200);
  });

  it('draws low-zoom tiles of a large point layer from its in-memory snapshot, and leaves it after an edit', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    const bbox = tileAround(-95, 32, 2_500_000);
    const fromSql = await call(h, w.admin, 'GET', w.tile(bbox));
    await buildSnapshotNow(h.db, w.points.id);
    tileCache.clear();
    const fromMemory = await call(h, w.admin, 'GET', w.tile(bbox));
    const [a, b] = [await pixels(fromSql.raw), await pixels(fromMemory.raw)];
    const px = (lng: number, lat: number) => {
      const [x, y] = merc(lng, lat);
      const [x1, , , y2] = bbox.split(',').map(Number);
      return [Math.floor((x - x1) / (5_000_000 / 256)), Math.floor((y2 - y) / (5_000_000 / 256))];
    };
    const [dx, dy] = px(-105, 39.5);
    expect(a(dx, dy)).toEqual(DEFAULT_BLUE);
    expect(b(dx, dy)).toEqual(DEFAULT_BLUE);
    await call(h, w.admin, 'PUT', '/rest/features/points', {
      id: w.ids[0],
      geometry: { type: 'Point', coordinates: [-100, 30] },
      properties: { layer_id: w.points.id },
    });
    const after = await pixels((await call(h, w.admin, 'GET', w.tile(bbox))).raw);
    expect(after(dx, dy)[3]).toBe(0);
    expect(after(...(px(-100, 30) as [number, number]))).toEqual(DEFAULT_BLUE);
  });

  it('answers GetFeatureInfo in JSON, HTML and text, and the multi-layer info call', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    const info = (i: number, j: number, format: string) =>
      `${w.tile(tileAround(-105, 39.5)).replace('REQUEST=GetMap', 'REQUEST=GetFeatureInfo')}&QUERY_LAYERS=${w.points.id}&INFO_FORMAT=${format}&I=${i}&J=${j}`;
    const hit = await call(h, w.admin, 'GET', info(130, 127, 'application/json'));
    expect(hit.json().features).toHaveLength(1);
    expect(hit.json().features[0]).toMatchObject({
      id: w.ids[0],
      geometry: { type: 'Point', coordinates: [-105, 39.5] },
    });
    expect((await call(h, w.admin, 'GET', info(20, 20, 'application/json'))).json().features).toHaveLength(0);
    expect((await call(h, w.admin, 'GET', info(128, 128, 'text/html'))).body).toContain(`<td>${w.ids[0]}</td>`);
    expect((await call(h, w.admin, 'GET', info(128, 128, 'text/plain'))).body).toContain(w.ids[0]);
    expect((await call(h, w.admin, 'GET', info(300, 128, 'text/plain'))).body).toContain('code="InvalidPoint"');
    const short = await call(
      h,
      w.admin,
      'GET',
      `${w.base.replace('/wms', '/info')}?CRS=EPSG:3857&BBOX=${tileAround(-105, 39.5)}&WIDTH=256&HEIGHT=256&I=128&J=128&INFO_FORMAT=application/json`,
    );
    expect(short.json().features[0].id).toBe(w.ids[0]);
    const [x1, y1, x2, y2] = tileAround(-105, 39.5).split(',').map(Number);
    const many = await call(h, w.admin, 'POST', `/rest/projects/${w.project.id}/geo/info`, {
      layerIds: [w.points.id],
      bbox: [x1, y1, x2, y2],
      width: 256,
      height: 256,
      i: 128,
      j: 128,
    });
    expect(many.json().features.map((f: { id: string }) => f.id)).toEqual([w.ids[0]]);
  });

  it('refuses other organizations and missing tokens, allows granted read-only access and client keys', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    const url = w.tile(tileAround(-105, 39.5));
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', url)).status).toBe(404);
    expect((await call(h, null, 'GET', url)).status).toBe(401);
    expect(
      (
        await call(h, outsider, 'POST', `/rest/projects/${w.project.id}/geo/info`, {
          layerIds: [w.points.id],
          bbox: [0, 0, 1, 1],
          width: 1,
          height: 1,
          i: 0,
          j: 0,
        })
      ).status,
    ).toBe(404);

    const grantee = await signedInAccount(h);
    const code = (await call(h, w.admin, 'POST', '/rest/organization-permissions')).json();
    await call(h, grantee, 'POST', `/rest/organization-permissions/${encodeURIComponent(code.id)}`);
    expect((await call(h, w.admin, 'PUT', `/rest/organization-permissions/accept/${code.id}`)).status).toBe(200);
    const shared = await call(h, grantee, 'GET', url);
    expect(shared.status).toBe(200);
    expect((await pixels(shared.raw))(128, 128)).toEqual(DEFAULT_BLUE);

    const key = (await call(h, w.admin, 'POST', '/rest/accounts/clientkey', { email: w.admin.email })).json().key;
    const ogc = `/rest/projects/ogc/${w.project.id}/wms`;
    const caps = await call(h, null, 'GET', `${ogc}?key=${key}&SERVICE=WMS&REQUEST=GetCapabilities`);
    const published = (await publishedNames(h.db, w.project.id)).get(w.points.id)!;
    expect(caps.body).toContain(`<Name>${published}</Name>`);
    expect(caps.body).toContain('<CRS>EPSG:3857</CRS>');
    const keyTile = await call(h, null, 'GET', `${ogc}?key=${key}&${url.split('?')[1]}`);
    expect((await pixels(keyTile.raw))(128, 128)).toEqual(DEFAULT_BLUE);
    // A client asks by the name the capabilities list; the id stays an alias.
    const byNameQuery = url.split('?')[1].replace(`LAYERS=${w.points.id}`, `LAYERS=${published}`);
    expect(byNameQuery).toContain(`LAYERS=${published}&`);
    const byName = await call(h, null, 'GET', `${ogc}?key=${key}&${byNameQuery}`);
    expect((await pixels(byName.raw))(128, 128)).toEqual(DEFAULT_BLUE);
    expect((await call(h, null, 'GET', `${ogc}?key=wrong&REQUEST=GetCapabilities`)).status).toBe(401);
    expect((await call(h, null, 'GET', `${ogc}?REQUEST=GetCapabilities`)).status).toBe(401);
  });

  it('answers bad parameters with a ServiceExceptionReport', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    const bbox = tileAround(-105, 39.5);
    const cases: Array<[string, string]> = [
      [w.tile(bbox).replace(`&BBOX=${bbox}`, ''), 'MissingParameterValue'],
      [w.tile(bbox).replace('CRS=EPSG:3857', 'CRS=EPSG:2154'), 'InvalidCRS'],
      [w.tile(bbox).replace('FORMAT=image/png', 'FORMAT=image/gif'), 'InvalidFormat'],
      [w.tile(bbox).replace('WIDTH=256', 'WIDTH=100000'), 'InvalidParameterValue'],
      [w.tile(bbox).replace(`LAYERS=${w.points.id}`, 'LAYERS=nope'), 'LayerNotDefined'],
      [w.tile('1,2,3'), 'InvalidParameterValue'],
      [w.tile(bbox).replace('REQUEST=GetMap', 'REQUEST=GetStyles'), 'OperationNotSupported'],
      [w.tile(bbox).replace('SERVICE=WMS', 'SERVICE=WFS'), 'InvalidParameterValue'],
    ];
    for (const [url, code] of cases) {
      const res = await call(h, w.admin, 'GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body).toContain('<ServiceExceptionReport');
      expect(res.body).toContain(`code="${code}"`);
    }
  });

  it.runIf(hasGdal)('is read by GDAL (gdalinfo on the capabilities and a GetMap)', async () => {
    const h = await harness();
    const w = await pointLayer(h);
    if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const env = { ...process.env, GDAL_HTTP_HEADERS: `Authorization: ${w.admin.auth.authorization}`, CPL_DEBUG: 'OFF' };
    const caps = await run('gdalinfo', [`WMS:http://127.0.0.1:${port}${w.base}?SERVICE=WMS&REQUEST=GetCapabilities`], {
      env,
    });
    expect(caps.stdout).toContain('SUBDATASET_1_NAME');
    // The capabilities name the public address; this test server listens elsewhere.
    const sub = /SUBDATASET_1_NAME=(.*)/
      .exec(caps.stdout)![1]
      .trim()
      .replace('http://localhost:8080', `http://127.0.0.1:${port}`);
    expect(sub).toContain(w.points.id);
    const info = await run('gdalinfo', [sub], { env });
    expect(info.stdout).toMatch(/Size is \d+, \d+/);
    expect(info.stdout).toContain('Band 3');
    // A GetMap through GDAL: a 64 px overview of a small window around the first point.
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'wms-')), 'window.png');
    await run(
      'gdal_translate',
      [
        '-of',
        'PNG',
        '-projwin',
        '-105.01',
        '39.51',
        '-104.99',
        '39.49',
        '-outsize',
        '64',
        '64',
        sub.replace('REQUEST=GetMap', 'REQUEST=GetMap&FORMAT=image/png&TRANSPARENT=TRUE'),
        out,
      ],
      { env },
    );
    const at = await pixels(readFileSync(out));
    expect(at(32, 32).slice(0, 3)).toEqual(DEFAULT_BLUE.slice(0, 3));
  });
});
