import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { MSG, type ProjectOut } from '@fieldbook/domain';
import { createMember } from './factories.js';
import { insertPermissions } from '../src/accounts/store.js';
import { call, field, value } from './feature-fixtures.js';
import { rawCall } from './map-images.js';
import type { Deps } from '../src/deps.js';
import { publishedNames } from '../src/ogc/published-names.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');

const FIELDS = [
  { name: 'label', type: 'text', order: 0 },
  { name: 'count', type: 'integer', order: 1 },
  { name: 'depth', type: 'real', order: 2 },
  { name: 'active', type: 'boolean', order: 3 },
  { name: 'surveyed', type: 'date', order: 4 },
  { name: 'seen_at', type: 'datetime', order: 5 },
];

/** A project with a feature folder and a generic layer "Survey" holding the six typed fields. */
async function surveyLayer(h: Harness) {
  const f = await field(h);
  const layers = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers`;
  const created = await call(h, f.admin, 'POST', layers, { name: 'Survey', fields: FIELDS });
  expect(created.status).toBe(201);
  const survey = created.body as { id: string; name: string };
  const add = (coordinates: number[], fieldValues: Record<string, unknown>) =>
    call(h, f.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates },
      properties: { layer_id: survey.id, fieldValues },
    });
  const wfs = `${layers}/${survey.id}/geo/wfs`;
  return { ...f, layers, survey, add, wfs, typeName: `fb:layer_${survey.id.replace(/-/g, '')}` };
}

/** A layer of the project tree (top-level and sub-folders). */
const layerIn = (tree: ProjectOut, id: string) =>
  tree.folders.flatMap((f) => [...f.layers, ...f.folders.flatMap((sub) => sub.layers)]).find((l) => l.id === id);

describe('layer fields', () => {
  it('travel on the layer GET, the layer list and the project tree, and are checked on POST', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    const one = await call(h, s.admin, 'GET', `${s.layers}/${s.survey.id}`);
    expect(one.body.fields).toEqual(FIELDS);
    const tree = await call(h, s.admin, 'GET', `/rest/projects/${s.project.id}`);
    const inTree = tree.body.folders
      .flatMap((folder: { layers: Array<{ id: string }> }) => folder.layers)
      .find((l: { id: string }) => l.id === s.survey.id);
    expect(inTree.fields).toEqual(FIELDS);
    expect(tree.body.folders[0].layers.find((l: { serverName: string }) => l.serverName === 'point').fields).toEqual(
      [],
    );
    const refused = async (fields: unknown) =>
      (await call(h, s.admin, 'POST', s.layers, { name: `Bad ${Math.random()}`, fields })).body.message;
    expect(await refused([{ name: 'ogc_fid', type: 'text', order: 0 }])).toBe('app.layer.field.error.reserved');
    expect(await refused([{ name: 'two words', type: 'text', order: 0 }])).toBe('app.layer.field.error.name');
    expect(
      await refused([
        { name: 'a', type: 'text', order: 0 },
        { name: 'A', type: 'real', order: 1 },
      ]),
    ).toBe('app.layer.field.error.duplicate');
    expect(await refused([{ name: 'a', type: 'money', order: 0 }])).toBe('app.layer.field.error.type');
  });

  it('store typed feature values, refusing unknown fields and wrong types, and merging on update', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    const created = await s.add([-105, 39.7], {
      label: 'Valve 7',
      count: '3',
      depth: 1.25,
      active: 'true',
      surveyed: '2024/05/01',
      seen_at: '2024-05-01 08:30',
    });
    expect(created.status).toBe(201);
    const expected = {
      label: 'Valve 7',
      count: 3,
      depth: 1.25,
      active: true,
      surveyed: '2024-05-01',
      seen_at: '2024-05-01T08:30:00',
    };
    expect(created.body.properties.fieldValues).toEqual(expected);
    const id = created.body.id as string;
    expect((await call(h, s.admin, 'GET', `/rest/features/${id}`)).body.properties.fieldValues).toEqual(expected);
    const stored = await h.db
      .selectFrom('features')
      .select('field_values')
      .where('id', '=', id.split('.')[1])
      .executeTakeFirstOrThrow();
    expect(stored.field_values).toEqual(expected);

    const unknown = await s.add([-105, 39.7], { colour: 'red' });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'app.feature.error.field-unknown']);
    const wrong = await s.add([-105, 39.7], { count: 'three' });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'app.feature.error.field-value']);
    expect((await s.add([-105, 39.7], { surveyed: '2023-02-30' })).body.message).toBe('app.feature.error.field-value');

    const updated = await call(h, s.admin, 'PUT', '/rest/features/points', {
      id,
      geometry: { type: 'Point', coordinates: [-105, 39.7] },
      properties: { layer_id: s.survey.id, fieldValues: { count: 4, label: null } },
    });
    expect(updated.status).toBe(200);
    const { label: _dropped, ...rest } = expected;
    expect(updated.body.properties.fieldValues).toEqual({ ...rest, count: 4 });
    const versions = await h.db
      .selectFrom('feature_versions')
      .select(['action', 'before'])
      .where('feature_id', '=', id.split('.')[1])
      .orderBy('id')
      .execute();
    expect(versions.map((v) => v.action)).toEqual(['Add', 'Edit']);
    expect((versions[1].before as { properties: { fieldValues: unknown } }).properties.fieldValues).toEqual(expected);
  });

  it('are renamed and removed by the layer PUT, moving values and keeping removed ones in the history', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    const id = ((await s.add([-105, 39.7], { label: 'A', count: 1, depth: 2.5 })).body.id as string).split('.')[1];
    const untouched = ((await s.add([-105, 39.8], {})).body.id as string).split('.')[1];
    const put = (fields: unknown) => call(h, s.admin, 'PUT', s.layers, { id: s.survey.id, name: 'Survey', fields });
    expect((await put([{ name: 'count', type: 'text', order: 0 }])).body.message).toBe(
      'app.layer.field.error.type-change',
    );
    expect((await put([{ name: 'x', type: 'text', order: 0, previousName: 'nope' }])).body.message).toBe(
      'app.layer.field.error.previous-name',
    );
    // label → name, count kept, depth removed, a new "label" added.
    const renamed = await put([
      { name: 'name', type: 'text', order: 0, previousName: 'label' },
      { name: 'count', type: 'integer', order: 1 },
      { name: 'label', type: 'real', order: 2 },
    ]);
    expect(renamed.status).toBe(200);
    expect(renamed.body.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'count', 'label']);
    const row = await h.db.selectFrom('features').select('field_values').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.field_values).toEqual({ name: 'A', count: 1 });
    const history = await h.db
      .selectFrom('feature_versions')
      .select(['feature_id', 'action', 'before'])
      .where('feature_id', 'in', [id, untouched])
      .orderBy('id')
      .execute();
    expect(history.map((v) => [String(v.feature_id), v.action])).toEqual([
      [id, 'Add'],
      [untouched, 'Add'],
      [id, 'Edit'],
    ]);
    expect((history[2].before as { properties: { fieldValues: unknown } }).properties.fieldValues).toEqual({
      label: 'A',
      count: 1,
      depth: 2.5,
    });
  });
});

describe('layer fields in WFS', () => {
  it('are changed only by a layer admin; an editor may still edit the rest of the layer', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    const editor = await createMember(h, s.admin.organizationId, 'editor');
    // An editor who may edit the organization's data but administers none of it.
    await h.db
      .updateTable('permissions')
      .set({ bit_mask: '0111' })
      .where('account_id', '=', editor.accountId)
      .execute();
    const put = (fields: unknown) => call(h, editor, 'PUT', s.layers, { id: s.survey.id, name: 'Survey 2', fields });
    const refused = await put([...FIELDS, { name: 'extra', type: 'text', order: 6 }]);
    expect(refused).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    // The same list (the dialog sends it with every save) is no change of the schema.
    const same = await put(FIELDS);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Survey 2', fields: FIELDS });
    // The tree tells the web app the same: edit, not admin, on this layer.
    const tree = (await call(h, editor, 'GET', `/rest/projects/${s.project.id}`)).body as ProjectOut;
    expect(layerIn(tree, s.survey.id)?.abilities).toEqual({ edit: true, admin: false });
  });

  it('are changed by an admin of the layer who administers nothing above it, as the tree says', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    const other = await call(h, s.admin, 'POST', s.layers, { name: 'Other' });
    const member = await createMember(h, s.admin.organizationId, 'editor');
    await h.db.deleteFrom('permissions').where('account_id', '=', member.accountId).execute();
    await insertPermissions(h.db, member.accountId, s.admin.organizationId, [
      { assetTypeName: 'organization', assetId: s.admin.organizationId, bitMask: '0001' },
      { assetTypeName: 'layer', assetId: s.survey.id, bitMask: '1111' },
    ]);
    const tree = (await call(h, member, 'GET', `/rest/projects/${s.project.id}`)).body as ProjectOut;
    expect(tree.abilities).toMatchObject({ edit: false, admin: false });
    expect(layerIn(tree, s.survey.id)?.abilities).toEqual({ edit: true, admin: true });
    expect(layerIn(tree, (other.body as { id: string }).id)?.abilities).toEqual({ edit: false, admin: false });
    const fields = [...FIELDS, { name: 'extra', type: 'text', order: 6 }];
    const put = await call(h, member, 'PUT', s.layers, { id: s.survey.id, name: 'Survey', fields });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ fields });
  });

  it('are described with XSD types and the real geometry type, and output as properties in GeoJSON and GML', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    await s.add([-105, 39.7], { label: 'a < b & c', count: 3, depth: 1.5, active: false, surveyed: '2024-05-01' });
    const xsd = String(
      (
        await h.app.inject({
          method: 'GET',
          url: `${s.wfs}?request=DescribeFeatureType&typeNames=${s.typeName}`,
          headers: s.admin.auth,
        })
      ).body,
    );
    expect(xsd).toContain('type="gml:PointPropertyType"');
    for (const [name, type] of [
      ['label', 'xsd:string'],
      ['count', 'xsd:long'],
      ['depth', 'xsd:double'],
      ['active', 'xsd:boolean'],
      ['surveyed', 'xsd:date'],
      ['seen_at', 'xsd:dateTime'],
    ])
      expect(xsd).toContain(`<xsd:element name="${name}" type="${type}" minOccurs="0" nillable="true"/>`);
    const json = (
      await h.app.inject({
        method: 'GET',
        url: `${s.wfs}?request=GetFeature&typeNames=${s.typeName}&outputFormat=application/json`,
        headers: s.admin.auth,
      })
    ).json();
    expect(json.features[0].properties).toMatchObject({
      label: 'a < b & c',
      count: 3,
      depth: 1.5,
      active: false,
      surveyed: '2024-05-01',
      seen_at: null,
      ogc_fid: expect.any(Number),
    });
    const only = (
      await h.app.inject({
        method: 'GET',
        url: `${s.wfs}?request=GetFeature&typeNames=${s.typeName}&outputFormat=application/json&propertyName=depth`,
        headers: s.admin.auth,
      })
    ).json();
    expect(only.features[0].properties).toEqual({ depth: 1.5 });
    const gml = (
      await h.app.inject({
        method: 'GET',
        url: `${s.wfs}?request=GetFeature&typeNames=${s.typeName}`,
        headers: s.admin.auth,
      })
    ).body;
    expect(gml).toContain('<fb:label>a &lt; b &amp; c</fb:label>');
    expect(gml).toContain('<fb:count>3</fb:count>');
    expect(gml).toContain('<fb:active>false</fb:active>');
    expect(gml).toContain('<fb:seen_at xsi:nil="true"/>');
  });

  it('publish the dictionary attributes of a drawing layer by name and type', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    const pointLayer = s.layer('point');
    const manhole = s.component('Sewer Manhole');
    const made = await call(h, s.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-105, 39.7] },
      properties: {
        layer_id: pointLayer,
        component_id: manhole.id,
        attributes: [
          value(manhole, 'Rim Elevation', '5280.5'),
          value(manhole, 'Locate Status', 'Marked'),
          value(manhole, 'Locate Date', '05/01/2024'),
        ],
      },
    });
    expect(made.status).toBe(201);
    const wfs = `${s.layers}/${pointLayer}/geo/wfs`;
    const typeName = `fb:layer_${pointLayer.replace(/-/g, '')}`;
    const xsd = (
      await h.app.inject({
        method: 'GET',
        url: `${wfs}?request=DescribeFeatureType&typeNames=${typeName}`,
        headers: s.admin.auth,
      })
    ).body;
    expect(xsd).toContain('<xsd:element name="Rim_Elevation" type="xsd:double" minOccurs="0" nillable="true"/>');
    expect(xsd).toContain('<xsd:element name="Locate_Date" type="xsd:date" minOccurs="0" nillable="true"/>');
    const json = (
      await h.app.inject({
        method: 'GET',
        url: `${wfs}?request=GetFeature&typeNames=${typeName}&outputFormat=application/json`,
        headers: s.admin.auth,
      })
    ).json();
    expect(json.features[0].properties).toMatchObject({
      component: 'Sewer Manhole',
      Rim_Elevation: 5280.5,
      Locate_Status: 'Marked',
      Locate_Date: '2024-05-01',
    });
  });

  it('are written by WFS-T Insert and Update, read-only columns ignored', async () => {
    const h = await harness();
    const s = await surveyLayer(h);
    const NS =
      'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:fb="http://fieldbook.app/wfs"';
    const tx = (body: string) => `<wfs:Transaction service="WFS" version="2.0.0" ${NS}>${body}</wfs:Transaction>`;
    const inserted = await rawCall(h, s.admin, 'POST', `/rest/features/tx/${s.survey.id}`, {
      xml: tx(
        `<wfs:Insert><${s.typeName}><fb:geometry><gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>39.7 -105</gml:pos></gml:Point></fb:geometry><fb:ogc_fid>99</fb:ogc_fid><fb:created>2020-01-01T00:00:00Z</fb:created><fb:count>12</fb:count><fb:depth>0.5</fb:depth><fb:active>true</fb:active><fb:label>Insert</fb:label></${s.typeName}></wfs:Insert>`,
      ),
    });
    expect(inserted.status).toBe(200);
    const row = await h.db
      .selectFrom('features')
      .select(['id', 'field_values', 'properties'])
      .where('layer_id', '=', s.survey.id)
      .executeTakeFirstOrThrow();
    expect(row.field_values).toEqual({ count: 12, depth: 0.5, active: true, label: 'Insert' });
    expect(row.properties).toEqual({});
    const updated = await rawCall(h, s.admin, 'POST', `/rest/features/tx/${s.survey.id}`, {
      xml: tx(
        `<wfs:Update typeName="${s.typeName}"><wfs:Property><wfs:ValueReference>count</wfs:ValueReference><wfs:Value>13</wfs:Value></wfs:Property><wfs:Property><wfs:ValueReference>ogc_fid</wfs:ValueReference><wfs:Value>1</wfs:Value></wfs:Property><fes:Filter><fes:ResourceId rid="point.${row.id}"/></fes:Filter></wfs:Update>`,
      ),
    });
    expect(updated.status).toBe(200);
    const after = await h.db.selectFrom('features').select('field_values').where('id', '=', row.id).executeTakeFirst();
    expect(after?.field_values).toMatchObject({ count: 13, label: 'Insert' });
    const bad = await rawCall(h, s.admin, 'POST', `/rest/features/tx/${s.survey.id}`, {
      xml: tx(
        `<wfs:Update typeName="${s.typeName}"><wfs:Property><wfs:ValueReference>count</wfs:ValueReference><wfs:Value>many</wfs:Value></wfs:Property><fes:Filter><fes:ResourceId rid="point.${row.id}"/></fes:Filter></wfs:Update>`,
      ),
    });
    expect([bad.status, bad.json().message]).toEqual([400, 'app.feature.error.field-value']);
  });

  it.runIf(hasGdal)(
    'are listed by ogrinfo with their types and written by ogr2ogr -append of a shapefile',
    async () => {
      const h = await harness();
      const s = await surveyLayer(h);
      await s.add([-105, 39.7], { label: 'Existing', count: 1, depth: 0.25, surveyed: '2024-05-01' });
      if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = h.app.server.address() as AddressInfo;
      // GDAL posts the Transaction to the URL GetCapabilities names, which is built from the public URL.
      const config = (h.app as unknown as { deps: Deps }).deps.config as { publicUrl: string };
      const publicUrl = config.publicUrl;
      config.publicUrl = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        GDAL_HTTP_HEADERS: `Authorization: ${s.admin.auth.authorization}`,
        CPL_DEBUG: 'OFF',
      };
      const url = `WFS:http://127.0.0.1:${port}${s.wfs}`;
      const info = await run('ogrinfo', ['-ro', '-al', '-so', url], { env });
      expect(info.stdout).toMatch(/Geometry: Point/);
      expect(info.stdout).toMatch(/label: String/);
      expect(info.stdout).toMatch(/count: Integer64/);
      expect(info.stdout).toMatch(/depth: Real/);
      expect(info.stdout).toMatch(/active: Integer\(Boolean\)/);
      expect(info.stdout).toMatch(/surveyed: Date/);
      expect(info.stdout).toMatch(/seen_at: DateTime/);

      const dir = mkdtempSync(path.join(os.tmpdir(), 'fields-'));
      const csv = path.join(dir, 'points.csv');
      writeFileSync(csv, 'WKT,label,count,depth\n"POINT (-104.9 39.6)",Año,5,2.5\n"POINT (-104.8 39.5)",名称,6,3.5\n');
      const shp = path.join(dir, 'points.shp');
      await run(
        'ogr2ogr',
        [
          '-f',
          'ESRI Shapefile',
          shp,
          csv,
          '-a_srs',
          'EPSG:4326',
          '-oo',
          'AUTODETECT_TYPE=YES',
          '-lco',
          'ENCODING=UTF-8',
        ],
        {
          env,
        },
      );
      const published = (await publishedNames(h.db, s.project.id)).get(s.survey.id)!;
      const append = await run('ogr2ogr', ['-update', '-append', '-f', 'WFS', url, shp, '-nln', published], {
        env,
      })
        .catch((e: { stderr: string; code: number }) => e)
        .finally(() => (config.publicUrl = publicUrl));
      expect('code' in append ? append.stderr : '').toBe('');
      const rows = await h.db
        .selectFrom('features')
        .select('field_values')
        .where('layer_id', '=', s.survey.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.field_values)).toEqual([
        { label: 'Existing', count: 1, depth: 0.25, surveyed: '2024-05-01' },
        { label: 'Año', count: 5, depth: 2.5 },
        { label: '名称', count: 6, depth: 3.5 },
      ]);
    },
  );
});
