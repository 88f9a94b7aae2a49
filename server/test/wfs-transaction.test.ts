import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { field } from './feature-fixtures.js';
import { merc, rawCall as call } from './map-images.js';
import { WFS_NS, byId, insert, point, tx, typeOf } from './wfs-transaction-fixtures.js';

async function setUp(h: Harness) {
  const f = await field(h);
  const layerId = f.layer('point');
  const existing = await call(h, f.admin, 'POST', '/rest/features/points', {
    geometry: { type: 'Point', coordinates: [-80, 25] },
    properties: { layer_id: layerId },
  });
  const count = async () =>
    (
      await h.db
        .selectFrom('features')
        .select('id')
        .where('layer_id', '=', layerId)
        .where('deleted_at', 'is', null)
        .execute()
    ).length;
  return {
    ...f,
    layerId,
    type: typeOf(layerId),
    existing: existing.json().id as string,
    count,
    url: `/rest/features/tx/${layerId}`,
  };
}

describe('WFS-T 2.0 Transaction (POST /rest/features/tx/{layerId} and the layer WFS URL)', () => {
  it('inserts, updates and deletes in one transaction and answers the totals and inserted ResourceIds', async () => {
    const h = await harness();
    const s = await setUp(h);
    const transformer = s.component('Transformer');
    const attributes = JSON.stringify([
      { attributeId: transformer.attributes.find((a) => a.name === 'Locate Status')!.id, attributeValue: 'Marked' },
    ]);
    const [mx, my] = merc(-104.9, 39.6);
    const res = await call(h, s.admin, 'POST', s.url, {
      xml: tx(
        insert(s.type, point('39.5 -105'), '<fb:name>Hydrant 1</fb:name>') +
          insert(
            s.type,
            point(`${mx} ${my}`, 'EPSG:3857'),
            `<fb:system>Electric</fb:system><fb:component>Transformer</fb:component><fb:attributes>${attributes.replace(/"/g, '&quot;')}</fb:attributes>`,
          ) +
          `<wfs:Update typeName="${s.type}"><wfs:Property><wfs:ValueReference>name</wfs:ValueReference><wfs:Value>Renamed</wfs:Value></wfs:Property>
         <wfs:Property><wfs:ValueReference>fb:geometry</wfs:ValueReference><wfs:Value>${point('-81 26', 'EPSG:4326')}</wfs:Value></wfs:Property>${byId(s.existing)}</wfs:Update>`,
      ),
    });
    expect(res.status, res.body).toBe(200);
    expect(res.type).toContain('application/xml');
    expect(res.body).toContain('<wfs:totalInserted>2</wfs:totalInserted>');
    expect(res.body).toContain('<wfs:totalUpdated>1</wfs:totalUpdated>');
    expect(res.body).toContain('<wfs:totalDeleted>0</wfs:totalDeleted>');
    const rids = [...res.body.matchAll(/<fes:ResourceId rid="(point\.\d+)"\/>/g)].map((m) => m[1]);
    expect(rids).toHaveLength(2);

    const first = (await call(h, s.admin, 'GET', `/rest/features/${rids[0]}`)).json();
    expect(first.geometry.coordinates).toEqual([-105, 39.5]);
    expect(first.properties.name).toBe('Hydrant 1');
    const second = (await call(h, s.admin, 'GET', `/rest/features/${rids[1]}`)).json();
    expect(second.geometry.coordinates[0]).toBeCloseTo(-104.9, 6);
    expect(second.geometry.coordinates[1]).toBeCloseTo(39.6, 6);
    expect(second.properties).toMatchObject({
      system_id: s.electric.id,
      component_id: transformer.id,
      dictionary_id: s.dictionary.id,
    });
    const updated = (await call(h, s.admin, 'GET', `/rest/features/${s.existing}`)).json();
    expect(updated.geometry.coordinates).toEqual([-81, 26]);
    expect(updated.properties.name).toBe('Renamed');

    const del = await call(h, s.admin, 'POST', s.url, {
      xml: tx(
        `<wfs:Delete typeName="${s.type}">${byId(rids[0])}</wfs:Delete><wfs:Delete typeName="${s.type}">${byId(s.existing.split('.')[1])}</wfs:Delete>`,
      ),
    });
    expect(del.body).toContain('<wfs:totalDeleted>2</wfs:totalDeleted>');
    expect(del.body).not.toContain('InsertResults');
    expect(await s.count()).toBe(1);
  });

  it("applies nothing when any action is refused, with the feature routes' validation and rights", async () => {
    const h = await harness();
    const s = await setUp(h);
    const good = insert(s.type, point('39.5 -105'));
    const refused = await call(h, s.admin, 'POST', s.url, {
      xml: tx(
        `${good}${insert(s.type, point('39 -104'), '<fb:system>Electric</fb:system><fb:component>Transformer</fb:component>')}`,
      ),
    });
    expect(refused.status).toBe(400);
    expect(refused.json().message).toBe('app.feature.error.required');
    // Without srsName the geometry is in the DefaultCRS (EPSG 4326, lat/lon): a valid line, but not for a point layer.
    const line = await call(h, s.admin, 'POST', s.url, {
      xml: tx(
        `${good}${insert(s.type, '<gml:LineString><gml:posList>39 -104 40 -103</gml:posList></gml:LineString>')}`,
      ),
    });
    expect(line.json().message).toBe('app.feature.error.geometry-type');
    const other = (
      await call(h, s.admin, 'POST', '/rest/features/lines', {
        geometry: {
          type: 'LineString',
          coordinates: [
            [-80, 25],
            [-81, 26],
          ],
        },
        properties: { layer_id: s.layer('line') },
      })
    ).json().id;
    expect(
      (
        await call(h, s.admin, 'POST', s.url, {
          xml: tx(`${good}<wfs:Delete typeName="${s.type}">${byId(other)}</wfs:Delete>`),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(h, s.admin, 'POST', s.url, {
          xml: tx(
            `${good}<wfs:Update typeName="${s.type}"><wfs:Property><wfs:ValueReference>component</wfs:ValueReference><wfs:Value>No such component</wfs:Value></wfs:Property>${byId(s.existing)}</wfs:Update>`,
          ),
        })
      ).status,
    ).toBe(400);
    expect(await s.count()).toBe(1);

    const viewer = await createMember(h, s.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', s.url, { xml: tx(good) })).status).toBe(403);
    expect(
      (
        await call(h, viewer, 'POST', s.url, {
          xml: tx(`<wfs:Delete typeName="${s.type}">${byId(s.existing)}</wfs:Delete>`),
        })
      ).status,
    ).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'POST', s.url, { xml: tx(good) })).status).toBe(404);
    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', s.layerId).execute();
    expect((await call(h, s.admin, 'POST', s.url, { xml: tx(good) })).json().message).toBe('app.layer.error.read-only');
    expect(await s.count()).toBe(1);
  });

  it('answers bad documents with an OGC ExceptionReport', async () => {
    const h = await harness();
    const s = await setUp(h);
    const cases: Array<[string, string]> = [
      ['<wfs:Transaction><wfs:Insert>', 'OperationParsingFailed'],
      ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><wfs:Transaction/>', 'OperationParsingFailed'],
      [`<wfs:GetFeature ${WFS_NS}/>`, 'OperationParsingFailed'],
      [tx(insert('fb:layer_other', point('39 -104'))), 'InvalidParameterValue'],
      [
        tx(
          `<wfs:Delete typeName="${s.type}"><fes:Filter><fes:Contains><fes:ValueReference>geometry</fes:ValueReference>${point('39 -104')}</fes:Contains></fes:Filter></wfs:Delete>`,
        ),
        'InvalidParameterValue',
      ],
      [tx(`<wfs:Replace>${byId(s.existing)}</wfs:Replace>`), 'OperationNotSupported'],
      [tx(insert(s.type, '<gml:Point><gml:pos>not numbers</gml:pos></gml:Point>')), 'InvalidParameterValue'],
      [tx(`<wfs:Insert><${s.type}><fb:name>no geometry</fb:name></${s.type}></wfs:Insert>`), 'InvalidParameterValue'],
    ];
    for (const [xml, code] of cases) {
      const res = await call(h, s.admin, 'POST', s.url, { xml });
      expect(res.status, xml).toBe(400);
      expect(res.body, xml).toContain(`exceptionCode="${code}"`);
    }
    expect(await s.count()).toBe(1);
  });

  it('caps a Transaction at 1000 feature operations, says so in GetCapabilities, and serves other organizations while a maximal one runs', async () => {
    const h = await harness();
    const s = await setUp(h);
    const wfs = `/rest/projects/${s.project.id}/folders/${s.folder.id}/layers/${s.layerId}/geo/wfs`;
    const caps = await call(h, s.admin, 'GET', `${wfs}?service=WFS&request=GetCapabilities`);
    expect(caps.body).toMatch(
      /<ows:Operation name="Transaction">[\s\S]*?<ows:Constraint name="MaxOperationsPerTransaction"><ows:NoValues\/><ows:DefaultValue>1000</,
    );
    const inserts = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        insert(s.type, point(`${25 + i / 1000} -80`), `<fb:name>P${i}</fb:name>`),
      ).join('');

    // One over the cap, counting deletes too: refused before any write, the OGC way, on both endpoints.
    const over = tx(`${inserts(1000)}<wfs:Delete typeName="${s.type}">${byId(s.existing)}</wfs:Delete>`);
    for (const res of [
      await call(h, s.admin, 'POST', s.url, { xml: over }),
      await call(h, s.admin, 'POST', wfs, over, { 'content-type': 'text/xml' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toContain('exceptionCode="OperationProcessingFailed"');
      expect(res.body).toContain('at most 1000');
    }
    const updates = (
      n: number,
    ) => `<wfs:Update typeName="${s.type}"><wfs:Property><wfs:ValueReference>name</wfs:ValueReference><wfs:Value>X</wfs:Value></wfs:Property>
      <fes:Filter>${Array.from({ length: n }, () => `<fes:ResourceId rid="${s.existing}"/>`).join('')}</fes:Filter></wfs:Update>`;
    const tooManyUpdates = await call(h, s.admin, 'POST', s.url, { xml: tx(updates(101)) });
    expect(tooManyUpdates.status).toBe(400);
    expect(tooManyUpdates.body).toContain('of which 100 updated features');
    expect(caps.body).toMatch(/<ows:Constraint name="MaxUpdatesPerTransaction"><ows:NoValues\/><ows:DefaultValue>100</);
    expect(await s.count()).toBe(1);
    expect((await call(h, s.admin, 'GET', `/rest/features/${s.existing}`)).json().properties.name).toBeUndefined();

    // A maximal Transaction, and meanwhile a simple request of another organization.
    const other = await signedInAccount(h);
    const started = Date.now();
    let done = false;
    const maximal = call(h, s.admin, 'POST', s.url, { xml: tx(inserts(1000)) }).finally(() => {
      done = true;
    });
    // The other organization asks again and again for as long as the Transaction runs: every answer comes.
    const sides: Array<{ status: number; ms: number }> = [];
    while (!done) {
      const sideStarted = Date.now();
      const side = await call(h, other, 'GET', '/rest/projects');
      sides.push({ status: side.status, ms: Date.now() - sideStarted });
    }
    const res = await maximal;
    if (process.env.WFS_TIMINGS)
      console.log(
        `maximal WFS-T: ${Date.now() - started} ms; ${sides.length} GETs of another organization meanwhile, slowest ${Math.max(...sides.map((x) => x.ms))} ms`,
      );
    expect(sides.length).toBeGreaterThan(0);
    expect(sides.every((x) => x.status === 200)).toBe(true);
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toContain('<wfs:totalInserted>1000</wfs:totalInserted>');
    const rids = [...res.body.matchAll(/<fes:ResourceId rid="point\.(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(rids).toEqual([...rids].sort((a, b) => a - b));
    expect(await s.count()).toBe(1001);
    // Each inserted feature is the one its ResourceId names, in document order, with its 'Add' version.
    const last = (await call(h, s.admin, 'GET', `/rest/features/point.${rids[999]}`)).json();
    expect(last.properties.name).toBe('P999');
    const versions = await h.db
      .selectFrom('feature_versions')
      .select('feature_id')
      .where('feature_id', 'in', rids.map(String))
      .where('action', '=', 'Add')
      .execute();
    expect(versions).toHaveLength(1000);
  });

  it('deletes many features in one Transaction with a version each, refusing all when one is not deletable', async () => {
    const h = await harness();
    const s = await setUp(h);
    const made = await call(h, s.admin, 'POST', s.url, {
      xml: tx(insert(s.type, point('25 -80')) + insert(s.type, point('26 -81'))),
    });
    const rids = [...made.body.matchAll(/rid="(point\.\d+)"/g)].map((m) => m[1]);
    const deleteAll = (ids: string[]) =>
      tx(
        `<wfs:Delete typeName="${s.type}"><fes:Filter>${ids.map((id) => `<fes:ResourceId rid="${id}"/>`).join('')}</fes:Filter></wfs:Delete>`,
      );
    const viewer = await createMember(h, s.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', s.url, { xml: deleteAll(rids) })).status).toBe(403);
    const otherLayer = (
      await call(h, s.admin, 'POST', '/rest/features/lines', {
        geometry: {
          type: 'LineString',
          coordinates: [
            [-80, 25],
            [-81, 26],
          ],
        },
        properties: { layer_id: s.layer('line') },
      })
    ).json().id;
    expect((await call(h, s.admin, 'POST', s.url, { xml: deleteAll([...rids, otherLayer]) })).status).toBe(404);
    expect(await s.count()).toBe(3);
    const res = await call(h, s.admin, 'POST', s.url, { xml: deleteAll([...rids, s.existing]) });
    expect(res.body).toContain('<wfs:totalDeleted>3</wfs:totalDeleted>');
    expect(await s.count()).toBe(0);
    const versions = await h.db
      .selectFrom('feature_versions')
      .select('before')
      .where('action', '=', 'Delete')
      .where(
        'feature_id',
        'in',
        [...rids, s.existing].map((id) => id.split('.')[1]),
      )
      .execute();
    expect(versions).toHaveLength(3);
  });

  it('takes the Transaction POSTed to the layer WFS URL, advertised in GetCapabilities', async () => {
    const h = await harness();
    const s = await setUp(h);
    const wfs = `/rest/projects/${s.project.id}/folders/${s.folder.id}/layers/${s.layerId}/geo/wfs`;
    const caps = await call(h, s.admin, 'GET', `${wfs}?service=WFS&request=GetCapabilities`);
    expect(caps.body).toMatch(/<ows:Operation name="Transaction"><ows:DCP><ows:HTTP>.*<ows:Post/);
    expect(caps.body).toMatch(/ImplementsTransactionalWFS"><ows:NoValues\/><ows:DefaultValue>TRUE/);
    const res = await call(h, s.admin, 'POST', wfs, tx(insert(s.type, point('39.5 -105'))), {
      'content-type': 'text/xml',
    });
    expect(res.status, res.body).toBe(200);
    expect(res.body).toContain('<wfs:totalInserted>1</wfs:totalInserted>');
    expect(await s.count()).toBe(2);
    const viewer = await createMember(h, s.admin.organizationId, 'viewer');
    const refused = await call(h, viewer, 'POST', wfs, tx(insert(s.type, point('39.5 -105'))), {
      'content-type': 'application/xml',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('exceptionCode="OperationProcessingFailed"');
    const outsider = await signedInAccount(h);
    expect(
      (await call(h, outsider, 'POST', wfs, tx(insert(s.type, point('39.5 -105'))), { 'content-type': 'text/xml' }))
        .status,
    ).toBe(404);
    expect(await s.count()).toBe(2);
  });
});
