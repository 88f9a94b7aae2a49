import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';

const call = async (
  h: Harness,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return {
    status: res.statusCode,
    body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body,
    headers: res.headers,
  };
};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8cfc0f01f0005000201e5274fbf0000000049454e44ae426082',
  'hex',
);
const SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld"><NamedLayer><Name>pipes</Name><UserStyle><FeatureTypeStyle><Rule>
<LineSymbolizer><Stroke><CssParameter name="stroke">#0000FF</CssParameter></Stroke></LineSymbolizer></Rule></FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;

describe('symbols', () => {
  it('creates a symbol, uploads its image to the signed postUrl without auth, serves it cache-busted', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const created = await call(h, admin, 'POST', '/rest/symbols', {
      name: ' Hydrant ',
      originalName: 'hydrant.png',
      size: PNG.length,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Hydrant', symbolUrl: null, dictionaryIDsUsing: [] });
    const uploadPath = created.body.postUrl;
    const upload = await h.app.inject({
      method: 'PUT',
      url: uploadPath,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toMatchObject({ format: 'png', originalName: 'hydrant.png' });
    const image = await h.app.inject({ method: 'GET', url: upload.json().symbolUrl });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const list = await call(h, admin, 'GET', '/rest/symbols/paged?search=hyd');
    expect(list.body).toMatchObject({ totalCount: 1, page: 0 });
    expect((await call(h, admin, 'GET', '/rest/symbols/name/exists?name=%20HYDRANT')).body).toEqual({ exists: true });
    expect(
      (await call(h, admin, 'GET', `/rest/symbols/name/exists?name=hydrant&excludeID=${created.body.id}`)).body,
    ).toEqual({ exists: false });
    expect(
      (await call(h, admin, 'POST', '/rest/symbols', { name: 'hydrant', originalName: 'x.png' })).body.message,
    ).toBe('app.data.symbol.name.exists');
    expect((await call(h, admin, 'GET', `/rest/symbols/countComponentUsage/${created.body.id}`)).body).toEqual({
      count: 0,
    });
    expect((await call(h, admin, 'DELETE', `/rest/symbols/${created.body.id}`)).status).toBe(204);
  });

  it('refuses images that are empty, too large, not png/jpg/gif, and expired or forged upload URLs', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const created = (await call(h, admin, 'POST', '/rest/symbols', { name: 'Valve', originalName: 'valve.png' })).body;
    const put = (payload: Buffer, url = created.postUrl) =>
      h.app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/octet-stream' }, payload });
    expect((await put(Buffer.from('GIF89a-not-really'.replace('GIF', 'TXT')))).json().message).toBe(
      'app.data.symbol.image.bad-type',
    );
    expect((await put(Buffer.concat([PNG, Buffer.alloc(1_000_000)]))).json().message).toBe(
      'app.data.symbol.image.too-large',
    );
    expect((await put(Buffer.from('x'), '/files/upload/forged.token.value')).statusCode).toBe(401);
    expect(
      (await call(h, admin, 'POST', '/rest/symbols', { name: 'Big', originalName: 'b.png', size: 1_000_000 })).body
        .message,
    ).toBe('app.data.symbol.image.too-large');
    expect(
      (await call(h, admin, 'POST', '/rest/symbols', { name: 'x'.repeat(51), originalName: 'b.png' })).body.message,
    ).toBe('app.data.symbol.name.too-long');
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', '/rest/symbols', { name: 'Nope', originalName: 'n.png' })).status).toBe(403);
    expect((await call(h, viewer, 'GET', '/rest/symbols/paged')).body.totalCount).toBe(1);
  });
});

describe('styles', () => {
  it('uploads an SLD, returns its body, saves edits, deletes; refuses duplicates, empty, reserved and malformed XML', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const up = await call(h, admin, 'POST', '/rest/styles/geo', {
      style: { filename: 'Pipes.sld', languageVersion: { version: '1.0.0' } },
      body: SLD,
    });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'Pipes', format: 'xml', isDictionaryStyle: false });
    const body = await call(h, admin, 'GET', `/rest/styles/geo/${up.body.id}`);
    expect(body.headers['content-type']).toContain('application/xml');
    expect(body.body).toBe(SLD);

    expect(
      (await call(h, admin, 'POST', '/rest/styles/geo', { style: { filename: 'pipes.css' }, body: 'a{}' })).body
        .message,
    ).toBe('app.data.style.exists');
    expect(
      (await call(h, admin, 'POST', '/rest/styles/geo', { style: { filename: 'Empty.css' }, body: '  ' })).body.message,
    ).toBe('app.data.style.empty-file');
    expect(
      (await call(h, admin, 'POST', '/rest/styles/geo', { style: { filename: 'leaders.sld' }, body: SLD })).body
        .message,
    ).toBe('app.data.style.reserved');
    expect(
      (await call(h, admin, 'POST', '/rest/styles/geo', { style: { filename: 'notes.txt' }, body: 'x' })).body.message,
    ).toBe('app.data.style.bad-extension');
    const broken = await call(h, admin, 'POST', '/rest/styles/geo', {
      style: { filename: 'Broken.sld' },
      body: '<StyledLayerDescriptor><NamedLayer></StyledLayerDescriptor>',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('app.data.style.bad-xml');

    const css = await call(h, admin, 'POST', '/rest/styles/geo', { name: 'Roads', body: '* { stroke: #333333; }' });
    expect(css.body.format).toBe('css');
    const saved = await call(h, admin, 'PUT', '/rest/styles/geo', {
      id: up.body.id,
      body: SLD.replace('#0000FF', '#FF0000'),
    });
    expect(saved.status).toBe(200);
    expect((await call(h, admin, 'GET', `/rest/styles/geo/${up.body.id}`)).body).toContain('#FF0000');
    expect((await call(h, admin, 'GET', '/rest/styles')).body.map((s: { name: string }) => s.name)).toEqual([
      'Pipes',
      'Roads',
    ]);

    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'PUT', '/rest/styles/geo', { id: up.body.id, body: SLD })).status).toBe(403);
    expect((await call(h, viewer, 'GET', `/rest/styles/geo/${up.body.id}`)).status).toBe(200);
    const other = await signedInAccount(h);
    expect((await call(h, other, 'GET', `/rest/styles/geo/${up.body.id}`)).status).toBe(404);
    expect((await call(h, admin, 'DELETE', `/rest/styles/geo/${up.body.id}`)).status).toBe(204);
  });

  it('needs the map server flag', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    await h.db
      .updateTable('organizations')
      .set({ functionality_flags: JSON.stringify({ geoserver: false }) })
      .where('id', '=', admin.organizationId)
      .execute();
    const res = await call(h, admin, 'GET', '/rest/styles');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('app.data.geoserver.disabled');
  });
});

