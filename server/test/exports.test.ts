import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanExportFileName, exportRequestSchema } from '@fieldbook/domain';
import { insertFeaturesBulk } from '../src/features/bulk-insert.js';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import { harness, type Harness } from './harness.js';
import { signedInAccount } from './factories.js';
import { call, field } from './feature-fixtures.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to check exports with a real reader');

const FIELDS = [
  { name: 'nombre', type: 'text', order: 0 },
  { name: 'cuenta', type: 'integer', order: 1 },
  { name: 'depth', type: 'real', order: 2 },
  { name: 'ok', type: 'boolean', order: 3 },
  { name: 'day', type: 'date', order: 4 },
];

/** A layer with typed fields: points with Z and non-ASCII text, a multipart line, a polygon with a hole. */
async function world(h: Harness) {
  const w = await field(h);
  const layerId = w.layer('point');
  await h.db
    .updateTable('layers')
    .set({ fields: JSON.stringify(FIELDS) })
    .where('id', '=', layerId)
    .execute();
  const target = {
    organizationId: w.admin.organizationId,
    projectId: w.project.id,
    layerId,
    dictionaryId: null,
    accountId: w.admin.accountId,
  };
  const values = (i: number) => ({
    nombre: i % 2 ? 'árbol 中文' : 'Niño',
    cuenta: i,
    depth: i + 0.5,
    ok: i % 2 === 0,
    day: '2024-03-0' + ((i % 9) + 1),
  });
  await insertFeaturesBulk(h.db, target, [
    ...Array.from({ length: 20 }, (_, i) => ({
      kind: 'point' as const,
      geometry: { type: 'Point', coordinates: [-105 + i / 100, 39.5, 1600 + i] },
      fieldValues: values(i),
    })),
    {
      kind: 'line',
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [-105, 39],
            [-104.9, 39.1],
          ],
          [
            [-104.8, 39],
            [-104.7, 39.2],
          ],
        ],
      },
      fieldValues: values(21),
    },
    {
      kind: 'polygon',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-105, 40],
            [-104, 40],
            [-104, 41],
            [-105, 41],
            [-105, 40],
          ],
          [
            [-104.6, 40.4],
            [-104.4, 40.4],
            [-104.4, 40.6],
            [-104.6, 40.4],
          ],
        ],
      },
      fieldValues: values(22),
    },
  ]);
  return { ...w, layerId };
}

const request = (format: string, extra: Record<string, unknown> = {}) => ({
  format,
  fileName: 'Survey: May/2024',
  email: 'surveyor@example.test',
  ...extra,
});

