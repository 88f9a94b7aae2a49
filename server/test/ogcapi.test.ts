import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { insertPermissions } from '../src/accounts/store.js';
import { insertFeaturesBulk } from '../src/features/bulk-insert.js';
import { Mailbox, harness, sharedDatabase, testConfig, type Harness } from './harness.js';
import { createAccount, signedInAccount, templateDictionaryId, type SignedIn } from './factories.js';
import { call, field } from './feature-fixtures.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal)
  throw new Error('CI must have GDAL (gdal-bin) to test OGC API – Features with a real client');

const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const EPSG_4326 = 'http://www.opengis.net/def/crs/EPSG/0/4326';
const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';

const SURVEY_FIELDS = [
  { name: 'label', type: 'text', order: 0 },
  { name: 'count', type: 'integer', order: 1 },
  { name: 'depth', type: 'real', order: 2 },
  { name: 'active', type: 'boolean', order: 3 },
  { name: 'surveyed', type: 'date', order: 4 },
  { name: 'seen_at', type: 'datetime', order: 5 },
];
const SURVEY_POINTS = 250;

/**
 * One fixture for the file: organization A's project P with drawn points (Denver, near Denver, Miami),
 * a line, a polygon and a "Survey" layer of 250 points with the six field types; a second project Q
 * of A; client keys of A's admin, of a member of A who may see only Q, and of another organization's
 * admin. The service is read through a second app listening on a real port (GDAL is a real client),
 * whose public URL is that port, so the links GDAL follows lead back to it.
 */
interface World {
  h: Harness;
  app: FastifyInstance;
  origin: string;
  admin: SignedIn;
  projectId: string;
  otherProjectId: string;
  otherLayerId: string;
  pointLayerId: string;
  surveyLayerId: string;
  pointIds: string[];
  /** Every URL the listening app was asked for, to see what GDAL requested. */
  requests: string[];
  keys: { admin: string; onlyQ: string; orgB: string; orgBProjectId: string };
}

let w: World;

