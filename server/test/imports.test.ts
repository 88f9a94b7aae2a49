import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, PROJECT_MSG } from '@fieldbook/domain';
import { harness } from './harness.js';
import { signedInAccount } from './factories.js';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import {
  call,
  featuresOf,
  featuresWithoutLayer,
  folderWorld,
  hasGdal,
  layersOf,
  run,
  upload,
  work,
} from './import-world.js';

const CSV = `id,name,height,day,stamp,WKT
1,Café ñandú,1.5,2020-01-02,2020-01-02T03:04:05,POINT Z (-105 39.5 1600)
2,北京,2.5,2021-03-04,2021-03-04T05:06:07,POINT Z (116.4 39.9 44)
3,Año,3.25,2022-05-06,2022-05-06T07:08:09,POINT Z (-3.7 40.4 650)
`;
const POLYGONS = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { label: 'hole' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 10],
            [0, 0],
          ],
          [
            [2, 2],
            [4, 2],
            [4, 4],
            [2, 2],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { label: 'multi' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [20, 20],
              [21, 20],
              [21, 21],
              [20, 20],
            ],
          ],
          [
            [
              [30, 30],
              [31, 30],
              [31, 31],
              [30, 30],
            ],
          ],
        ],
      },
    },
  ],
});

const csvOpen = ['-oo', 'GEOM_POSSIBLE_NAMES=WKT', '-oo', 'AUTODETECT_TYPE=YES', '-oo', 'KEEP_GEOM_COLUMNS=NO'];

/** Makes `name` in `dir` from the test CSV with native ogr2ogr (tests only; the product uses gdal3.js). */
async function pointsFile(format: string): Promise<{ file: string; ext: string }> {
  const dir = work();
  const csv = path.join(dir, 'pts.csv');
  writeFileSync(csv, CSV);
  const base = ['-a_srs', 'EPSG:4326', '-nln', 'pts', ...csvOpen];
  switch (format) {
    case 'shp': {
      await run('ogr2ogr', ['-f', 'ESRI Shapefile', path.join(dir, 'shp'), csv, ...base, '-lco', 'ENCODING=UTF-8']);
      await run('zip', [
        '-qj',
        path.join(dir, 'pts.zip'),
        ...['shp', 'shx', 'dbf', 'prj', 'cpg'].map((e) => path.join(dir, 'shp', `pts.${e}`)),
      ]);
      return { file: path.join(dir, 'pts.zip'), ext: 'zip' };
    }
    case 'kmz': {
      await run('ogr2ogr', ['-f', 'KML', path.join(dir, 'doc.kml'), csv, ...base]);
      await run('zip', ['-qj', path.join(dir, 'pts.kmz'), path.join(dir, 'doc.kml')]);
      return { file: path.join(dir, 'pts.kmz'), ext: 'kmz' };
    }
    case 'gpx': {
      await run('ogr2ogr', [
        '-f',
        'GPX',
        path.join(dir, 'pts.gpx'),
        csv,
        ...base,
        '-nln',
        'waypoints',
        '-nlt',
        'POINT',
        '-dsco',
        'GPX_USE_EXTENSIONS=YES',
      ]);
      return { file: path.join(dir, 'pts.gpx'), ext: 'gpx' };
    }
    default: {
      const driver = { geojson: 'GeoJSON', gpkg: 'GPKG', kml: 'KML', csv: 'CSV' }[format] ?? format;
      const out = path.join(dir, `survey.${format}`);
      const extra = format === 'csv' ? ['-lco', 'GEOMETRY=AS_WKT'] : [];
      await run('ogr2ogr', ['-f', driver, out, csv, ...base, ...extra]);
      return { file: out, ext: format };
    }
  }
}