/** Starts an export, runs the queue and downloads the result into a temporary folder. */
async function exported(h: Harness, w: Awaited<ReturnType<typeof world>>, type: string, id: string, body: object) {
  const started = await call(h, w.admin, 'POST', `/rest/exports/${type}/${id}`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await runJobsUntilIdle(h.app.deps);
  const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', started.body.id).executeTakeFirstOrThrow();
  expect(job.info_messages, JSON.stringify(job.info_messages)).toEqual([]);
  expect(job.is_complete).toBe(true);
  const res = await h.app.inject({ method: 'GET', url: job.result_url!, headers: w.admin.auth });
  expect(res.statusCode).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fb-export-'));
  const name = decodeURIComponent(job.result_url!.split('/').pop()!);
  if (name.endsWith('.zip')) {
    for (const [entry, data] of Object.entries(unzipSync(res.rawPayload))) {
      const file = path.join(dir, entry);
      await import('node:fs/promises').then((fs) => fs.mkdir(path.dirname(file), { recursive: true }));
      writeFileSync(file, data);
    }
  } else writeFileSync(path.join(dir, name), res.rawPayload);
  return { dir, name, job, res };
}

/** ogrinfo's summary of every layer of a file: name, count, fields with types and the CRS text (GDAL 3.6 has no -json). */
async function ogrSummary(file: string) {
  const { stdout } = await run('ogrinfo', ['-ro', '-so', '-al', file], { maxBuffer: 1 << 24 });
  return stdout
    .split(/^Layer name: /m)
    .slice(1)
    .map((block) => {
      const lines = block.split('\n');
      const fields = lines.flatMap((line) => {
        const m = /^(.+): (Integer64|Integer|Real|String|DateTime|Date|Time)(\(\w+\))? \(/.exec(line);
        return m ? [{ name: m[1]!, type: m[2]! }] : [];
      });
      return {
        name: lines[0]!.trim(),
        featureCount: Number(/^Feature Count: (\d+)/m.exec(block)?.[1] ?? -1),
        fields,
        crs: /^Layer SRS WKT:\n([\s\S]*?)\nData axis/m.exec(block)?.[1] ?? '',
      };
    });
}

describe.skipIf(!hasGdal)('exports open in GDAL with the source count, fields and CRS', () => {
  it('writes every layer format', async () => {
    const h = await harness();
    const w = await world(h);
    const fieldNames = FIELDS.map((f) => f.name);
    const formats = ['GeoJSON', 'CSV', 'KML', 'FileGDB', 'Shapefile'];
    for (const format of formats) {
      const { dir, name } = await exported(h, w, 'layer', w.layerId, request(format, { projString: undefined }));
      expect(name).toMatch(/^SurveyMay2024\./);
      const target =
        format === 'FileGDB'
          ? path.join(dir, 'SurveyMay2024.gdb')
          : format === 'Shapefile'
            ? dir
            : path.join(dir, name);
      const layers = await ogrSummary(target);
      expect(
        layers.reduce((n, l) => n + l.featureCount, 0),
        format,
      ).toBe(22);
      for (const l of layers) {
        const names = l.fields.map((f) => f.name);
        for (const n of fieldNames) expect(names, `${format} ${l.name}`).toContain(n);
        const type = (n: string) => l.fields.find((f) => f.name === n)?.type;
        // KML and CSV carry no column types (GDAL reads KML numbers and CSV values as text).
        if (format !== 'KML' && format !== 'CSV') {
          expect(type('cuenta'), format).toBe('Integer');
          expect(type('depth'), format).toBe('Real');
        }
        if (format === 'FileGDB' || format === 'Shapefile') expect(layers.length).toBe(3);
      }
    }
  }, 120_000);

  it('reprojects, writes KMZ, DXF, DGN and PNEZD, and zips a folder export one layer per layer', async () => {
    const h = await harness();
    const w = await world(h);
    const utm = await exported(h, w, 'layer', w.layerId, request('Shapefile', { projWkt: 'EPSG:32613' }));
    const layers = await ogrSummary(utm.dir);
    expect(layers[0]!.crs).toContain('UTM zone 13N');

    const kmz = await exported(h, w, 'layer', w.layerId, request('KMZ', { projWkt: 'EPSG:32613' }));
    expect(kmz.name).toBe('SurveyMay2024.kmz');
    const kml = unzipSync(kmz.res.rawPayload)['doc.kml'];
    expect(Buffer.from(kml!).toString()).toContain('árbol 中文');

    for (const format of ['DXF', 'DGN']) {
      const out = await exported(h, w, 'layer', w.layerId, request(format));
      const found = await ogrSummary(path.join(out.dir, out.name));
      // DXF and DGN keep geometries only: no attribute fields (GDAL's writers drop them).
      expect(
        found.reduce((n, l) => n + l.featureCount, 0),
        format,
      ).toBeGreaterThanOrEqual(22);
    }

    const pnezd = await exported(h, w, 'layer', w.layerId, request('PNEZD', { pointNumber: -100 }));
    const rows = pnezd.res.body.trim().split('\n');
    expect(rows).toHaveLength(20);
    expect(rows[0]!.split(',').slice(0, 4)).toEqual(['100', '39.5', '-105', '1600']);

    const folder = await exported(h, w, 'folder', w.folder.id, request('KML'));
    const folderLayers = await ogrSummary(path.join(folder.dir, folder.name));
    expect(folderLayers.map((l) => l.name).sort()).toEqual(['Lines', 'Points', 'Polygons']);
  }, 120_000);
});

describe('export requests', () => {
  it('cleans file names, forces EPSG:4326 where the format needs it and takes PNEZD numbers as absolute', () => {
    expect(cleanExportFileName(`a/b+c:d;e=f@g$h&i,j'k?l{m}n^o%p\`q"r>s~t<u#v[w]x|y\\z 1`)).toBe(
      'abcdefghijklmnopqrstuvwxyz1',
    );
    const kml = exportRequestSchema.parse(request('KML', { projWkt: 'EPSG:32613', pointNumber: '-7' }));
    expect(kml.projWkt).toBeUndefined();
    expect(kml.pointNumber).toBe(7);
    expect(() => exportRequestSchema.parse(request('CSV', { fileName: ' /:' }))).toThrow('app.export.error.file-name');
    expect(() => exportRequestSchema.parse(request('CSV', { projWkt: '/etc/passwd' }))).toThrow();
    expect(() => exportRequestSchema.parse(request('CSV', { email: 'nope' }))).toThrow();
  });

  it('refuses a Shapefile in the site calibration, a single-layer format for a folder, and other tenants', async () => {
    const h = await harness();
    const w = await world(h);
    const site = await h.db
      .insertInto('sites')
      .values({ organization_id: w.admin.organizationId, name: 'Cal', wkt: 'EPSG:32613', proj: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.updateTable('projects').set({ site_id: site.id }).where('id', '=', w.project.id).execute();
    const sitecal = await call(h, w.admin, 'POST', `/rest/exports/layer/${w.layerId}`, {
      ...request('Shapefile'),
      projWkt: 'EPSG:32613',
    });
    expect(sitecal.status).toBe(400);
    expect(sitecal.body.message).toBe('app.export.error.shapefile-sitecal');
    const csvFolder = await call(h, w.admin, 'POST', `/rest/exports/folder/${w.folder.id}`, request('CSV'));
    expect(csvFolder.body.message).toBe('app.export.error.format');

    const stranger = await signedInAccount(h);
    const theirs = await call(h, stranger, 'POST', `/search/features/export/layer/${w.layerId}`, request('CSV'));
    expect(theirs.status).toBe(404);
    const mine = await call(h, w.admin, 'POST', `/search/features/export/layer/${w.layerId}`, {
      ...request('CSV'),
      featureIDs: [],
    });
    expect(mine.status).toBe(200);
    await runJobsUntilIdle(h.app.deps);
    const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', mine.body.id).executeTakeFirstOrThrow();
    expect(job.result_url).toBeTruthy();
    const download = await h.app.inject({ method: 'GET', url: job.result_url!, headers: stranger.auth });
    expect(download.statusCode).toBe(404);
  }, 60_000);
});