describe('site calibrations and coordinate systems', () => {
  it('finds EPSG systems by code and name, and saves a site with a helmert transformation', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const byCode = await call(h, admin, 'GET', '/rest/crs/2229');
    expect(byCode.body).toMatchObject({ epsg: 2229, name: 'NAD83 / California zone 5 (ftUS)' });
    const byName = await call(h, admin, 'GET', '/rest/crs?query=california%20zone%205');
    expect(byName.body.map((c: { epsg: number }) => c.epsg)).toContain(2229);
    expect((await call(h, admin, 'GET', '/rest/crs?query=2229')).body[0].epsg).toBe(2229);
    expect((await call(h, admin, 'GET', '/rest/geoid')).body.map((g: { id: string }) => g.id)).toContain('GEOID18');

    const proj = '+proj=helmert +convention=coordinate_frame +x=10.5 +y=-3 +s=1.0002 +theta=5400';
    const site = await call(h, admin, 'POST', '/rest/site', { name: 'Downtown', wkt: byCode.body.wkt, proj });
    expect(site.status).toBe(201);
    expect(site.body).toMatchObject({ name: 'Downtown', proj });
    const noTransform = await call(h, admin, 'PUT', '/rest/site', {
      id: site.body.id,
      name: 'Downtown',
      wkt: byCode.body.wkt,
      proj: null,
    });
    expect(noTransform.body.proj).toBeNull();
  });

  it.each([
    ['WKT that is not a coordinate system', { wkt: 'POINT(1 2)' }, 'app.site.wkt.error'],
    [
      'WKT PROJ cannot use',
      { wkt: 'PROJCS["Nowhere",GEOGCS["x",DATUM["y",SPHEROID["z",0,0]]]]' },
      'app.site.wkt.error',
    ],
    ['WKT over 2048', { wkt: `GEOGCS["${'x'.repeat(2100)}"]` }, 'app.site.wkt.error'],
    ['a broken transformation', { proj: '+proj=helmert +x=1' }, 'app.site.transformation.error'],
    ['a missing name', { name: ' ' }, 'app.site.name.required'],
  ])('rejects %s', async (_label, override, message) => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const wkt = (await call(h, admin, 'GET', '/rest/crs/4326')).body.wkt;
    const res = await call(h, admin, 'POST', '/rest/site', { name: 'Site', wkt, ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(
      await h.db.selectFrom('sites').select('id').where('organization_id', '=', admin.organizationId).execute(),
    ).toEqual([]);
  });

  it('blocks deleting a site used by a project', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const wkt = (await call(h, admin, 'GET', '/rest/crs/4326')).body.wkt;
    const site = (await call(h, admin, 'POST', '/rest/site', { name: 'Used', wkt })).body;
    const dictionary = await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('organization_id', 'is', null)
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('projects')
      .values({ organization_id: admin.organizationId, name: 'P', dictionary_id: dictionary.id, site_id: site.id })
      .execute();
    const res = await call(h, admin, 'DELETE', `/rest/site/${site.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('app.site.in-use');
    expect((await call(h, admin, 'GET', '/rest/projects/summaries')).body).toEqual([
      expect.objectContaining({ name: 'P', proj: { id: site.id } }),
    ]);
  });
});

describe('client keys', () => {
  it('creates a key for a member, shows it once, stores only its hash, and lists endpoints per project', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    const created = await call(h, admin, 'POST', '/rest/accounts/clientkey', { email: viewer.email.toUpperCase() });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^fbk_/);
    const stored = await h.db
      .selectFrom('client_keys')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(created.body.key);
    expect((await call(h, admin, 'GET', '/rest/accounts/clientkey/list')).body).toEqual([
      expect.objectContaining({ id: created.body.id, email: viewer.email }),
    ]);
    expect(JSON.stringify((await call(h, admin, 'GET', '/rest/accounts/clientkey/list')).body)).not.toContain(
      created.body.key,
    );

    const outsider = await signedInAccount(h);
    expect((await call(h, admin, 'POST', '/rest/accounts/clientkey', { email: outsider.email })).body.message).toBe(
      'app.client.user.required',
    );
    expect((await call(h, viewer, 'GET', '/rest/accounts/clientkey/list')).status).toBe(403);

    const dictionary = await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('organization_id', 'is', null)
      .executeTakeFirstOrThrow();
    const project = await h.db
      .insertInto('projects')
      .values({ organization_id: admin.organizationId, name: 'Main', dictionary_id: dictionary.id, site_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const endpoints = (await call(h, admin, 'GET', '/rest/accounts/clientkey/endpoints')).body;
    expect(endpoints).toEqual([
      {
        projectId: project.id,
        name: 'Main',
        wfs: `http://localhost:8080/rest/projects/ogc/${project.id}/wfs`,
        wms: `http://localhost:8080/rest/projects/ogc/${project.id}/wms`,
      },
    ]);
    expect((await call(h, admin, 'DELETE', `/rest/accounts/clientkey/${created.body.id}`)).status).toBe(204);
  });
});
