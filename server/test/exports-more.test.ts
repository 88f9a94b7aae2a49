import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import { harness, type Harness } from './harness.js';
import { createMember, type SignedIn } from './factories.js';
import { call, field, setOrgMask } from './feature-fixtures.js';
import { classifiedLines, exported, hasGdal, ogrSummary, request, run, world } from './export-fixtures.js';

/** Every coordinate tuple of every geometry `ogrinfo -al` prints for a file. */
async function coordinatesIn(file: string): Promise<number[][]> {
  const { stdout } = await run('ogrinfo', ['-ro', '-al', file], { maxBuffer: 1 << 26 });
  return stdout
    .split('\n')
    .filter((line) => /^\s+(POINT|LINESTRING|POLYGON|MULTI|GEOMETRYCOLLECTION)/.test(line))
    .flatMap((line) =>
      line
        .replace(/^[^(]*/, '')
        .split(/[(),]/)
        .map((part) => part.trim())
        .filter((part) => /^-?\d/.test(part))
        .map((part) => part.split(/\s+/).map(Number)),
    );
}

/** The vertices of the layer's features reprojected by PostGIS (PROJ), the independent reference. */
async function reprojectedVertices(h: Harness, layerId: string, srid: number) {
  const r = await h.db
    .selectFrom('features')
    .select(sql<string>`ST_AsText(ST_Transform(geom, ${srid}::int))`.as('wkt'))
    .where('layer_id', '=', layerId)
    .execute();
  return r.flatMap((row) =>
    row.wkt
      .replace(/^[^(]*/, '')
      .split(/[(),]/)
      .map((part) => part.trim())
      .filter((part) => /^-?\d/.test(part))
      .map((part) => part.split(/\s+/).map(Number)),
  );
}

/** Starts a search export of the world's point layer through the spec's call. */
const searchExport = (h: Harness, who: SignedIn, layerId: string, body: object) =>
  call(h, who, 'POST', `/search/features/export/layer/${layerId}`, { ...request('GeoJSON'), ...body });

/** Runs the queued jobs and reads each GeoJSON result's features. */
async function geojsonResults(h: Harness, who: SignedIn, jobIds: string[]) {
  await runJobsUntilIdle(h.app.deps);
  const out: Array<Array<{ properties: Record<string, unknown> }>> = [];
  for (const id of jobIds) {
    const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(job.info_messages, JSON.stringify(job.info_messages)).toEqual([]);
    const res = await h.app.inject({ method: 'GET', url: job.result_url!, headers: who.auth });
    expect(res.statusCode).toBe(200);
    out.push(res.json().features);
  }
  return out;
}

describe.skipIf(!hasGdal)('exports for GIS readers', () => {
  it('a CSV comes with its .csvt: ogrinfo reads each column with the source field type', async () => {
    const h = await harness();
    const w = await world(h);
    const out = await exported(h, w, 'layer', w.layerId, request('CSV'));
    expect(out.name).toBe('SurveyMay2024.zip');
    expect(readdirSync(out.dir).sort()).toEqual(['Points.csv', 'Points.csvt', 'Points.prj']);
    const [layer] = await ogrSummary(path.join(out.dir, 'Points.csv'));
    expect(layer!.featureCount).toBe(22);
    const typeOf = Object.fromEntries(layer!.fields.map((f) => [f.name, f.type]));
    expect(typeOf).toMatchObject({
      ogc_fid: 'Integer64',
      nombre: 'String',
      cuenta: 'Integer',
      depth: 'Real',
      ok: 'Integer',
      day: 'Date',
    });
    const { stdout } = await run('ogrinfo', ['-ro', '-so', '-al', path.join(out.dir, 'Points.csv')]);
    expect(stdout).toContain('ok: Integer(Boolean)');
  }, 60_000);

  it('DGN and DXF in projected systems read back at the reprojected coordinates within a millimetre', async () => {
    const h = await harness();
    const w = await world(h);
    // UTM 13N (metres), UTM 13S (northings past 14,000 km: the data are north of its equator) and
    // Colorado Central in US survey feet.
    const systems = [
      { srid: 32613, unitsPerMetre: 1 },
      { srid: 32713, unitsPerMetre: 1 },
      { srid: 2232, unitsPerMetre: 3937 / 1200 },
    ];
    for (const { srid, unitsPerMetre } of systems) {
      const expected = await reprojectedVertices(h, w.layerId, srid);
      for (const format of ['DGN', 'DXF']) {
        const out = await exported(h, w, 'layer', w.layerId, request(format, { projString: `EPSG:${srid}` }));
        const found = await coordinatesIn(path.join(out.dir, out.name));
        const tolerance = 0.001 * unitsPerMetre;
        for (const [x, y, z] of expected) {
          const nearest = Math.min(...found.map((c) => Math.hypot(c[0]! - x!, c[1]! - y!)));
          expect(nearest, `${format} EPSG:${srid} (${x}, ${y})`).toBeLessThanOrEqual(tolerance);
          if (z !== undefined) {
            const same = found.find((c) => Math.hypot(c[0]! - x!, c[1]! - y!) <= tolerance);
            expect(Math.abs(same![2]! - z), `${format} EPSG:${srid} z`).toBeLessThanOrEqual(0.001);
          }
        }
      }
    }
  }, 120_000);
});

describe.skipIf(!hasGdal)('the export of a search', () => {
  it('writes what the query selects: free text, typed filters, a box, dictionary fields, with a selection', async () => {
    const h = await harness();
    const w = await world(h);
    const { lineLayer, attribute } = await classifiedLines(h, w);
    const ids = await h.db
      .selectFrom('features')
      .select('id')
      .where('layer_id', '=', w.layerId)
      .orderBy('id')
      .execute();
    // The selection: points 0..9; with the filters (cuenta 4..11) it leaves 4..9.
    const selection = { featureIDs: ids.slice(0, 10).map((r) => r.id) };
    const filter = (field: string, operation: string, rest: object) => ({ field, operation, ...rest });
    const queries: Array<[string, string, object, object?]> = [
      ['text', w.layerId, { search: 'ÁRBOL' }],
      ['two words', w.layerId, { search: 'árbol 中文' }],
      ['number between', w.layerId, { filters: [filter('cuenta', 'between', { from: 5, to: 9 })] }],
      ['date lte', w.layerId, { filters: [filter('day', 'lte', { value: '2024-03-02', dataType: 'date' })] }],
      ['boolean', w.layerId, { filters: [filter('ok', 'eq', { value: true })] }],
      ['like', w.layerId, { filters: [filter('nombre', 'like', { value: 'niñ' })] }],
      ['ne', w.layerId, { filters: [filter('nombre', 'ne', { value: 'Niño' })] }],
      [
        'box',
        w.layerId,
        {
          filters: [
            { type: 'bb', field: 'location', topLeft: { lat: 39.6, lon: -105.001 }, bottomRight: [-104.945, 39.4] },
          ],
        },
      ],
      [
        'two filters and a selection',
        w.layerId,
        { filters: [filter('cuenta', 'gte', { value: '4' }), filter('depth', 'lte', { value: 12 })] },
        selection,
      ],
      ['component', lineLayer, { filters: [filter('component', 'eq', { value: 'Electric Line' })] }],
      ['attribute', lineLayer, { filters: [filter(attribute, 'like', { value: 'río' })] }],
      ['dictionary text', lineLayer, { search: 'calle' }],
    ];
    const jobs: string[] = [];
    for (const [name, layerId, query, extra] of queries) {
      const started = await searchExport(h, w.admin, layerId, { query: { ...query, layerId }, ...extra });
      expect(started.status, `${name}: ${JSON.stringify(started.body)}`).toBe(200);
      jobs.push(started.body.id);
    }
    const results = await geojsonResults(h, w.admin, jobs);
    const counts = Object.fromEntries(queries.map(([name], i) => [name, results[i]!.length]));
    expect(counts).toEqual({
      text: 11,
      'two words': 11,
      'number between': 5,
      'date lte': 6,
      boolean: 11,
      like: 11,
      ne: 11,
      box: 6,
      'two filters and a selection': 6,
      component: 2,
      attribute: 1,
      'dictionary text': 2,
    });
    const cuentas = (i: number) => results[i]!.map((f) => f.properties.cuenta).sort((a, b) => Number(a) - Number(b));
    expect(cuentas(2)).toEqual([5, 6, 7, 8, 9]);
    expect(cuentas(8)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(results[10]![0]!.properties[attribute]).toBe('Río Verde');
  }, 120_000);

  it('searches a folder one layer per layer, and refuses what it cannot honour or the caller cannot see', async () => {
    const h = await harness();
    const w = await world(h);
    const { lineLayer } = await classifiedLines(h, w);

    const folder = await call(h, w.admin, 'POST', `/search/features/export/folder/${w.folder.id}`, {
      ...request('KML'),
      query: { search: 'calle' },
    });
    expect(folder.status).toBe(200);
    await runJobsUntilIdle(h.app.deps);
    const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', folder.body.id).executeTakeFirstOrThrow();
    const res = await h.app.inject({ method: 'GET', url: job.result_url!, headers: w.admin.auth });
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const file = path.join(mkdtempSync(path.join((await import('node:os')).tmpdir(), 'fb-search-')), 'f.kml');
    writeFileSync(file, res.rawPayload);
    const counts = Object.fromEntries((await ogrSummary(file)).map((l) => [l.name, l.featureCount]));
    expect(counts).toEqual({ Lines: 2, Points: 0, Polygons: 0 });

    const refused = async (who: SignedIn, layerId: string, body: object) => {
      const r = await searchExport(h, who, layerId, body);
      return { status: r.status, message: r.body.message, code: r.body.code };
    };
    // The route's schema refuses them (code InvalidParameterException, as for any malformed export body).
    const invalid = { status: 400, message: 'app.export.error.invalid', code: 'InvalidParameterException' };
    expect(
      await refused(w.admin, w.layerId, { query: { filters: [{ field: 'cuenta', operation: 'between', from: 1 }] } }),
    ).toEqual(invalid);
    expect(
      await refused(w.admin, w.layerId, { query: { filters: [{ field: 'x', operation: 'near', value: 1 }] } }),
    ).toEqual(invalid);
    expect(
      await refused(w.admin, w.layerId, {
        query: { filters: [{ type: 'bb', topLeft: { lat: 95, lon: 0 }, bottomRight: [1, 1] }] },
      }),
    ).toEqual(invalid);
    // A searched layer outside the exported item, or not visible to the caller, is not found.
    expect((await refused(w.admin, w.layerId, { query: { layerId: lineLayer } })).status).toBe(404);
    const other = await field(h);
    const theirs = await call(h, other.admin, 'POST', `/search/features/export/project/${other.project.id}`, {
      ...request('KML'),
      query: { layerId: w.layerId },
    });
    expect(theirs.status).toBe(404);
    // A viewer of the organization exports a search; once their masks take view away, the same call is not found.
    const viewer = await createMember(h, w.admin.organizationId, 'viewer');
    const asViewer = () =>
      call(h, viewer, 'POST', `/search/features/export/folder/${w.folder.id}`, {
        ...request('KML'),
        query: { layerId: w.layerId, search: 'niño' },
      });
    expect((await asViewer()).status).toBe(200);
    await setOrgMask(h, viewer, '0000');
    expect((await asViewer()).status).toBe(404);
  }, 120_000);
});