async function setUp(): Promise<World> {
  const h = await harness();
  const f = await field(h);
  const admin = f.admin;
  const ok = <T>(res: { status: number; body: T }, what: string): T => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const pointIds: string[] = [];
  for (const coordinates of [
    [-105, 39.5],
    [-104.9, 39.6],
    [-80, 25],
  ]) {
    const drawn = ok(
      await call(h, admin, 'POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates },
        properties: { layer_id: f.layer('point') },
      }),
      'point',
    ) as { properties: { ogc_fid: number } };
    pointIds.push(String(drawn.properties.ogc_fid));
  }
  ok(
    await call(h, admin, 'POST', '/rest/features/lines', {
      geometry: {
        type: 'LineString',
        coordinates: [
          [-105, 39],
          [-104, 40],
        ],
      },
      properties: { layer_id: f.layer('line') },
    }),
    'line',
  );
  const layers = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers`;
  const survey = ok(await call(h, admin, 'POST', layers, { name: 'Survey', fields: SURVEY_FIELDS }), 'survey') as {
    id: string;
  };
  await h.db.transaction().execute((trx) =>
    insertFeaturesBulk(
      trx,
      {
        organizationId: admin.organizationId,
        projectId: f.project.id,
        layerId: survey.id,
        dictionaryId: null,
        accountId: admin.accountId,
      },
      Array.from({ length: SURVEY_POINTS }, (_, i) => ({
        kind: 'point' as const,
        geometry: { type: 'Point', coordinates: [-100 + (i % 25) / 100, 35 + Math.floor(i / 25) / 100] },
        fieldValues: {
          label: `S${i}`,
          count: i,
          depth: i + 0.5,
          active: i % 2 === 0,
          surveyed: '2024-05-01',
          seen_at: '2024-05-01T10:00:00Z',
        },
      })),
    ),
  );

  const other = ok(
    await call(h, admin, 'POST', '/rest/projects', { name: 'Q', dataDictionaryId: f.dictionary.id }),
    'project Q',
  ) as { id: string };
  const otherFolder = ok(
    await call(h, admin, 'POST', `/rest/projects/${other.id}/addFeatureFolder`, {}),
    'folder Q',
  ) as {
    layers: Array<{ id: string }>;
  };
  const onlyQ = await createAccount(h, { organizationId: admin.organizationId, skipPermissions: true });
  await insertPermissions(h.db, onlyQ.accountId, admin.organizationId, [
    { assetTypeName: 'project', assetId: other.id, bitMask: '0001' },
  ]);
  const key = async (owner: SignedIn, email: string) =>
    (ok(await call(h, owner, 'POST', '/rest/accounts/clientkey', { email }), 'client key') as { key: string }).key;
  const adminB = await signedInAccount(h);
  const projectB = ok(
    await call(h, adminB, 'POST', '/rest/projects', {
      name: 'B',
      dataDictionaryId: await templateDictionaryId(h),
    }),
    'project B',
  ) as { id: string };
  await call(h, adminB, 'POST', `/rest/projects/${projectB.id}/addFeatureFolder`, {});

  const config = testConfig();
  const app = await buildApp({ config, database: sharedDatabase(h), mailer: new Mailbox(), logger: false });
  const requests: string[] = [];
  app.addHook('onRequest', async (req) => void requests.push(req.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  config.publicUrl = origin;
  return {
    h,
    app,
    origin,
    admin,
    projectId: f.project.id,
    otherProjectId: other.id,
    otherLayerId: otherFolder.layers[0].id,
    pointLayerId: f.layer('point'),
    surveyLayerId: survey.id,
    pointIds,
    requests,
    keys: {
      admin: await key(admin, admin.email),
      onlyQ: await key(admin, onlyQ.email),
      orgB: await key(adminB, adminB.email),
      orgBProjectId: projectB.id,
    },
  };
}

const root = (projectId = w.projectId) => `/rest/projects/ogc/${projectId}/ogcapi`;

/** A GET of the service through the listening app, with the admin's key unless told otherwise. */
async function get(pathAndQuery: string, options: { key?: string | null; headers?: Record<string, string> } = {}) {
  const key = options.key === undefined ? w.keys.admin : options.key;
  const url = new URL(pathAndQuery.startsWith('http') ? pathAndQuery : `${w.origin}${pathAndQuery}`);
  if (key !== null && !url.searchParams.has('key')) url.searchParams.set('key', key);
  const res = await w.app.inject({ method: 'GET', url: url.pathname + url.search, headers: options.headers });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    crs: res.headers['content-crs'],
    body: res.body,
    json: () => res.json(),
  };
}

type Link = { rel: string; href: string; type: string };
const linkOf = (doc: { links: Link[] }, rel: string) => doc.links.find((l) => l.rel === rel);
type FeatureCollection = {
  numberMatched: number;
  numberReturned: number;
  timeStamp: string;
  links: Link[];
  features: Array<{ id: number; geometry: { coordinates: number[] }; properties: Record<string, unknown> }>;
};

beforeAll(async () => {
  w = await setUp();
}, 120_000);
afterAll(async () => {
  await w?.app.close();
});

describe('OGC API – Features: documents', () => {
  it('serves the landing page (with or without a slash), conformance and the API definition, every link keyed', async () => {
    for (const p of [root(), `${root()}/`]) {
      const landing = await get(p);
      expect(landing.status, landing.body).toBe(200);
      expect(landing.type).toContain('application/json');
      const doc = landing.json() as { links: Link[] };
      expect(doc.links.map((l) => l.rel).sort()).toEqual(['conformance', 'data', 'self', 'service-desc']);
      for (const link of doc.links) {
        expect(link.href.startsWith(`${w.origin}${root()}`)).toBe(true);
        expect(new URL(link.href).searchParams.get('key')).toBe(w.keys.admin);
      }
    }
    // A key sent as a header is written into the links all the same.
    const byHeader = await get(root(), { key: null, headers: { 'x-api-key': w.keys.admin } });
    expect(new URL(linkOf(byHeader.json(), 'data')!.href).searchParams.get('key')).toBe(w.keys.admin);

    const conformance = (await get(`${root()}/conformance`)).json() as { conformsTo: string[] };
    expect(conformance.conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
      ]),
    );
    const api = await get(`${root()}/api`);
    expect(api.type).toContain('application/vnd.oai.openapi+json');
    expect(Object.keys(api.json().paths)).toContain('/collections/{collectionId}/items');
  });

  it('answers JSON to JSON and browser clients, 406 to HTML- or XML-only ones, never the web page', async () => {
    const browser = await get(`${root()}/collections`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.type).toContain('application/json');
    for (const [query, accept] of [
      ['?f=html', undefined],
      ['', 'text/html'],
      ['', 'application/xml'],
    ] as const) {
      const res = await get(`${root()}/collections${query}`, accept ? { headers: { accept } } : {});
      expect(res.status, `${query} ${accept}`).toBe(406);
      expect(res.type).toContain('application/json');
    }
    expect((await get(`${root()}/collections?f=json`)).status).toBe(200);
    const unknown = await get(`${root()}/nothing-here`, { headers: { accept: 'application/json' } });
    expect(unknown.status).toBe(404);
    expect(unknown.type).toContain('application/json');
  });

  it('lists the layers the project WFS lists, under the same names, with extent, CRS and typed queryables', async () => {
    const list = (await get(`${root()}/collections`)).json() as {
      collections: Array<{ id: string; title: string; extent?: { spatial: { bbox: number[][] } }; links: Link[] }>;
    };
    const caps = await w.app.inject({
      method: 'GET',
      url: `/rest/projects/ogc/${w.projectId}/wfs?request=GetCapabilities&key=${w.keys.admin}`,
    });
    const wfsNames = [...caps.body.matchAll(/<Name>fb:([^<]+)<\/Name>/g)].map((m) => m[1]);
    expect(list.collections.map((c) => c.id).sort()).toEqual([...wfsNames].sort());
    expect(list.collections.map((c) => c.title)).toContain('Survey');

    const pointsId = ((await get(`${root()}/collections/${w.pointLayerId}`)).json() as { id: string }).id;
    const points = list.collections.find((c) => c.id === pointsId)!;
    expect(points.extent!.spatial.bbox[0]).toEqual([-105, 25, -80, 39.6]);
    const one = (await get(`${root()}/collections/${points.id}`)).json();
    expect(one).toMatchObject({ id: points.id, itemType: 'feature', storageCrs: CRS84 });
    expect(one.crs).toEqual([CRS84, EPSG_4326, EPSG_3857]);
    expect(linkOf(one, 'items')).toMatchObject({ type: 'application/geo+json' });
    // The alias and the raw id name the same collection.
    for (const alias of [`layer_${w.pointLayerId.replace(/-/g, '')}`, w.pointLayerId])
      expect((await get(`${root()}/collections/${alias}`)).json().id).toBe(points.id);
    expect((await get(`${root()}/collections/nope`)).status).toBe(404);

    const survey = list.collections.find((c) => c.title === 'Survey')!;
    const q = (await get(`${root()}/collections/${survey.id}/queryables`)).json();
    expect(q.properties).toMatchObject({
      ogc_fid: { type: 'integer' },
      created: { type: 'string', format: 'date-time' },
      label: { type: 'string' },
      count: { type: 'integer' },
      depth: { type: 'number' },
      active: { type: 'boolean' },
      surveyed: { type: 'string', format: 'date' },
      seen_at: { type: 'string', format: 'date-time' },
    });
  });
});

describe('OGC API – Features: items', () => {
  const items = (collection: string, query = '') => get(`${root()}/collections/${collection}/items${query}`);

  it('pages 250 features by keyset next links (default 10, limit capped at 10000) and back by prev', async () => {
    const first = await items(w.surveyLayerId);
    expect(first.type).toContain('application/geo+json');
    expect(first.crs).toBe(`<${CRS84}>`);
    const page = first.json() as FeatureCollection;
    expect(page).toMatchObject({ type: 'FeatureCollection', numberMatched: SURVEY_POINTS, numberReturned: 10 });
    expect(Date.parse(page.timeStamp)).not.toBeNaN();
    expect(linkOf(page, 'prev')).toBeUndefined();

    const seen: number[] = [];
    let next: string | undefined = `${root()}/collections/${w.surveyLayerId}/items?limit=100`;
    const pages: FeatureCollection[] = [];
    while (next) {
      const res = await get(next);
      expect(res.status, res.body).toBe(200);
      const fc = res.json() as FeatureCollection;
      pages.push(fc);
      expect(fc.numberMatched).toBe(SURVEY_POINTS);
      seen.push(...fc.features.map((f) => f.id));
      next = linkOf(fc, 'next')?.href;
      if (next) expect(new URL(next).searchParams.get('key')).toBe(w.keys.admin);
    }
    expect(pages.map((p) => p.numberReturned)).toEqual([100, 100, 50]);
    expect(new Set(seen).size).toBe(SURVEY_POINTS);
    expect(pages[0].features[0].properties).toMatchObject({ label: 'S0', count: 0, depth: 0.5, active: true });

    const back = (await get(linkOf(pages[2], 'prev')!.href)).json() as FeatureCollection;
    expect(back.features.map((f) => f.id)).toEqual(pages[1].features.map((f) => f.id));
    // A page before the 5th feature holds the first four: a next link, no prev.
    const start = (await items(w.surveyLayerId, `?limit=10&before=${seen[4]}`)).json() as FeatureCollection;
    expect(start.features.map((f) => f.id)).toEqual(seen.slice(0, 4));
    expect(linkOf(start, 'prev')).toBeUndefined();
    expect(new URL(linkOf(start, 'next')!.href).searchParams.get('after')).toBe(String(seen[3]));

    const capped = (await items(w.surveyLayerId, '?limit=20000')).json() as FeatureCollection;
    expect(capped.numberReturned).toBe(SURVEY_POINTS);
    expect(new URL(linkOf(capped, 'self')!.href).searchParams.get('limit')).toBe('10000');
    expect(linkOf(capped, 'next')).toBeUndefined();
    for (const bad of [
      '?limit=0',
      '?limit=abc',
      '?after=x',
      '?after=99999999999999999999999999',
      '?after=1&before=2',
      '?datetime=2024-13-01',
      '?datetime=yesterday',
      '?datetime=2024-06-01/2024-05-01',
      '?datetime=a/b/c',
      '?crs=EPSG:2154',
      '?bbox=1,2,3',
      '?bbox=1,2,3,x',
      '?bbox=0,10,1,5',
      '?f=csv',
    ])
      expect((await items(w.surveyLayerId, bad)).status, bad).toBe(400);
    // Extreme but well-formed input is answered, never a 5xx.
    for (const odd of [
      '?bbox=-1e308,-1e308,1e308,1e308',
      `?bbox=-1e308,-1e308,1e308,1e308&bbox-crs=${encodeURIComponent(EPSG_3857)}`,
      '?limit=1&limit=1',
      '?limit=99999999999999999999999',
      `?after=${seen[249]}`,
    ]) {
      const res = await items(w.surveyLayerId, odd);
      expect(res.status, `${odd}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('gives the same properties as the WFS GeoJSON', async () => {
    const wfs = await w.app.inject({
      method: 'GET',
      url: `/rest/projects/ogc/${w.projectId}/wfs?request=GetFeature&typeNames=layer_${w.surveyLayerId.replace(/-/g, '')}&outputFormat=application/json&count=3&key=${w.keys.admin}`,
    });
    const fromWfs = wfs.json().features as Array<{ id: string; properties: unknown }>;
    const fromApi = ((await items(w.surveyLayerId, '?limit=3')).json() as FeatureCollection).features;
    expect(fromApi.map((f) => f.properties)).toEqual(fromWfs.map((f) => f.properties));
    expect(fromApi.map((f) => `point.${f.id}`)).toEqual(fromWfs.map((f) => f.id));
  });

  it('filters by bbox in CRS84, in EPSG:4326 (lat/lon) and in EPSG:3857', async () => {
    const count = async (query: string) => {
      const res = await items(w.pointLayerId, query);
      expect(res.status, res.body).toBe(200);
      const fc = res.json() as FeatureCollection;
      expect(fc.numberMatched).toBe(fc.numberReturned);
      return fc.numberReturned;
    };
    expect(await count('')).toBe(3);
    expect(await count('?bbox=-106,39,-104,40')).toBe(2);
    expect(await count(`?bbox=39,-106,40,-104&bbox-crs=${encodeURIComponent(EPSG_4326)}`)).toBe(2);
    const x = (lon: number) => (lon * 20037508.342789244) / 180;
    const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137;
    expect(await count(`?bbox=${x(-81)},${y(24)},${x(-79)},${y(26)}&bbox-crs=${encodeURIComponent(EPSG_3857)}`)).toBe(
      1,
    );
    // West edge east of the east edge: a box across the antimeridian, which holds none of these.
    expect(await count('?bbox=170,20,-170,50')).toBe(0);
  });

  it('filters by datetime, the time each feature was collected: instants, dates and open or closed intervals', async () => {
    // The three points collected on three days (their created time).
    const times = ['2024-05-01T08:30:00Z', '2024-05-02T12:00:00Z', '2024-05-03T23:59:59Z'];
    for (const [i, id] of w.pointIds.entries())
      await w.h.db
        .updateTable('features')
        .set({ created_at: new Date(times[i]) })
        .where('id', '=', id)
        .execute();
    const matched = async (datetime: string) => {
      const res = await items(w.pointLayerId, `?datetime=${encodeURIComponent(datetime)}`);
      expect(res.status, res.body).toBe(200);
      const fc = res.json() as FeatureCollection;
      // The links repeat the selection, so a client paging on stays within it.
      expect(new URL(linkOf(fc, 'self')!.href).searchParams.get('datetime')).toBe(datetime);
      return fc.features.map((f) => String(f.id));
    };
    const [first, second, third] = w.pointIds;
    expect(await matched('2024-05-02T12:00:00Z')).toEqual([second]);
    expect(await matched('2024-05-02')).toEqual([second]);
    expect(await matched('2024-05-01/2024-05-02')).toEqual([first, second]);
    expect(await matched('2024-05-02T00:00:00Z/..')).toEqual([second, third]);
    expect(await matched('../2024-05-01T09:00:00Z')).toEqual([first]);
    expect(await matched('/2024-05-03')).toEqual([first, second, third]);
    expect(await matched('2024-06-01/..')).toEqual([]);
    // The collection says which times there are to select from.
    const collection = (await get(`${root()}/collections/${w.pointLayerId}`)).json();
    expect(collection.extent.temporal.interval).toEqual([['2024-05-01T08:30:00.000Z', '2024-05-03T23:59:59.000Z']]);
  });

  it('returns one feature by id (404 for an unknown one or one of another layer), in the CRS asked', async () => {
    const [denver] = w.pointIds;
    const one = await get(`${root()}/collections/${w.pointLayerId}/items/${denver}`);
    expect(one.status, one.body).toBe(200);
    expect(one.crs).toBe(`<${CRS84}>`);
    const feature = one.json();
    expect(feature).toMatchObject({ type: 'Feature', id: Number(denver), geometry: { coordinates: [-105, 39.5] } });
    expect(linkOf(feature, 'collection')).toBeDefined();
    expect((await get(`${root()}/collections/${w.pointLayerId}/items/point.${denver}`)).status).toBe(200);
    for (const unknown of ['999999999', 'abc', '-1'])
      expect((await get(`${root()}/collections/${w.pointLayerId}/items/${unknown}`)).status, unknown).toBe(404);
    expect((await get(`${root()}/collections/${w.surveyLayerId}/items/${denver}`)).status).toBe(404);

    const metres = await get(`${root()}/collections/${w.pointLayerId}/items/${denver}?crs=EPSG:3857`);
    expect(metres.crs).toBe(`<${EPSG_3857}>`);
    const [mx, my] = metres.json().geometry.coordinates as number[];
    expect(mx).toBeCloseTo((-105 * 20037508.342789244) / 180, 1);
    expect(my).toBeCloseTo(Math.log(Math.tan(Math.PI / 4 + (39.5 * Math.PI) / 360)) * 6378137, 1);
    const page = await items(w.pointLayerId, `?crs=${encodeURIComponent(EPSG_3857)}&limit=1`);
    expect(page.crs).toBe(`<${EPSG_3857}>`);
    expect(Math.abs((page.json() as FeatureCollection).features[0].geometry.coordinates[0])).toBeGreaterThan(1e6);
    const latLon = await get(
      `${root()}/collections/${w.pointLayerId}/items/${denver}?crs=${encodeURIComponent(EPSG_4326)}`,
    );
    expect(latLon.crs).toBe(`<${EPSG_4326}>`);
    expect(latLon.json().geometry.coordinates).toEqual([39.5, -105]);
  });
});

