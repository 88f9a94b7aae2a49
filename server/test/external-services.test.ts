import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/connect.js';
import { isPrivateAddress } from '../src/external-services/remote.js';
import { Mailbox, harness, testConfig, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const wmsCapabilities = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">
  <Service><Name>WMS</Name><Title>County Imagery</Title></Service>
  <Capability>
    <Request><GetMap><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="${base}/wms?map=county"/></Get></HTTP></DCPType></GetMap></Request>
    <Layer><Title>Root</Title>
      <Layer><Name>ortho</Name><Title>Orthophoto 2024</Title></Layer>
      <Layer><Name>parcels</Name><Title>Parcels</Title></Layer>
    </Layer>
  </Capability>
</WMS_Capabilities>`;
const wmtsCapabilities = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities version="1.0.0" xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink">
  <ows:ServiceIdentification><ows:Title>Base Tiles</ows:Title></ows:ServiceIdentification>
  <ows:OperationsMetadata><ows:Operation name="GetTile"><ows:DCP><ows:HTTP><ows:Get xlink:href="${base}/wmts?">
    <ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP></ows:Operation></ows:OperationsMetadata>
  <Contents><Layer><ows:Title>Streets</ows:Title><ows:Identifier>streets</ows:Identifier></Layer></Contents>
</Capabilities>`;

const HTML = '<!doctype html><html><body><script>fetch("/rest/accounts/profile")</script></body></html>';
const JPEG = Buffer.from('ffd8ffe000104a46494600', 'hex');
/** What the remote answers for a GetMap of a layer: its own content type, not always the truth. */
const REMOTE_ANSWERS: Record<string, { type: string; body: string | Buffer }> = {
  html: { type: 'text/html', body: HTML },
  svg: { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
  disguised: { type: 'image/png', body: HTML },
  unlabelled: { type: 'application/octet-stream', body: JPEG },
};

/** A tiny map service on loopback: capabilities, and a PNG only with the right basic credentials. */
let service: Server;
let base = '';
const requests: Array<{ url: string; auth?: string }> = [];
beforeAll(async () => {
  service = createServer((req, res) => {
    requests.push({ url: req.url ?? '', auth: req.headers.authorization });
    const url = new URL(req.url ?? '/', base);
    if (req.headers.authorization !== `Basic ${Buffer.from('maps:s3cret').toString('base64')}`)
      return void res.writeHead(401).end();
    if (url.searchParams.get('REQUEST') === 'GetCapabilities') {
      res.writeHead(200, { 'content-type': 'text/xml' });
      return void res.end(url.pathname === '/wmts' ? wmtsCapabilities(base) : wmsCapabilities(base));
    }
    if (url.pathname === '/html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(HTML);
    const answer = REMOTE_ANSWERS[url.searchParams.get('LAYERS') ?? ''] ?? { type: 'image/png', body: PNG };
    res.writeHead(200, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

/** An app whose operator allows private service addresses (ALLOW_PRIVATE_SERVICE_URLS=true). */
let allowing: Promise<Harness> | undefined;
function allowingHarness(): Promise<Harness> {
  allowing ??= (async () => {
    const database =
      process.env.FB_TEST_DB === 'postgres'
        ? await openDatabase({ databaseUrl: inject('postgresUrl') })
        : await openDatabase({ pgliteDump: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    const mailbox = new Mailbox();
    const app = await buildApp({
      config: testConfig({ allowPrivateServiceUrls: true }),
      database,
      mailer: mailbox,
      logger: false,
    });
    await app.ready();
    return { app, db: database.db, kind: database.kind, mailbox };
  })();
  return allowing;
}

const call = async (h: Harness, who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body, json: () => res.json(), type: res.headers['content-type'] };
};

async function project(h: Harness, admin: SignedIn) {
  const dictionaryId = (
    await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('template_key', '=', 'apwa-utility-locating')
      .executeTakeFirstOrThrow()
  ).id;
  return (await call(h, admin, 'POST', '/rest/projects', { name: 'Services', dataDictionaryId: dictionaryId })).json();
}
const store = (kind: 'wms' | 'wmts', capabilitiesURL: string) => ({
  [`${kind}Store`]: { capabilitiesURL, username: ' maps ', password: 's3cret' },
});

describe('external services', () => {
  it('adds a WMS service: a type 3 folder with one layer per named layer, tiles through the proxy with credentials', async () => {
    const h = await allowingHarness();
    const admin = await signedInAccount(h);
    const p = await project(h, admin);
    const res = await call(h, admin, 'POST', `/rest/projects/${p.id}/wmsstore`, store('wms', `${base}/wms?map=county`));
    expect(res.status).toBe(201);
    const folder = res.json();
    expect(folder).toMatchObject({ name: 'County Imagery', folderType: '3' });
    expect(
      folder.layers.map((l: { name: string; serverName: string; type: string }) => [l.name, l.serverName, l.type]),
    ).toEqual([
      ['Orthophoto 2024', 'ortho', 'WMS'],
      ['Parcels', 'parcels', 'WMS'],
    ]);
    expect(res.body).not.toContain('s3cret');
    expect(JSON.stringify((await call(h, admin, 'GET', `/rest/projects/${p.id}`)).json())).not.toContain('s3cret');

    const storeId = folder.layers[0].referenceId;
    // The password is kept sealed: a copy of the database does not give it away.
    const kept = await h.db
      .selectFrom('external_stores')
      .select('password')
      .where('id', '=', storeId)
      .executeTakeFirstOrThrow();
    expect(kept.password).not.toContain('s3cret');
    const tile = await call(
      h,
      admin,
      'GET',
      `/rest/projects/${p.id}/store/${storeId}/proxy?SERVICE=WMS&REQUEST=GetMap&LAYERS=ortho&BBOX=0,0,1,1&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&FORMAT=image/png&evil=1`,
    );
    expect(tile.status).toBe(200);
    expect(tile.type).toBe('image/png');
    const forwarded = requests.at(-1)!;
    expect(forwarded.url).toContain('/wms?map=county');
    expect(forwarded.url).toContain('LAYERS=ortho');
    expect(forwarded.url).not.toContain('evil');

    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', `/rest/projects/${p.id}/wmsstore`, store('wms', `${base}/wms`))).status).toBe(
      403,
    );
    const outsider = await signedInAccount(h);
    expect(
      (await call(h, outsider, 'GET', `/rest/projects/${p.id}/store/${storeId}/proxy?REQUEST=GetMap`)).status,
    ).toBe(404);
    expect(
      (await call(h, outsider, 'POST', `/rest/projects/${p.id}/wmsstore`, store('wms', `${base}/wms`))).status,
    ).toBe(404);
    expect((await call(h, outsider, 'DELETE', `/rest/projects/${p.id}/store/${storeId}`)).status).toBe(404);
    expect((await call(h, admin, 'DELETE', `/rest/projects/${p.id}/store/${storeId}`)).status).toBe(204);
    expect((await call(h, admin, 'GET', `/rest/projects/${p.id}`)).json().folders).toEqual([]);
  });

  it('adds a WMTS service as a type 4 folder and proxies its capabilities and tiles', async () => {
    const h = await allowingHarness();
    const admin = await signedInAccount(h);
    const p = await project(h, admin);
    const folder = (
      await call(h, admin, 'POST', `/rest/projects/${p.id}/wmtsstore`, store('wmts', `${base}/wmts`))
    ).json();
    expect(folder).toMatchObject({
      name: 'Base Tiles',
      folderType: '4',
      layers: [expect.objectContaining({ name: 'Streets', serverName: 'streets', type: 'WMS' })],
    });
    const storeId = folder.layers[0].referenceId;
    const caps = await call(
      h,
      admin,
      'GET',
      `/rest/projects/${p.id}/store/${storeId}/proxy?SERVICE=WMTS&REQUEST=GetCapabilities`,
    );
    expect(caps.body).toContain('<ows:Identifier>streets</ows:Identifier>');
    const tile = await call(
      h,
      admin,
      'GET',
      `/rest/projects/${p.id}/store/${storeId}/proxy?SERVICE=WMTS&REQUEST=GetTile&LAYER=streets&TILEMATRIX=3&TILEROW=1&TILECOL=2`,
    );
    expect(tile.type).toBe('image/png');
    expect(requests.at(-1)!.url).toMatch(/^\/wmts\?.*TILECOL=2/);
  });

  it('passes on only raster images typed by their bytes and capabilities it parsed, never remote HTML or SVG', async () => {
    const h = await allowingHarness();
    const admin = await signedInAccount(h);
    const p = await project(h, admin);
    const storeId = (
      await call(h, admin, 'POST', `/rest/projects/${p.id}/wmsstore`, store('wms', `${base}/wms`))
    ).json().layers[0].referenceId;
    const getMap = (layer: string) =>
      h.app.inject({
        method: 'GET',
        url: `/rest/projects/${p.id}/store/${storeId}/proxy?REQUEST=GetMap&LAYERS=${layer}`,
        headers: admin.auth,
      });
    for (const layer of ['html', 'svg', 'disguised']) {
      const res = await getMap(layer);
      expect([layer, res.statusCode, res.json().message]).toEqual([
        layer,
        400,
        'app.external-service.error.unreachable',
      ]);
      expect(res.body).not.toContain('<script>');
    }
    const jpeg = await getMap('unlabelled');
    expect([jpeg.statusCode, jpeg.headers['content-type'], jpeg.headers['x-content-type-options']]).toEqual([
      200,
      'image/jpeg',
      'nosniff',
    ]);
    expect(jpeg.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const caps = await h.app.inject({
      method: 'GET',
      url: `/rest/projects/${p.id}/store/${storeId}/proxy?REQUEST=GetCapabilities`,
      headers: admin.auth,
    });
    expect([caps.statusCode, caps.headers['content-type'], caps.headers['x-content-type-options']]).toEqual([
      200,
      'application/xml; charset=utf-8',
      'nosniff',
    ]);
    expect(caps.body).toContain('<Name>ortho</Name>');
    // The service starts answering its capabilities with a web page: it is not passed on.
    await h.db
      .updateTable('external_stores')
      .set({ capabilities_url: `${base}/html` })
      .where('id', '=', storeId)
      .execute();
    const page = await h.app.inject({
      method: 'GET',
      url: `/rest/projects/${p.id}/store/${storeId}/proxy?REQUEST=GetCapabilities`,
      headers: admin.auth,
    });
    expect([page.statusCode, page.json().message]).toEqual([400, 'app.external-service.error.capabilities']);
  });

  it('refuses bad URLs, bad credentials and documents that are not capabilities', async () => {
    const h = await allowingHarness();
    const admin = await signedInAccount(h);
    const p = await project(h, admin);
    const post = (kind: 'wms' | 'wmts', body: unknown) =>
      call(h, admin, 'POST', `/rest/projects/${p.id}/${kind}store`, body);
    expect((await post('wms', store('wms', 'not a url'))).json().message).toBe('app.url.invalid');
    expect((await post('wms', store('wms', `ftp://example.com/${'x'.repeat(10)}`))).json().message).toBe(
      'app.url.invalid',
    );
    expect((await post('wms', store('wms', `https://example.com/${'x'.repeat(260)}`))).json().message).toBe(
      'app.url.invalid',
    );
    expect(
      (await post('wms', { wmsStore: { capabilitiesURL: `${base}/wms`, username: 'maps', password: 'wrong' } })).json()
        .message,
    ).toBe('app.external-service.error.unreachable');
    expect((await post('wmts', store('wmts', `${base}/wms`))).json().message).toBe(
      'app.external-service.error.capabilities',
    );
  });

  it('refuses loopback and private addresses unless the operator allows them', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const p = await project(h, admin);
    const res = await call(h, admin, 'POST', `/rest/projects/${p.id}/wmsstore`, store('wms', `${base}/wms`));
    expect(res.status).toBe(400);
    expect(res.json().message).toBe('app.external-service.error.private-address');
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.16.5.5',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['8.8.8.8', '2001:4860:4860::8888']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });
});
