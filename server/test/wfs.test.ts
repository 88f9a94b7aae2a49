import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { signedInAccount, type SignedIn, templateDictionaryId } from './factories.js';
import { insertFeaturesBulk } from '../src/features/bulk-insert.js';
import { publishedNames } from '../src/ogc/published-names.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to test the WFS with a real client');

const call = async (h: Harness, who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body, json: () => res.json() };
};

async function layerWithFeatures(h: Harness) {
  const admin = await signedInAccount(h);
  const template = { id: await templateDictionaryId(h) };
  const project = (
    await call(h, admin, 'POST', '/rest/projects', { name: 'WFS', dataDictionaryId: template.id })
  ).json();
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).json();
  const points = folder.layers.find((l: { serverName: string }) => l.serverName === 'point');
  for (const [i, [lng, lat]] of [
    [-105, 39.5],
    [-104.9, 39.6],
    [-80, 25],
  ].entries()) {
    const res = await call(h, admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { layer_id: points.id, properties: { name: ['Denver', "O'Hare", 'Miami'][i], rank: String(i + 1) } },
    });
    expect(res.status).toBe(201);
  }
  const base = `/rest/projects/${project.id}/folders/${folder.id}/layers/${points.id}/geo/wfs`;
  const published = `fb:${(await publishedNames(h.db, project.id)).get(points.id)}`;
  // typeName: the stable alias a client may keep using; published: the readable name capabilities list.
  return { admin, project, folder, points, base, typeName: `fb:layer_${points.id.replace(/-/g, '')}`, published };
}

