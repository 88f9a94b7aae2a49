import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { signedInAccount, type SignedIn } from './factories.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to test the WFS with a real client');

const call = async (h: Harness, who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await h.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.body, json: () => res.json() };
};

async function layerWithFeatures(h: Harness) {
  const admin = await signedInAccount(h);
  const template = await h.db.selectFrom('dictionaries').select('id').where('template_key', '=', 'asset-inventory').executeTakeFirstOrThrow();
  const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'WFS', dataDictionaryId: template.id })).json();
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).json();
  const points = folder.layers.find((l: { serverName: string }) => l.serverName === 'point');
  for (const [lng, lat] of [[-105, 39.5], [-104.9, 39.6], [-80, 25]]) {
    const res = await call(h, admin, 'POST', '/rest/features/points', { geometry: { type: 'Point', coordinates: [lng, lat] }, properties: { layer_id: points.id } });
    expect(res.status).toBe(201);
  }
  const base = `/rest/projects/${project.id}/folders/${folder.id}/layers/${points.id}/geo/wfs`;
  return { admin, project, folder, points, base, typeName: `fb:layer_${points.id.replace(/-/g, '')}` };
}

describe('WFS 2.0', () => {
  it('answers capabilities, hits, GeoJSON and GML pages with a bbox in lat/lon order', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const caps = await call(h, w.admin, 'GET', `${w.base}?service=WFS&request=GetCapabilities`);
    expect(caps.body).toContain(`<Name>${w.typeName}</Name>`);
    expect(caps.body).toContain('<ows:LowerCorner>-105 25</ows:LowerCorner>');
    const hits = await call(h, w.admin, 'GET', `${w.base}?service=WFS&version=2.0.0&request=GetFeature&typeNames=${w.typeName}&resultType=hits`);
    expect(hits.body).toContain('numberMatched="3"');
    const page = await call(h, w.admin, 'GET', `${w.base}?service=WFS&request=GetFeature&typeNames=${w.typeName}&outputFormat=application/json&count=2&startIndex=1`);
    const fc = page.json();
    expect(fc.features).toHaveLength(2);
    expect(fc.numberMatched).toBe(3);
    const colorado = await call(h, w.admin, 'GET', `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=json&bbox=39,-106,40,-104,urn:ogc:def:crs:EPSG::4326`);
    expect(colorado.json().features).toHaveLength(2);
    const gml = await call(h, w.admin, 'GET', `${w.base}?request=GetFeature&typeNames=${w.typeName}&count=1`);
    expect(gml.body).toMatch(/<gml:pos[^>]*>39\.5 -105<\/gml:pos>/);
    const bad = await call(h, w.admin, 'GET', `${w.base}?request=GetFeature&typeNames=fb:nope`);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('ExceptionReport');
  });

  it('reports layer extents for zooming', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const one = await call(h, w.admin, 'GET', `/rest/projects/layerExtent/${w.points.id}`);
    expect(one.json()).toMatchObject({ minx: -105, miny: 25, maxx: -80, maxy: 39.6, west: -105, north: 39.6 });
    const many = await call(h, w.admin, 'POST', '/rest/projects/layerExtents', { layerIds: [w.points.id, w.folder.layers[0].id] });
    expect(Object.keys(many.json())).toEqual([w.points.id]);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `/rest/projects/layerExtent/${w.points.id}`)).status).toBe(404);
  });

  it('refuses another organization and serves a project to a client key', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `${w.base}?request=GetCapabilities`)).status).toBe(404);
    const key = (await call(h, w.admin, 'POST', '/rest/accounts/clientkey', { email: w.admin.email })).json().key;
    const anonymous = await h.app.inject({ method: 'GET', url: `/rest/projects/ogc/${w.project.id}/wfs?request=GetCapabilities` });
    expect(anonymous.statusCode).toBe(401);
    const withKey = await h.app.inject({ method: 'GET', url: `/rest/projects/ogc/${w.project.id}/wfs?request=GetCapabilities&key=${key}` });
    expect(withKey.body).toContain(w.typeName);
  });

  it.runIf(hasGdal)('is read by GDAL (ogrinfo, ogr2ogr) as a real WFS client', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const env = { ...process.env, GDAL_HTTP_HEADERS: `Authorization: ${w.admin.auth.authorization}`, CPL_DEBUG: 'OFF' };
    const url = `WFS:http://127.0.0.1:${port}${w.base}`;
    const info = await run('ogrinfo', ['-ro', '-al', '-so', url], { env });
    expect(info.stdout).toContain('Feature Count: 3');
    expect(info.stdout).toMatch(/Geometry: Point/);
    const spatial = await run('ogrinfo', ['-ro', '-al', '-spat', '-106', '39', '-104', '40', url], { env });
    expect(spatial.stdout.match(/OGRFeature/g)).toHaveLength(2);
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'wfs-')), 'points.geojson');
    await run('ogr2ogr', ['-f', 'GeoJSON', out, url], { env });
    const exported = JSON.parse(readFileSync(out, 'utf8'));
    expect(exported.features).toHaveLength(3);
    expect(exported.features.map((f: { geometry: { coordinates: number[] } }) => f.geometry.coordinates[0]).sort((a: number, b: number) => a - b)).toEqual([-105, -104.9, -80]);
  });
});
