import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { featuresOf, folderWorld, hasGdal, layersOf, run, upload, work } from './import-world.js';

/**
 * A zip holding a FileGDB (an `x.gdb/` folder) or a GeoPackage imports one layer per source layer,
 * as native `ogrinfo` of the source describes it (issue #10 §2).
 */

const POINTS = `id,name,height,day,WKT
1,Café ñandú,1.5,2020-01-02,POINT (-105 39.5)
2,北京,2.5,2021-03-04,POINT (116.4 39.9)
3,Año nuevo,3.25,2022-05-06,POINT (-3.7 40.4)
`;
const POLYGONS = `code,label,WKT
10,Parcela con hueco,"POLYGON ((0 0,10 0,10 10,0 10,0 0),(2 2,4 2,4 4,2 2))"
20,地块,"MULTIPOLYGON (((20 20,21 20,21 21,20 20)),((30 30,31 30,31 31,30 30)))"
`;

/** Makes a two-layer database with native ogr2ogr: `points` and `polygons`. */
async function twoLayerDatabase(driver: 'OpenFileGDB' | 'GPKG', target: string) {
  const dir = path.dirname(target);
  const open = ['-oo', 'GEOM_POSSIBLE_NAMES=WKT', '-oo', 'AUTODETECT_TYPE=YES', '-oo', 'KEEP_GEOM_COLUMNS=NO'];
  writeFileSync(path.join(dir, 'points.csv'), POINTS);
  writeFileSync(path.join(dir, 'polygons.csv'), POLYGONS);
  const crs = ['-a_srs', 'EPSG:4326'];
  await run('ogr2ogr', ['-f', driver, target, path.join(dir, 'points.csv'), ...open, ...crs, '-nlt', 'POINT']);
  const polygons = path.join(dir, 'polygons.csv');
  await run('ogr2ogr', ['-f', driver, '-update', target, polygons, ...open, ...crs, '-nlt', 'MULTIPOLYGON']);
}

/**
 * Zips `entry` (a file, or a folder with its files) at the root of the zip, as a desktop zip tool does,
 * or inside `folder` (zipping the folder that holds the database).
 */
function zipOf(entry: string, folder = ''): Buffer {
  const name = `${folder ? `${folder}/` : ''}${path.basename(entry)}`;
  const files: Record<string, Uint8Array> = {};
  if (statSync(entry).isDirectory()) {
    for (const file of readdirSync(entry)) files[`${name}/${file}`] = readFileSync(path.join(entry, file));
  } else files[name] = readFileSync(entry);
  return Buffer.from(zipSync(files));
}

interface OgrLayer {
  name: string;
  geometry: string;
  count: number;
  extent: number[];
  fields: Record<string, string>;
}

/** `ogrinfo -so -al` of the source, read from its text (Debian's GDAL predates `-json`). */
async function nativeLayers(source: string): Promise<OgrLayer[]> {
  const { stdout } = await run('ogrinfo', ['-so', '-al', '-ro', source]);
  return stdout
    .split(/^Layer name: /m)
    .slice(1)
    .map((block) => {
      const lines = block.split('\n');
      const extent = block.match(/^Extent: \(([-\d.]+), ([-\d.]+)\) - \(([-\d.]+), ([-\d.]+)\)/m)!;
      const fields: Record<string, string> = {};
      // Field lines come after the last header line ("Geometry Column = …" / "FID Column = …").
      const last = lines.reduce((at, l, i) => (/ Column = /.test(l) ? i : at), -1);
      for (const line of lines.slice(last + 1)) {
        const field = line.match(/^(\w+): (\w+) \(/);
        if (field) fields[field[1]!] = field[2]!;
      }
      return {
        name: lines[0]!.trim(),
        geometry: block.match(/^Geometry: (.+)$/m)![1]!,
        count: Number(block.match(/^Feature Count: (\d+)/m)![1]),
        extent: extent.slice(1).map(Number),
        fields,
      };
    });
}

/** OGR's type names, as ogrinfo prints them, in our field types. */
const OGR_TYPES: Record<string, string> = {
  String: 'text',
  Integer: 'integer',
  Integer64: 'integer',
  Real: 'real',
  Date: 'date',
  DateTime: 'datetime',
};

async function expectLikeSource(h: Harness, folderId: string, source: OgrLayer[]) {
  const layers = await layersOf(h, folderId);
  expect(layers.map((l) => l.name).sort()).toEqual(source.map((l) => l.name).sort());
  for (const want of source) {
    const layer = layers.find((l) => l.name === want.name)!;
    const rows = await featuresOf(h, layer.id);
    expect(rows, want.name).toHaveLength(want.count);
    expect(Object.keys(want.fields).length, want.name).toBeGreaterThan(1);
    const types = Object.fromEntries(layer.fields.map((f) => [f.name, f.type]));
    expect(types, want.name).toEqual(
      Object.fromEntries(Object.entries(want.fields).map(([n, t]) => [n, OGR_TYPES[t]])),
    );
    expect(new Set(rows.map((r) => r.type)), want.name).toEqual(
      new Set([want.geometry.replace(' ', '').toUpperCase()]),
    );
    const box = await sql<{ x1: number; y1: number; x2: number; y2: number }>`
      SELECT ST_XMin(e) AS x1, ST_YMin(e) AS y1, ST_XMax(e) AS x2, ST_YMax(e) AS y2
      FROM (SELECT ST_Extent(geom) AS e FROM features WHERE layer_id = ${layer.id}) s`.execute(h.db);
    const got = box.rows[0]!;
    [got.x1, got.y1, got.x2, got.y2].forEach((v, i) => expect(Math.abs(v - want.extent[i]!)).toBeLessThan(1e-6));
  }
  const points = layers.find((l) => l.name === 'points')!;
  const texts = (await featuresOf(h, points.id)).map((r) => r.values.name);
  expect(texts).toEqual(['Café ñandú', '北京', 'Año nuevo']);
  const polygons = await featuresOf(h, layers.find((l) => l.name === 'polygons')!.id);
  expect(polygons.map((r) => [r.values.label, r.rings])).toEqual([
    ['Parcela con hueco', 2],
    ['地块', 2],
  ]);
}

describe.skipIf(!hasGdal)('IMPORT of a zip holding a database', () => {
  // At the zip's root, and in a folder of the zip (a zipped project folder holding the database).
  it.each(['', 'Project 2024/data'])(
    'imports each layer of a zipped FileGDB into the chosen folder (in "%s")',
    async (folder) => {
      const h = await harness();
      const w = await folderWorld(h);
      const gdb = path.join(work(), 'survey.gdb');
      await twoLayerDatabase('OpenFileGDB', gdb);
      const source = await nativeLayers(gdb);
      expect(source.map((l) => l.name)).toEqual(['points', 'polygons']);
      const res = await upload(h, w.admin, w.folder.id, zipOf(gdb, folder), 'zip');
      expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
      await expectLikeSource(h, w.folder.id, source);
    },
  );

  it.each(['', 'exports'])(
    'imports each layer of a zipped GeoPackage into the chosen folder (in "%s")',
    async (folder) => {
      const h = await harness();
      const w = await folderWorld(h);
      const gpkg = path.join(work(), 'survey.gpkg');
      await twoLayerDatabase('GPKG', gpkg);
      const source = await nativeLayers(gpkg);
      const res = await upload(h, w.admin, w.folder.id, zipOf(gpkg, folder), 'zip');
      expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
      await expectLikeSource(h, w.folder.id, source);
    },
  );
});