describe('OGC API – Features: access', () => {
  it('refuses a missing or invalid key with 401, and reads nothing of a project the key may not see', async () => {
    const paths = [
      root(),
      `${root()}/collections`,
      `${root()}/collections/${w.pointLayerId}`,
      `${root()}/collections/${w.pointLayerId}/items`,
      `${root()}/collections/${w.pointLayerId}/items/${w.pointIds[0]}`,
      `${root()}/collections/${w.pointLayerId}/queryables`,
    ];
    for (const p of paths) {
      expect((await get(p, { key: null })).status, p).toBe(401);
      expect((await get(p, { key: 'fbk_not-a-key' })).status, p).toBe(401);
      for (const key of [w.keys.orgB, w.keys.onlyQ]) {
        const res = await get(p, { key });
        expect(res.status, p).toBe(404);
        expect(res.body).not.toContain(w.pointLayerId);
      }
    }
    // Through projects the key does see, another project's layer is no collection.
    const own = await get(`${root(w.keys.orgBProjectId)}/collections/${w.pointLayerId}/items`, { key: w.keys.orgB });
    expect(own.status).toBe(404);
    const q = await get(`${root(w.otherProjectId)}/collections`, { key: w.keys.onlyQ });
    expect(q.status).toBe(200);
    expect((q.json() as { collections: unknown[] }).collections.length).toBeGreaterThan(0);
    expect((await get(`${root()}/collections/${w.otherLayerId}/items`)).status).toBe(404);
  });
});