describe('WFS 2.0', () => {
  it('answers capabilities, hits, GeoJSON and GML pages with a bbox in lat/lon order', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const caps = await call(h, w.admin, 'GET', `${w.base}?service=WFS&request=GetCapabilities`);
    expect(caps.body).toContain(`<Name>${w.published}</Name>`);
    expect(caps.body).toContain('<ows:LowerCorner>-105 25</ows:LowerCorner>');
    const hits = await call(
      h,
      w.admin,
      'GET',
      `${w.base}?service=WFS&version=2.0.0&request=GetFeature&typeNames=${w.typeName}&resultType=hits`,
    );
    expect(hits.body).toContain('numberMatched="3"');
    const page = await call(
      h,
      w.admin,
      'GET',
      `${w.base}?service=WFS&request=GetFeature&typeNames=${w.typeName}&outputFormat=application/json&count=2&startIndex=1`,
    );
    const fc = page.json();
    expect(fc.features).toHaveLength(2);
    expect(fc.numberMatched).toBe(3);
    const colorado = await call(
      h,
      w.admin,
      'GET',
      `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=json&bbox=39,-106,40,-104,urn:ogc:def:crs:EPSG::4326`,
    );
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
    expect(one.json()).toMatchObject({
      minx: -105,
      miny: 25,
      maxx: -80,
      maxy: 39.6,
      west: -105,
      north: 39.6,
      count: 3,
    });
    const many = await call(h, w.admin, 'POST', '/rest/projects/layerExtents', {
      layerIds: [w.points.id, w.folder.layers[0].id],
    });
    expect(Object.keys(many.json())).toEqual([w.points.id]);
    // The count tells the client when to switch from WFS pages to WMS-TILE (past 50,000, spec 3 §4).
    expect(many.json()[w.points.id]).toMatchObject({ south: 25, east: -80, count: 3, systems: [] });
    // The systems its features belong to, once each, for the legend.
    const dictionary = (await call(h, w.admin, 'GET', `/rest/dictionaries/${w.project.dataDictionaryId}`)).json();
    const electric = dictionary.systems[0].id;
    // (Classed in the table: the template's components ask for attributes this test does not fill.)
    await h.db.updateTable('features').set({ system_id: electric }).where('layer_id', '=', w.points.id).execute();
    const classed = await call(h, w.admin, 'POST', '/rest/projects/layerExtents', { layerIds: [w.points.id] });
    expect(classed.json()[w.points.id]).toMatchObject({ count: 3, systems: [electric] });
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `/rest/projects/layerExtent/${w.points.id}`)).status).toBe(404);
  });

  it('answers featureID, srsName=EPSG:3857 in metres and an explicit DescribeFeatureType', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const page = (extra: string) =>
      call(
        h,
        w.admin,
        'GET',
        `${w.base}?service=WFS&version=2.0.0&request=GetFeature&typeNames=${w.typeName}&outputFormat=application/json${extra}`,
      );
    const ids: string[] = (await page('')).json().features.map((f: { id: string }) => f.id);
    expect(ids).toHaveLength(3);
    const one = (await page(`&featureID=${ids[1]}`)).json();
    expect(one.features.map((f: { id: string }) => f.id)).toEqual([ids[1]]);
    expect(one.numberMatched).toBe(1);
    expect((await page(`&featureID=${ids[0]},${ids[2]}`)).json().features).toHaveLength(2);
    // Ids that name nothing valid match nothing: never the whole layer.
    expect((await page('&featureID=points.abc,99999999999999999999')).json().features).toHaveLength(0);
    const gml = await call(
      h,
      w.admin,
      'GET',
      `${w.base}?request=GetFeature&typeNames=${w.typeName}&featureID=${ids[0]}`,
    );
    expect(gml.body).toContain(`gml:id="${ids[0]}"`);
    expect(gml.body).toContain('numberMatched="1"');

    const metres = (await page(`&srsName=EPSG:3857&featureID=${ids[0]}`)).json().features[0].geometry.coordinates;
    expect(metres[0]).toBeCloseTo((-105 * 20037508.342789244) / 180, 1);
    expect(metres[1]).toBeCloseTo(Math.log(Math.tan(Math.PI / 4 + (39.5 * Math.PI) / 360)) * 6378137, 1);
    const gmlMetres = await call(
      h,
      w.admin,
      'GET',
      `${w.base}?request=GetFeature&typeNames=${w.typeName}&featureID=${ids[0]}&srsName=urn:ogc:def:crs:EPSG::3857`,
    );
    expect(gmlMetres.body).toMatch(/<gml:pos[^>]*>-11688546\.\d+ 4793547\.\d+<\/gml:pos>/);
    expect((await page('&srsName=EPSG:2154')).body).toContain('locator="srsName"');

    const schema = await call(
      h,
      w.admin,
      'GET',
      `${w.base}?service=WFS&version=2.0.0&request=DescribeFeatureType&typeNames=${w.typeName}`,
    );
    expect(schema.status).toBe(200);
    expect(schema.body).toContain('<xsd:schema');
    expect(schema.body).toContain(
      `<xsd:element name="${w.published.slice(3)}" type="${w.published}Type" substitutionGroup="gml:AbstractFeature"/>`,
    );
    expect(schema.body).toContain('<xsd:element name="geometry" type="gml:PointPropertyType"');
    expect(schema.body).toContain('<xsd:element name="ogc_fid" type="xsd:long"/>');
  });

  it('caps a count above 3000 at one page of 3000', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const many = Array.from({ length: 3100 }, (_, i) => ({
      kind: 'point' as const,
      geometry: { type: 'Point', coordinates: [-100 + (i % 100) / 100, 35 + Math.floor(i / 100) / 100] },
    }));
    await h.db.transaction().execute((trx) =>
      insertFeaturesBulk(
        trx,
        {
          organizationId: w.admin.organizationId,
          projectId: w.project.id,
          layerId: w.points.id,
          dictionaryId: null,
          accountId: w.admin.accountId,
        },
        many,
      ),
    );
    const page = (
      await call(
        h,
        w.admin,
        'GET',
        `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=application/json&count=5000`,
      )
    ).json();
    expect(page.features).toHaveLength(3000);
    expect(page.numberMatched).toBe(3103);
    const rest = (
      await call(
        h,
        w.admin,
        'GET',
        `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=application/json&count=5000&startIndex=3000`,
      )
    ).json();
    expect(rest.features).toHaveLength(103);
    const gml = await call(h, w.admin, 'GET', `${w.base}?request=GetFeature&typeNames=${w.typeName}&count=99999`);
    expect(gml.body).toContain('numberReturned="3000"');
  });

  it('refuses another organization and serves a project to a client key', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `${w.base}?request=GetCapabilities`)).status).toBe(404);
    const key = (await call(h, w.admin, 'POST', '/rest/accounts/clientkey', { email: w.admin.email })).json().key;
    const anonymous = await h.app.inject({
      method: 'GET',
      url: `/rest/projects/ogc/${w.project.id}/wfs?request=GetCapabilities`,
    });
    expect(anonymous.statusCode).toBe(401);
    const withKey = await h.app.inject({
      method: 'GET',
      url: `/rest/projects/ogc/${w.project.id}/wfs?request=GetCapabilities&key=${key}`,
    });
    expect(withKey.body).toContain(`<Name>${w.published}</Name>`);
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
    expect(
      exported.features
        .map((f: { geometry: { coordinates: number[] } }) => f.geometry.coordinates[0])
        .sort((a: number, b: number) => a - b),
    ).toEqual([-105, -104.9, -80]);
  });

  it('outputs only the properties named by propertyName, in GeoJSON and GML', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const json = (
      await call(
        h,
        w.admin,
        'GET',
        `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=application/json&propertyName=fb:ogc_fid,system`,
      )
    ).json();
    expect(Object.keys(json.features[0].properties).sort()).toEqual(['ogc_fid', 'system']);
    expect(json.features[0].geometry).toBeNull();
    const withGeom = (
      await call(
        h,
        w.admin,
        'GET',
        `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=json&propertyName=(geometry,created)`,
      )
    ).json();
    expect(Object.keys(withGeom.features[0].properties)).toEqual(['created']);
    expect(withGeom.features[0].geometry.type).toBe('Point');
    const gml = (
      await call(h, w.admin, 'GET', `${w.base}?request=GetFeature&typeNames=${w.typeName}&propertyName=ogc_fid`)
    ).body;
    expect(gml).toContain('<fb:ogc_fid>');
    expect(gml).not.toContain('<fb:geometry>');
    expect(gml).not.toContain('<fb:created>');
    const bad = await call(
      h,
      w.admin,
      'GET',
      `${w.base}?request=GetFeature&typeNames=${w.typeName}&propertyName=password`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('locator="propertyName"');
  });

  it('filters with the cql_filter subset, values always as parameters', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    const names = async (filter: string) => {
      const res = await call(
        h,
        w.admin,
        'GET',
        `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=application/json&cql_filter=${encodeURIComponent(filter)}`,
      );
      expect(res.status, `${filter}: ${res.body}`).toBe(200);
      return res.json().features.map((f: { properties: { ogc_fid: number } }) => f.properties.ogc_fid).length;
    };
    expect(await names("name = 'Denver'")).toBe(1);
    expect(await names("name <> 'Denver'")).toBe(2);
    expect(await names("name = 'O''Hare'")).toBe(1);
    expect(await names('rank > 1')).toBe(2);
    expect(await names('rank >= 1 AND rank <= 2')).toBe(2);
    expect(await names('rank < 2 OR rank = 3')).toBe(2);
    expect(await names("NOT (name = 'Denver')")).toBe(2);
    expect(await names("name LIKE 'D%'")).toBe(1);
    expect(await names("name ILIKE 'd%'")).toBe(1);
    expect(await names("name NOT LIKE 'D%'")).toBe(2);
    expect(await names("name IN ('Denver', 'Miami')")).toBe(2);
    expect(await names('rank IN (1, 3)')).toBe(2);
    expect(await names('rank BETWEEN 2 AND 3')).toBe(2);
    expect(await names('system IS NULL')).toBe(3);
    expect(await names('ogc_fid > 0')).toBe(3);
    expect(await names("created > '2000-01-01T00:00:00Z'")).toBe(3);
    expect(await names('BBOX(geometry, -106, 39, -104, 40)')).toBe(2);
    expect(await names("BBOX(geometry, 39, -106, 40, -104, 'urn:ogc:def:crs:EPSG::4326') AND rank = 1")).toBe(1);
    expect(await names('INTERSECTS(geometry, POLYGON((-81 24, -79 24, -79 26, -81 26, -81 24)))')).toBe(1);
    expect(await names("name = 'x'' OR ''1''=''1'")).toBe(0);
    expect(await names("name = 'Denver''; DROP TABLE features; --'")).toBe(0);

    const attribute = await h.db
      .selectFrom('attributes')
      .innerJoin('components', 'components.id', 'attributes.component_id')
      .innerJoin('systems', 'systems.id', 'components.system_id')
      .select(['attributes.id', 'attributes.name'])
      .where('systems.dictionary_id', '=', w.project.dataDictionaryId)
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('features')
      .set({ attributes: JSON.stringify([{ attributeId: attribute.id, attributeValue: '42' }]) })
      .where('layer_id', '=', w.points.id)
      .where(sql`properties->>'name'`, '=', 'Miami')
      .execute();
    expect(await names(`"${attribute.name}" = '42'`)).toBe(1);
    expect(await names(`"${attribute.name}" > 40`)).toBe(1);

    for (const bad of [
      "name = 'x",
      'rank >',
      'BBOX(geometry, 1, 2)',
      '(rank = 1',
      'rank = 1 rank',
      'INTERSECTS(geometry, POINT(1))',
      "ogc_fid = 'a'",
      "created > 'soon'",
      'rank @ 1',
      "name = 'Denver'; DROP TABLE features",
    ]) {
      const res = await call(
        h,
        w.admin,
        'GET',
        `${w.base}?request=GetFeature&typeNames=${w.typeName}&outputFormat=json&cql_filter=${encodeURIComponent(bad)}`,
      );
      expect(res.status, bad + res.body).toBe(400);
      expect(res.body).toContain('ExceptionReport');
      expect(res.body).toContain('locator="cql_filter"');
    }
    expect((await h.db.selectFrom('features').select('id').where('layer_id', '=', w.points.id).execute()).length).toBe(
      3,
    );
  });

  it.runIf(hasGdal)('is read by GDAL with propertyName and cql_filter in the URL', async () => {
    const h = await harness();
    const w = await layerWithFeatures(h);
    if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const env = { ...process.env, GDAL_HTTP_HEADERS: `Authorization: ${w.admin.auth.authorization}`, CPL_DEBUG: 'OFF' };
    const url = `WFS:http://127.0.0.1:${port}${w.base}?CQL_FILTER=${encodeURIComponent("name LIKE '%e%'")}`;
    const info = await run('ogrinfo', ['-ro', '-al', url], { env });
    expect(info.stdout.match(/OGRFeature/g)).toHaveLength(2);
    const fields = await run(
      'ogrinfo',
      ['-ro', '-al', `WFS:http://127.0.0.1:${port}${w.base}?PROPERTYNAME=geometry,ogc_fid,system&CQL_FILTER=rank%3D3`],
      { env },
    );
    expect(fields.stdout.match(/OGRFeature/g)).toHaveLength(1);
    expect(fields.stdout).toContain('POINT (-80 25)');
    expect(fields.stdout).not.toMatch(/created_by_email \(String\) = \S/);
  });
});
