import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanExportFileName, exportRequestSchema } from '@fieldbook/domain';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import { harness } from './harness.js';
import { signedInAccount } from './factories.js';
import { call } from './feature-fixtures.js';
import { exported, FIELDS, hasGdal, ogrSummary, request, world } from './export-fixtures.js';

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
            : format === 'CSV'
              ? path.join(dir, 'Points.csv')
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
        // KML carries no column types (GDAL reads its numbers as text); CSV has its .csvt.
        if (format !== 'KML') {
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
    const attachments = await call(h, w.admin, 'POST', `/rest/exports/layer/${w.layerId}`, {
      ...request('CSV'),
      exportAttachments: 'yes',
    });
    expect(attachments.status).toBe(400);
    expect(JSON.stringify(attachments.body)).toContain('app.export.error.invalid');

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