/** `ogrinfo -so -al` output as layers: name, feature count and fields (name → type). */
function layersOf(stdout: string) {
  return stdout
    .split(/^Layer name: /m)
    .slice(1)
    .map((block) => {
      const name = block.split('\n')[0].trim().replace(/^fb:/, '');
      const count = Number(/Feature Count: (-?\d+)/.exec(block)?.[1]);
      const fields = Object.fromEntries(
        [...block.matchAll(/^(\w+): (\w+(?:\(\w+\))?) \(/gm)]
          .filter(([, field]) => !['Geometry', 'Extent', 'FID'].includes(field))
          .map(([, field, type]) => [field, type]),
      );
      return { name, count, fields };
    });
}

describe.runIf(hasGdal)('OGC API – Features read by GDAL (OAPIF driver)', () => {
  const env = () => ({ ...process.env, CPL_DEBUG: 'OFF', GDAL_HTTP_TIMEOUT: '60' });
  const oapif = () => `OAPIF:${w.origin}${root()}?key=${w.keys.admin}`;

  it('lists every layer with typed fields and counts, as the project WFS does', async () => {
    const api = layersOf((await run('ogrinfo', ['-ro', '-so', '-al', oapif()], { env: env() })).stdout);
    const wfs = layersOf(
      (
        await run(
          'ogrinfo',
          ['-ro', '-so', '-al', `WFS:${w.origin}/rest/projects/ogc/${w.projectId}/wfs?key=${w.keys.admin}`],
          {
            env: env(),
          },
        )
      ).stdout,
    );
    expect(api.map((l) => l.name).sort()).toEqual(wfs.map((l) => l.name).sort());
    for (const layer of api) {
      const same = wfs.find((l) => l.name === layer.name)!;
      expect(layer.count, layer.name).toBe(same.count);
      expect(Object.keys(layer.fields).sort(), layer.name).toEqual(
        Object.keys(same.fields)
          .filter((f) => f !== 'gml_id')
          .sort(),
      );
    }
    const survey = api.find((l) => l.count === SURVEY_POINTS)!;
    expect(survey.fields).toMatchObject({
      ogc_fid: 'Integer',
      created: 'DateTime',
      label: 'String',
      count: 'Integer',
      depth: 'Real',
      active: 'Integer(Boolean)',
      surveyed: 'Date',
      seen_at: 'DateTime',
    });
  });

  it('reads one feature with ogrinfo -fid, which appends the id after the key in the URL', async () => {
    const pointsName = ((await get(`${root()}/collections/${w.pointLayerId}`)).json() as { id: string }).id;
    const before = w.requests.length;
    const { stdout } = await run('ogrinfo', ['-ro', oapif(), pointsName, '-fid', w.pointIds[1]], { env: env() });
    expect(stdout).toContain(`OGRFeature(${pointsName}):${w.pointIds[1]}`);
    expect(stdout).toMatch(/POINT \(-104\.9 39\.6\)/);
    // GDAL's own request: `/items?key=<key>/<id>`, answered as the feature, not refused for a wrong key.
    expect(w.requests.slice(before)).toContain(
      `${root()}/collections/${pointsName}/items?key=${w.keys.admin}/${w.pointIds[1]}`,
    );
    // Anything else after a key stays a wrong key.
    expect((await get(`${root()}/collections/${pointsName}/items?key=${w.keys.admin}/x1`)).status).toBe(401);
  });

  it('reads a layer of many pages whole, and filters by a bbox', async () => {
    const surveyName = ((await get(`${root()}/collections/${w.surveyLayerId}`)).json() as { id: string }).id;
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'ogcapi-')), 'survey.geojson');
    await run('ogr2ogr', ['-f', 'GeoJSON', out, oapif(), surveyName], { env: env() });
    const read = JSON.parse(readFileSync(out, 'utf8')) as { features: Array<{ properties: { label: string } }> };
    expect(read.features).toHaveLength(SURVEY_POINTS);
    expect(new Set(read.features.map((f) => f.properties.label)).size).toBe(SURVEY_POINTS);

    const pointsName = ((await get(`${root()}/collections/${w.pointLayerId}`)).json() as { id: string }).id;
    const spatial = await run('ogrinfo', ['-ro', '-al', '-spat', '-106', '39', '-104', '40', oapif(), pointsName], {
      env: env(),
    });
    expect(spatial.stdout.match(/OGRFeature/g)).toHaveLength(2);
    // Counted by the server's bbox filter (GDAL sends the box, not the whole layer to filter itself).
    const asked = w.requests.length;
    const counted = await run('ogrinfo', ['-ro', '-so', '-spat', '-106', '39', '-104', '40', oapif(), pointsName], {
      env: env(),
    });
    expect(counted.stdout).toContain('Feature Count: 2');
    expect(w.requests.slice(asked).some((url) => url.includes('/items?') && url.includes('bbox=-106,39,-104,40'))).toBe(
      true,
    );
  });
});
