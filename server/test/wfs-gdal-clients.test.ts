import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { call, field } from './feature-fixtures.js';
import { signedInAccount } from './factories.js';
import type { Deps } from '../src/deps.js';
import { insertFeaturesBulk } from '../src/features/bulk-insert.js';
import { publishedNames } from '../src/ogc/published-names.js';

/**
 * Issue #11: GDAL 3.6 (the engine under QGIS) as a full WFS client — writing through WFS-T
 * (append, SetFeature, SQL DELETE, 3D points), `-where` run by the server, reads past one page,
 * GeoJSON output, WFS 1.1.0, readable layer names and client-key writes.
 */
const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to test WFS clients');

/** The ten columns of the polygon file an append writes, as layer fields of the same names. */
const PARCEL_FIELDS = [
  ['name', 'text'],
  ['code', 'integer'],
  ['area', 'real'],
  ['perimeter', 'real'],
  ['owner', 'text'],
  ['zone', 'text'],
  ['surveyed', 'date'],
  ['depth', 'real'],
  ['notes', 'text'],
  ['rank', 'integer'],
].map(([name, type], order) => ({ name, type, order }));

/** 67 polygons: every third with a hole, every fifth a multi-polygon, names in Spanish and Chinese. */
function parcelsGeoJson(): string {
  const features = Array.from({ length: 67 }, (_, i) => {
    const x = -105 + (i % 10) * 0.01;
    const y = 39 + Math.floor(i / 10) * 0.01;
    const ring = (d: number, s: number) => [
      [x + d, y + d],
      [x + s - d, y + d],
      [x + s - d, y + s - d],
      [x + d, y + s - d],
      [x + d, y + d],
    ];
    const polygon = i % 3 === 0 ? [ring(0, 0.008), ring(0.002, 0.008).reverse()] : [ring(0, 0.008)];
    const geometry =
      i % 5 === 0
        ? { type: 'MultiPolygon', coordinates: [polygon, [ring(0.0085, 0.0095).map(([a, b]) => [a, b])]] }
        : { type: 'MultiPolygon', coordinates: [polygon] };
    const properties = {
      name: i % 2 ? `Parcela ${i} año` : `地块 ${i}`,
      code: i + 1,
      area: 1000.5 + i,
      perimeter: 120.25 + i,
      owner: `Owner ${i % 7}`,
      zone: ['R1', 'C2', 'I3'][i % 3],
      surveyed: `2024-0${(i % 9) + 1}-15`,
      depth: i / 4,
      notes: i % 4 ? 'ok' : 'revisar',
      rank: i % 5,
    };
    return { type: 'Feature', geometry, properties };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

interface World {
  h: Harness;
  f: Awaited<ReturnType<typeof field>>;
  port: number;
  dir: string;
  env: NodeJS.ProcessEnv;
  wfsOf: (layerId: string) => string;
  nameOf: (layerId: string) => Promise<string>;
  newLayer: (name: string, fields?: object[]) => Promise<string>;
  count: (layerId: string) => Promise<number>;
  restorePublicUrl: () => void;
}

async function world(): Promise<World> {
  const h = await harness();
  const f = await field(h);
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  // GDAL posts Transactions to the URL GetCapabilities names, built from the public URL.
  // The app is the test worker's, shared with other files on PostgreSQL: restored after this file (restorePublicUrl).
  const config = (h.app as unknown as { deps: Deps }).deps.config as { publicUrl: string };
  const publicUrl = config.publicUrl;
  config.publicUrl = `http://127.0.0.1:${port}`;
  const layers = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers`;
  return {
    h,
    f,
    port,
    restorePublicUrl: () => void (config.publicUrl = publicUrl),
    dir: mkdtempSync(path.join(os.tmpdir(), 'wfs-gdal-')),
    env: { ...process.env, GDAL_HTTP_HEADERS: `Authorization: ${f.admin.auth.authorization}`, CPL_DEBUG: 'OFF' },
    wfsOf: (layerId) => `WFS:http://127.0.0.1:${port}${layers}/${layerId}/geo/wfs`,
    nameOf: async (layerId) => (await publishedNames(h.db, f.project.id)).get(layerId)!,
    newLayer: async (name, fields = []) => {
      const res = await call(h, f.admin, 'POST', layers, { name, fields });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: string }).id;
    },
    count: async (layerId) =>
      Number(
        (
          await h.db
            .selectFrom('features')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('layer_id', '=', layerId)
            .where('deleted_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

const gdal = (w: World, tool: string, args: string[], env: NodeJS.ProcessEnv = w.env) =>
  run(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });

describe.runIf(hasGdal)('GDAL as a WFS client (issue #11)', () => {
  let w: World;
  let parcels: string;
  beforeAll(async () => {
    w = await world();
    parcels = await w.newLayer('Parcels', PARCEL_FIELDS);
    writeFileSync(path.join(w.dir, 'parcels.geojson'), parcelsGeoJson());
    await run('ogr2ogr', [
      '-f',
      'ESRI Shapefile',
      path.join(w.dir, 'parcels.shp'),
      path.join(w.dir, 'parcels.geojson'),
    ]);
  });
  afterAll(() => w?.restorePublicUrl());

  it('appends 67 polygons with their 10 columns through WFS-T, under a readable layer name', async () => {
    const name = await w.nameOf(parcels);
    expect(name).toBe(`${w.f.folder.name.replace(/[^\p{L}\p{N}_.-]+/gu, '_')}_Parcels`);
    const listed = await gdal(w, 'ogrinfo', ['-ro', '-so', w.wfsOf(parcels)]);
    expect(listed.stdout).toContain(`fb:${name}`);
    const append = await gdal(w, 'ogr2ogr', [
      ...['-update', '-append', '-f', 'WFS', w.wfsOf(parcels), path.join(w.dir, 'parcels.shp'), '-nln', name],
    ]);
    expect(append.stderr).toBe('');
    expect(await w.count(parcels)).toBe(67);
    const row = await w.h.db
      .selectFrom('features')
      .select(['field_values', 'kind'])
      .where('layer_id', '=', parcels)
      .where('field_values', '@>', JSON.stringify({ code: 2 }) as never)
      .executeTakeFirstOrThrow();
    expect(row.field_values).toEqual({
      name: 'Parcela 1 año',
      code: 2,
      area: 1001.5,
      perimeter: 121.25,
      owner: 'Owner 1',
      zone: 'C2',
      surveyed: '2024-02-15',
      depth: 0.25,
      notes: 'ok',
      rank: 1,
    });
    const info = await gdal(w, 'ogrinfo', ['-ro', '-so', '-al', w.wfsOf(parcels)]);
    expect(info.stdout).toContain('Feature Count: 67');
    expect(info.stdout).toMatch(/code: Integer64/);
    expect(info.stdout).toMatch(/surveyed: Date/);
  });

  it('runs -where on the server through an FES filter, and SQL DELETE by attribute and by gml_id', async () => {
    const debug = { ...w.env, CPL_DEBUG: 'ON' };
    const where = await gdal(
      w,
      'ogrinfo',
      ['-ro', '-al', '-q', '-where', "code > 60 AND zone = 'C2'", w.wfsOf(parcels)],
      debug,
    );
    // code 61..67 with zone C2 (i % 3 === 1): codes 62 and 65.
    expect(where.stdout.match(/OGRFeature\(/g)).toHaveLength(2);
    expect(where.stderr).toMatch(/FILTER=.*PropertyIsGreaterThan/);
    const name = await w.nameOf(parcels);
    const ids = await w.h.db
      .selectFrom('features')
      .select(['id', 'kind'])
      .where('layer_id', '=', parcels)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    await gdal(w, 'ogrinfo', [w.wfsOf(parcels), '-sql', `DELETE FROM fb:${name} WHERE ogc_fid = ${ids[0].id}`], debug);
    expect(await w.count(parcels)).toBe(66);
    await gdal(w, 'ogrinfo', [
      w.wfsOf(parcels),
      '-sql',
      `DELETE FROM fb:${name} WHERE gml_id = '${ids[1].kind}.${ids[1].id}'`,
    ]);
    expect(await w.count(parcels)).toBe(65);
  });

  it('updates a feature with SetFeature, which sends every column back', async () => {
    const target = await w.h.db
      .selectFrom('features')
      .select('id')
      .where('layer_id', '=', parcels)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const script = `
import sys
from osgeo import ogr, gdal
gdal.UseExceptions()
ds = ogr.Open(sys.argv[1], update=1)
layer = ds.GetLayer(0)
layer.SetAttributeFilter('ogc_fid = ${target.id}')
f = layer.GetNextFeature()
f.SetField('notes', 'actualizado')
f.SetField('rank', 42)
if layer.SetFeature(f) != 0:
    sys.exit(3)
`;
    await gdal(w, '/usr/bin/python3', ['-c', script, w.wfsOf(parcels)]);
    const after = await w.h.db
      .selectFrom('features')
      .select('field_values')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(after.field_values).toMatchObject({ notes: 'actualizado', rank: 42, code: 67 });
  });

  it('keeps the Z of 3D points written by GDAL and reads them back', async () => {
    const wells = await w.newLayer('Wells', [{ name: 'label', type: 'text', order: 0 }]);
    const source = path.join(w.dir, 'wells.geojson');
    writeFileSync(
      source,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-104.5, 39.25, 1612.5] },
            properties: { label: 'W1' },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-104.6, 39.35, 1599] },
            properties: { label: 'W2' },
          },
        ],
      }),
    );
    const append = await gdal(w, 'ogr2ogr', [
      '-update',
      '-append',
      '-f',
      'WFS',
      w.wfsOf(wells),
      source,
      '-nln',
      await w.nameOf(wells),
    ]);
    expect(append.stderr).toBe('');
    expect(await w.count(wells)).toBe(2);
    const back = path.join(w.dir, 'wells-back.geojson');
    await gdal(w, 'ogr2ogr', ['-f', 'GeoJSON', back, w.wfsOf(wells)]);
    const coords = JSON.parse(readFileSync(back, 'utf8')).features.map(
      (f: { geometry: { coordinates: number[] } }) => f.geometry.coordinates,
    );
    expect(coords).toEqual(
      expect.arrayContaining([
        [-104.5, 39.25, 1612.5],
        [-104.6, 39.35, 1599],
      ]),
    );
  });

  it('reads a 3,500-feature layer whole by the advertised page size, and names the next page of a larger request', async () => {
    const many = await w.newLayer('Many');
    await insertFeaturesBulk(
      w.h.db,
      {
        organizationId: w.f.admin.organizationId,
        projectId: w.f.project.id,
        layerId: many,
        dictionaryId: null,
        accountId: w.f.admin.accountId,
      },
      Array.from({ length: 3500 }, (_, i) => ({
        kind: 'point' as const,
        geometry: { type: 'Point' as const, coordinates: [-100 + (i % 70) * 0.01, 40 + Math.floor(i / 70) * 0.01] },
        dictionaryId: null,
        systemId: null,
        componentId: null,
        attributes: [],
        properties: {},
        fieldValues: {},
      })),
    );
    const out = path.join(w.dir, 'many.geojson');
    await gdal(w, 'ogr2ogr', ['-f', 'GeoJSON', out, w.wfsOf(many)]);
    expect(JSON.parse(readFileSync(out, 'utf8')).features).toHaveLength(3500);
    // A client asking more than a page (OGR_WFS_PAGE_SIZE=5000) is told so, and where the rest is.
    const wfs = w.wfsOf(many).slice('WFS:'.length);
    const typeName = `fb:${await w.nameOf(many)}`;
    const gml = await w.h.app.inject({
      url: `${wfs}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=${typeName}&COUNT=5000`,
      headers: w.f.admin.auth,
    });
    expect(gml.body).toContain('numberMatched="3500" numberReturned="3000"');
    const next = /next="([^"]+)"/.exec(gml.body)![1].replace(/&amp;/g, '&');
    expect(new URL(next).searchParams.get('STARTINDEX')).toBe('3000');
    const rest = await w.h.app.inject({ url: next.slice(next.indexOf('/rest')), headers: w.f.admin.auth });
    expect(rest.body).toContain('numberMatched="3500" numberReturned="500"');
    expect(rest.body).not.toContain('next=');
    const json = await w.h.app.inject({
      url: `${wfs}?REQUEST=GetFeature&TYPENAMES=${typeName}&COUNT=5000&OUTPUTFORMAT=application/json`,
      headers: w.f.admin.auth,
    });
    expect(json.json()).toMatchObject({ numberMatched: 3500, numberReturned: 3000, links: [{ rel: 'next' }] });
    // The next page starts after the id the last one ended on (no OFFSET): exactly the remaining features,
    // and a write in between (a new data version) is seen.
    const ids = async () =>
      (
        await w.h.db
          .selectFrom('features')
          .select('id')
          .where('layer_id', '=', many)
          .where('deleted_at', 'is', null)
          .orderBy('id')
          .execute()
      ).map((r) => `point.${r.id}`);
    const second = await w.h.app.inject({
      url: `${wfs}?REQUEST=GetFeature&TYPENAMES=${typeName}&COUNT=3000&STARTINDEX=3000&OUTPUTFORMAT=application/json`,
      headers: w.f.admin.auth,
    });
    expect(second.json().features.map((f: { id: string }) => f.id)).toEqual((await ids()).slice(3000));
    await w.h.db
      .updateTable('features')
      .set({ deleted_at: new Date() })
      .where('id', '=', (await ids())[10].split('.')[1])
      .execute();
    await w.h.db
      .updateTable('layers')
      .set({ data_version: sql`data_version + 1` })
      .where('id', '=', many)
      .execute();
    const after = await w.h.app.inject({
      url: `${wfs}?REQUEST=GetFeature&TYPENAMES=${typeName}&COUNT=3000&STARTINDEX=3000&OUTPUTFORMAT=application/json`,
      headers: w.f.admin.auth,
    });
    expect(after.json()).toMatchObject({ numberMatched: 3499, numberReturned: 499 });
    expect(after.json().features.map((f: { id: string }) => f.id)).toEqual((await ids()).slice(3000));
  });

  it('reads GeoJSON output with the axes in the right order, and serves WFS 1.1.0 to older clients', async () => {
    const json = path.join(w.dir, 'parcels-json.geojson');
    await gdal(w, 'ogr2ogr', ['-f', 'GeoJSON', json, `${w.wfsOf(parcels)}?OUTPUTFORMAT=application/json`]);
    const features = JSON.parse(readFileSync(json, 'utf8')).features as Array<{
      geometry: { coordinates: number[][][][] };
    }>;
    expect(features).toHaveLength(65);
    const [lon, lat] = features[0].geometry.coordinates[0][0][0];
    expect([Math.round(lon), Math.round(lat)]).toEqual([-105, 39]);

    const v11 = await gdal(w, 'ogrinfo', ['-ro', '-al', '-so', `${w.wfsOf(parcels)}?VERSION=1.1.0`]);
    expect(v11.stdout).toContain('Feature Count: 65');
    expect(v11.stdout).toMatch(/code: Integer/);
    const gml11 = path.join(w.dir, 'parcels-11.geojson');
    await gdal(w, 'ogr2ogr', ['-f', 'GeoJSON', gml11, `${w.wfsOf(parcels)}?VERSION=1.1.0`]);
    const read = JSON.parse(readFileSync(gml11, 'utf8')).features as Array<{
      geometry: { coordinates: number[][][][] };
    }>;
    expect(read).toHaveLength(65);
    expect(read[0].geometry.coordinates[0][0][0].map(Math.round)).toEqual([-105, 39]);
  });

  it('writes through the project endpoint with a client key, as the key member, and never into another organization', async () => {
    const key = (await call(w.h, w.f.admin, 'POST', '/rest/accounts/clientkey', { email: w.f.admin.email })).body.key;
    const points = w.f.layer('point');
    const source = path.join(w.dir, 'key-points.geojson');
    writeFileSync(
      source,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-104.9, 39.7] }, properties: {} }],
      }),
    );
    const project = `WFS:http://127.0.0.1:${w.port}/rest/projects/ogc/${w.f.project.id}/wfs?key=${key}`;
    const noAuth = { ...process.env, CPL_DEBUG: 'OFF' };
    const before = await w.count(points);
    const append = await gdal(
      w,
      'ogr2ogr',
      ['-update', '-append', '-f', 'WFS', project, source, '-nln', await w.nameOf(points)],
      noAuth,
    );
    expect(append.stderr).toBe('');
    expect(await w.count(points)).toBe(before + 1);
    const version = await w.h.db
      .selectFrom('feature_versions')
      .innerJoin('features', 'features.id', 'feature_versions.feature_id')
      .select(['feature_versions.changed_by', 'feature_versions.action'])
      .where('features.layer_id', '=', points)
      .orderBy('feature_versions.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(version).toEqual({ changed_by: w.f.admin.accountId, action: 'Add' });

    const outsider = await signedInAccount(w.h);
    const otherKey = (await call(w.h, outsider, 'POST', '/rest/accounts/clientkey', { email: outsider.email })).body
      .key;
    const foreign = await w.h.app.inject({
      method: 'POST',
      url: `/rest/projects/ogc/${w.f.project.id}/wfs?key=${otherKey}`,
      headers: { 'content-type': 'text/xml' },
      payload: `<wfs:Transaction service="WFS" version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:fb="http://fieldbook.app/wfs"><wfs:Insert><fb:${await w.nameOf(points)}><fb:geometry><gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>39 -104</gml:pos></gml:Point></fb:geometry></fb:${await w.nameOf(points)}></wfs:Insert></wfs:Transaction>`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await w.count(points)).toBe(before + 1);
  });
});