describe.skipIf(!hasGdal)('IMPORT of vector files', () => {
  it.each(['shp', 'geojson', 'gpkg', 'kml', 'kmz', 'gpx', 'csv'])(
    'imports a %s with its count, fields, geometry and text',
    async (format) => {
      const h = await harness();
      const w = await folderWorld(h);
      const source = await pointsFile(format);
      const res = await upload(h, w.admin, w.folder.id, readFileSync(source.file), source.ext, '?layerName=Survey');
      expect(res.job?.info_messages, JSON.stringify(res.job)).not.toContain(IMPORT_MSG.failed);
      expect(res.job).toMatchObject({ is_complete: true, has_error: false });
      const [layer] = await layersOf(h, w.folder.id);
      expect(layer?.name).toBe('Survey');
      const rows = await featuresOf(h, layer!.id);
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['point']));
      const texts = rows.flatMap((r) => Object.values(r.values)).filter((v) => typeof v === 'string');
      expect(texts.join(' ')).toContain('Café ñandú');
      expect(texts.join(' ')).toContain('北京');
      if (['shp', 'geojson', 'gpkg', 'csv'].includes(format)) {
        const fields = Object.fromEntries(layer!.fields.map((f) => [f.name.toLowerCase(), f.type]));
        expect(fields).toMatchObject({ id: 'integer', name: 'text', height: 'real', day: 'date' });
        expect(rows[0]!.values).toMatchObject({ height: 1.5 });
      }
      const extent = await sql<{
        e: string;
      }>`SELECT ST_Extent(geom)::text AS e FROM features WHERE layer_id = ${layer!.id}`.execute(h.db);
      expect(extent.rows[0]?.e).toBe('BOX(-105 39.5,116.4 40.4)');
      if (format !== 'kml' && format !== 'kmz' && format !== 'gpx') {
        const z = await sql<{
          z: number;
        }>`SELECT ST_Z(geom) AS z FROM features WHERE layer_id = ${layer!.id} ORDER BY id LIMIT 1`.execute(h.db);
        expect(z.rows[0]?.z).toBe(1600);
      }
    },
  );

  it('keeps the time zone of date-times as GDAL reads them: Z, hours and minutes, or none', async () => {
    const h = await harness();
    const w = await folderWorld(h);
    const stamps = [
      '2021-03-04T05:06:07+01:30',
      '2021-03-04T05:06:07Z',
      '2021-03-04T05:06:07-05:00',
      '2021-03-04T05:06:07',
    ];
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: stamps.map((t, i) => ({
        type: 'Feature',
        properties: { n: i, t },
        geometry: { type: 'Point', coordinates: [i, i] },
      })),
    });
    const res = await upload(h, w.admin, w.folder.id, Buffer.from(geojson), 'geojson', '?layerName=Stamps');
    expect(res.job).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    expect(layer!.fields.find((f) => f.name === 't')?.type).toBe('datetime');
    const rows = await featuresOf(h, layer!.id);
    expect(rows.map((r) => r.values.t)).toEqual(stamps);
  });

  it('keeps holes and multi-parts of polygons, and names the layer after the file', async () => {
    const h = await harness();
    const w = await folderWorld(h);
    const res = await upload(h, w.admin, w.folder.id, Buffer.from(POLYGONS), 'geojson', '');
    expect(res.job).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    const rows = await featuresOf(h, layer!.id);
    expect(rows.map((r) => [r.type, r.values.label])).toEqual([
      ['POLYGON', 'hole'],
      ['MULTIPOLYGON', 'multi'],
    ]);
    expect(rows[0]!.rings).toBe(2);
  });

  it('refuses bad files with the spec message and creates nothing', async () => {
    const h = await harness();
    const w = await folderWorld(h);
    const empty = await upload(h, w.admin, w.folder.id, Buffer.alloc(0), 'geojson');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(IMPORT_MSG.emptyFile);
    const wrongType = await upload(h, w.admin, w.folder.id, Buffer.from('x'), 'exe');
    expect(wrongType.body.message).toBe(IMPORT_MSG.invalidType);
    const corrupt = await upload(h, w.admin, w.folder.id, Buffer.from('PK not really a zip'), 'zip');
    expect(corrupt.job).toMatchObject({ is_complete: false, has_error: true });
    expect(corrupt.job?.info_messages).toContain(IMPORT_MSG.corruptFile);
    const garbage = await upload(h, w.admin, w.folder.id, Buffer.from('{ not json'), 'geojson');
    expect(garbage.job?.has_error).toBe(true);

    const shp = await pointsFile('shp');
    const dir = path.dirname(shp.file);
    for (const missing of ['dbf', 'shx']) {
      const zip = path.join(dir, `no-${missing}.zip`);
      const parts = ['shp', 'shx', 'dbf', 'prj']
        .filter((e) => e !== missing)
        .map((e) => path.join(dir, 'shp', `pts.${e}`));
      await run('zip', ['-qj', zip, ...parts]);
      const res = await upload(h, w.admin, w.folder.id, readFileSync(zip), 'zip');
      expect(res.job?.info_messages).toContain(IMPORT_MSG.shapefileIncomplete);
    }
    expect(await layersOf(h, w.folder.id)).toEqual([]);
    expect(await featuresWithoutLayer(h, w.admin.organizationId)).toBe(0);
  });

  it('refuses a layer name taken in the folder, at the URL and in the job', async () => {
    const h = await harness();
    const w = await folderWorld(h);
    const geojson = Buffer.from(POLYGONS);
    expect((await upload(h, w.admin, w.folder.id, geojson, 'geojson', '?layerName=Parcels')).job?.is_complete).toBe(
      true,
    );
    const again = await upload(h, w.admin, w.folder.id, geojson, 'geojson', '?layerName=parcels');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PROJECT_MSG.layerNameExists);
    // Named after the file, which collides only when the job runs.
    const signed = await call(h, w.admin, 'GET', `/rest/projects/signedurl/${w.folder.id}/geojson/VECTOR/WFS`);
    const put = await h.app.inject({
      method: 'PUT',
      url: `${signed.json().url}?fileName=Parcels.geojson`,
      payload: geojson,
      headers: { 'content-type': 'application/geo+json' },
    });
    expect(put.statusCode).toBe(201);
    await runJobsUntilIdle(h.app.deps, { organizationId: w.admin.organizationId });
    const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', put.json().id).executeTakeFirstOrThrow();
    expect(job.info_messages).toContain(PROJECT_MSG.layerNameExists);
    expect((await layersOf(h, w.folder.id)).map((l) => l.name)).toEqual(['Parcels']);
  });

  it.each(['csv', 'shp'])('reads a %s without a coordinate system in the crs of the upload URL', async (format) => {
    const h = await harness();
    const w = await folderWorld(h);
    const dir = work();
    const utm: Array<[number, number]> = [
      [450000, 4372000],
      [520000.5, 4400000.25],
    ];
    const csv = path.join(dir, 'utm.csv');
    writeFileSync(csv, `id,x,y\n${utm.map(([x, y], i) => `${i + 1},${x},${y}`).join('\n')}\n`);
    let file = csv;
    if (format === 'shp') {
      // ogr2ogr writes no .prj for a source without a coordinate system.
      const open = ['-oo', 'X_POSSIBLE_NAMES=x', '-oo', 'Y_POSSIBLE_NAMES=y', '-oo', 'AUTODETECT_TYPE=YES'];
      await run('ogr2ogr', ['-f', 'ESRI Shapefile', path.join(dir, 'shp'), csv, ...open, '-nln', 'utm']);
      expect(existsSync(path.join(dir, 'shp', 'utm.prj'))).toBe(false);
      file = path.join(dir, 'utm.zip');
      await run('zip', ['-qj', file, ...['shp', 'shx', 'dbf'].map((e) => path.join(dir, 'shp', `utm.${e}`))]);
    }
    // The expected lon/lat from native PROJ.
    const transform = run('gdaltransform', ['-s_srs', 'EPSG:32613', '-t_srs', 'EPSG:4326', '-output_xy']);
    transform.child.stdin?.end(utm.map(([x, y]) => `${x} ${y}\n`).join(''));
    const expected = (await transform).stdout
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number));
    expect(expected).toHaveLength(2);

    const res = await upload(
      h,
      w.admin,
      w.folder.id,
      readFileSync(file),
      format === 'shp' ? 'zip' : 'csv',
      '?crs=32613',
    );
    expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    const ids = await h.db
      .selectFrom('features')
      .select(['id', 'field_values'])
      .where('layer_id', '=', layer!.id)
      .execute();
    expect(ids).toHaveLength(2);
    for (const row of ids) {
      const got = await call(h, w.admin, 'GET', `/rest/features/${row.id}`);
      expect(got.status).toBe(200);
      const [lon, lat] = got.json().geometry.coordinates as number[];
      const [wantLon, wantLat] = expected[Number((row.field_values as { id: number }).id) - 1]!;
      expect(Math.abs(lon! - wantLon!), `${lon} vs ${wantLon}`).toBeLessThan(1e-6);
      expect(Math.abs(lat! - wantLat!), `${lat} vs ${wantLat}`).toBeLessThan(1e-6);
    }
  });

  it('stores Z and measurement fields in feet as metres with convertFromFeet', async () => {
    const h = await harness();
    const w = await folderWorld(h);
    const file = Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { label: 'peak', elevation: 100, height: 7 },
            geometry: { type: 'Point', coordinates: [-105.25, 39.75, 1000] },
          },
        ],
      }),
    );
    const res = await upload(h, w.admin, w.folder.id, file, 'geojson', '?convertFromFeet=true&layerName=Feet');
    expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    const [row] = await h.db.selectFrom('features').select('id').where('layer_id', '=', layer!.id).execute();
    const got = (await call(h, w.admin, 'GET', `/rest/features/${row!.id}`)).json();
    const [lon, lat, z] = got.geometry.coordinates as number[];
    expect([lon, lat]).toEqual([-105.25, 39.75]);
    expect(Math.abs(z! - 304.8), String(z)).toBeLessThan(1e-6);
    const values = got.properties.fieldValues as Record<string, unknown>;
    expect(Math.abs(Number(values.elevation) - 30.48), String(values.elevation)).toBeLessThan(1e-6);
    expect(values.height).toBe(7);
    const types = Object.fromEntries(layer!.fields.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({ elevation: 'real', height: 'integer' });

    // Without the option the same file keeps its numbers.
    await upload(h, w.admin, w.folder.id, file, 'geojson', '?layerName=Plain');
    const plain = (await layersOf(h, w.folder.id)).find((l) => l.name === 'Plain');
    const z0 = await sql<{ z: number }>`SELECT ST_Z(geom) AS z FROM features WHERE layer_id = ${plain!.id}`.execute(
      h.db,
    );
    expect(z0.rows[0]?.z).toBe(1000);
  });

  it('converts only the listed measurementFields (and Z) from feet, not the default list', async () => {
    const h = await harness();
    const w = await folderWorld(h);
    const file = Buffer.from(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { elevation: 100, depth: 10, rod: 5, Height: 7.5, label: 'mark' },
            geometry: { type: 'Point', coordinates: [-105.25, 39.75, 1000] },
          },
        ],
      }),
    );
    const query = '?convertFromFeet=true&measurementFields=rod,%20height&layerName=Listed';
    const res = await upload(h, w.admin, w.folder.id, file, 'geojson', query);
    expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    const [row] = await h.db.selectFrom('features').select('id').where('layer_id', '=', layer!.id).execute();
    const got = (await call(h, w.admin, 'GET', `/rest/features/${row!.id}`)).json();
    expect(Math.abs(got.geometry.coordinates[2] - 304.8)).toBeLessThan(1e-6);
    const values = got.properties.fieldValues as Record<string, unknown>;
    // Listed (in any case): feet → metres; a whole-number column becomes real.
    expect(Math.abs(Number(values.rod) - 1.524), String(values.rod)).toBeLessThan(1e-9);
    expect(Math.abs(Number(values.Height) - 2.286), String(values.Height)).toBeLessThan(1e-9);
    // The default measurement fields are not applied when a list is given.
    expect(values).toMatchObject({ elevation: 100, depth: 10, label: 'mark' });
    const types = Object.fromEntries(layer!.fields.map((f) => [f.name, f.type]));
    expect(types).toEqual({ elevation: 'integer', depth: 'integer', rod: 'real', Height: 'real', label: 'text' });
  });

  it('keeps another organization out of the folder and its upload URL', async () => {
    const h = await harness();
    const w = await folderWorld(h);
    const other = await signedInAccount(h);
    const res = await call(h, other, 'GET', `/rest/projects/signedurl/${w.folder.id}/geojson/VECTOR/WFS`);
    expect(res.status).toBe(404);
    const tampered = await call(h, null, 'PUT', '/files/import/not-a-token', 'x');
    expect(tampered.status).toBe(401);
  });
});
