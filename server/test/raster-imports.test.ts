import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@fieldbook/domain';
import { harness, type Harness } from './harness.js';
import { signedInAccount, templateDictionaryId, type SignedIn } from './factories.js';
import { merc, pixels, rawCall as call } from './map-images.js';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import { tileCache } from '../src/ogc/tile-cache.js';
import { removeOrphanRasters } from '../src/rasters/raster-files.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/gdal_translate');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to make the raster test files');

/** The test image: 20 × 10 pixels of 100 m in UTM 17N (EPSG:32617), 2 km × 1 km north of 36° N. */
const UTM = { west: 500000, north: 4001000, east: 502000, south: 4000000 };
const RED = [200, 30, 40, 255];
const TRANSPARENT = [0, 0, 0, 0];

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'fb-raster-'));

/** An ASCII grid of the test area (the tests' own small source; no coordinate system in it). */
function asciiGrid(folder: string, value: (row: number, col: number) => string): string {
  const rows = Array.from({ length: 10 }, (_, r) => Array.from({ length: 20 }, (__, c) => value(r, c)).join(' '));
  const file = path.join(folder, 'grid.asc');
  const header = `ncols 20\nnrows 10\nxllcorner ${UTM.west}\nyllcorner ${UTM.south}\ncellsize 100\nNODATA_value -9999\n`;
  writeFileSync(file, header + rows.join('\n') + '\n');
  return file;
}

/** Made with native GDAL (tests only): a red RGB GeoTIFF, a Float32 elevation grid with a nodata corner, a world-file zip. */
async function makeFiles() {
  const folder = dir();
  const rgb = path.join(folder, 'ortho.tif');
  await run('gdal_create', [
    ...['-of', 'GTiff', '-outsize', '20', '10', '-bands', '3', '-burn', '200', '-burn', '30', '-burn', '40'],
    ...['-a_srs', 'EPSG:32617', '-a_ullr', String(UTM.west), String(UTM.north), String(UTM.east), String(UTM.south)],
    rgb,
  ]);
  const dem = path.join(folder, 'dem.tif');
  const grid = asciiGrid(folder, (r, c) => (r < 5 && c < 10 ? '-9999' : String(100 + r * 20 + c)));
  await run('gdal_translate', ['-q', '-of', 'GTiff', '-ot', 'Float32', '-a_srs', 'EPSG:32617', grid, dem]);
  // A GeoTIFF with a world file and no coordinate system, zipped: what a zipped raster upload is.
  const plain = path.join(folder, 'plain');
  await run('gdal_create', [
    ...['-of', 'GTiff', '-outsize', '20', '10', '-bands', '3', '-burn', '200', '-burn', '30', '-burn', '40'],
    ...['-a_ullr', String(UTM.west), String(UTM.north), String(UTM.east), String(UTM.south), '-co', 'TFW=YES'],
    `${plain}.tif`,
  ]);
  const zip = path.join(folder, 'ortho.zip');
  await run('zip', ['-qj', zip, `${plain}.tif`, `${plain}.tfw`]);
  const notRaster = path.join(folder, 'notes.zip');
  writeFileSync(path.join(folder, 'notes.txt'), 'no image here');
  await run('zip', ['-qj', notRaster, path.join(folder, 'notes.txt')]);
  const info = JSON.parse((await run('gdalinfo', ['-json', rgb])).stdout) as {
    wgs84Extent: { coordinates: number[][][] };
  };
  const ring = info.wgs84Extent.coordinates[0]!;
  const lons = ring.map((p) => p[0]!);
  const lats = ring.map((p) => p[1]!);
  const extent = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  return { rgb, dem, zip, notRaster, extent };
}

async function world(h: Harness) {
  const admin = await signedInAccount(h);
  const template = { id: await templateDictionaryId(h) };
  const project = (
    await call(h, admin, 'POST', '/rest/projects', { name: 'Rasters', dataDictionaryId: template.id })
  ).json();
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'Imagery' })).json();
  return { admin, project, folder };
}

async function upload(h: Harness, who: SignedIn, folderId: string, file: string, query = '') {
  const ext = path.extname(file).slice(1);
  const signed = await call(h, who, 'GET', `/rest/projects/signedurl/${folderId}/${ext}/RASTER/WFS${query}`);
  if (signed.status !== 200) return { status: signed.status, body: signed.json(), job: null };
  const put = await h.app.inject({
    method: 'PUT',
    url: `${signed.json().url}?fileName=${encodeURIComponent(path.basename(file))}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: readFileSync(file),
  });
  expect(put.statusCode).toBe(201);
  await runJobsUntilIdle(h.app.deps, { organizationId: who.organizationId });
  const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', put.json().id).executeTakeFirstOrThrow();
  return { status: 201, body: put.json(), job };
}

const layersOf = (h: Harness, folderId: string) =>
  h.db.selectFrom('layers').selectAll().where('folder_id', '=', folderId).orderBy('name').execute();

const storedRasters = (h: Harness) => {
  const folder = path.join(h.app.deps.config.dataDir, 'files', 'rasters');
  return existsSync(folder) ? readdirSync(folder) : [];
};

/** A GetMap of the layer in EPSG:3857, `width` px wide over [west, south, east, north] in degrees. */
function getMapUrl(base: string, layerId: string, box: number[], size = 256, crs = 'EPSG:3857') {
  const [w, s, e, n] = box as [number, number, number, number];
  const bbox = crs === 'EPSG:3857' ? [...merc(w, s), ...merc(e, n)] : [s, w, n, e];
  return `${base}/geo/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layerId}&STYLES=&FORMAT=image/png&TRANSPARENT=true&WIDTH=${size}&HEIGHT=${size}&CRS=${crs}&BBOX=${bbox.join(',')}`;
}

/** Tile column/row of a point at a zoom (GoogleMapsCompatible), and the pixel it falls on. */
function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const fx = ((lng + 180) / 360) * n;
  const r = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  return { x: Math.floor(fx), y: Math.floor(fy), px: Math.floor((fx % 1) * 256), py: Math.floor((fy % 1) * 256) };
}

describe.skipIf(!hasGdal)('IMPORT of rasters, served as map tiles', () => {
  let files: Awaited<ReturnType<typeof makeFiles>>;
  beforeAll(async () => {
    files = await makeFiles();
  });

  it('imports a GeoTIFF as one RASTER layer with its extent, drawn by WMS and WMTS, to its organization only', async () => {
    const h = await harness();
    const w = await world(h);
    const res = await upload(h, w.admin, w.folder.id, files.rgb);
    expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    expect(layer).toMatchObject({ name: 'ortho', type: 'RASTER' });
    const [west, south, east, north] = files.extent as [number, number, number, number];
    const got = await call(
      h,
      w.admin,
      'GET',
      `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${layer!.id}`,
    );
    expect(got.status).toBe(200);
    const extent = got.json().extent as { west: number; south: number; east: number; north: number };
    // The warp's bounds hold the source's corners (within a pixel of 100 m, about 0.0011°).
    for (const [a, b] of [
      [extent.west, west],
      [extent.south, south],
      [extent.east, east],
      [extent.north, north],
    ])
      expect(Math.abs(a! - b!)).toBeLessThan(0.0012);
    const zoom = await call(h, w.admin, 'GET', `/rest/projects/layerExtent/${layer!.id}`);
    expect(zoom.json()).toMatchObject({ west: extent.west, north: extent.north, count: 0 });
    const tree = (await call(h, w.admin, 'GET', `/rest/projects/${w.project.id}`)).json();
    const inTree = tree.folders.flatMap((f: { layers: Array<{ id: string }> }) => f.layers);
    expect(inTree.find((l: { id: string }) => l.id === layer!.id)).toMatchObject({ type: 'RASTER', extent });
    expect(storedRasters(h)).toEqual([`${res.job!.id}.tif`]);

    // WMS: the raster's red inside, transparent around it; a bbox twice the raster's size around its centre.
    const base = `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${layer!.id}`;
    const [cx, cy] = [(west + east) / 2, (south + north) / 2];
    const [hx, hy] = [east - west, north - south];
    tileCache.clear();
    const started = performance.now();
    const map = await call(h, w.admin, 'GET', getMapUrl(base, layer!.id, [cx - hx, cy - hy, cx + hx, cy + hy]));
    const tileMs = performance.now() - started;
    expect(map.status, map.body).toBe(200);
    expect(map.type).toBe('image/png');
    const at = await pixels(map.raw);
    expect(at(128, 128)).toEqual(RED);
    expect(at(100, 120)).toEqual(RED);
    expect(at(5, 5)).toEqual(TRANSPARENT);
    expect(at(250, 128)).toEqual(TRANSPARENT);
    console.info(`raster GetMap 256 px, cold: ${tileMs.toFixed(1)} ms`);
    const lonLat = await pixels(
      (
        await call(
          h,
          w.admin,
          'GET',
          getMapUrl(base, layer!.id, [cx - hx, cy - hy, cx + hx, cy + hy], 128, 'EPSG:4326'),
        )
      ).raw,
    );
    expect(lonLat(64, 64)).toEqual(RED);
    expect(lonLat(2, 2)).toEqual(TRANSPARENT);

    const capabilities = await call(h, w.admin, 'GET', `${base}/geo/wms?SERVICE=WMS&REQUEST=GetCapabilities`);
    const box = /<BoundingBox CRS="CRS:84" minx="([-\d.]+)" miny="([-\d.]+)" maxx="([-\d.]+)" maxy="([-\d.]+)"/.exec(
      capabilities.body,
    );
    expect(box?.slice(1).map(Number)).toHaveLength(4);
    expect(Math.abs(Number(box![1]) - extent.west)).toBeLessThan(0.001);
    expect(Math.abs(Number(box![4]) - extent.north)).toBeLessThan(0.001);

    // WMTS: the tile over the raster's centre has it at the centre's pixel; a tile far away is empty.
    const t = tileOf(cx, cy, 15);
    const tile = await call(h, w.admin, 'GET', `${base}/geo/wmts/15/${t.x}/${t.y}`);
    expect(tile.status).toBe(200);
    expect((await pixels(tile.raw))(t.px, t.py)).toEqual(RED);
    const far = await pixels((await call(h, w.admin, 'GET', `${base}/geo/wmts/15/${t.x + 40}/${t.y}`)).raw);
    expect(far(128, 128)).toEqual(TRANSPARENT);
    // A raster layer has no features: WFS does not publish it.
    expect((await call(h, w.admin, 'GET', `${base}/geo/wfs?SERVICE=WFS&REQUEST=GetCapabilities`)).status).toBe(404);

    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `${base}/geo/wmts/15/${t.x}/${t.y}`)).status).toBe(404);
    expect((await call(h, outsider, 'GET', getMapUrl(base, layer!.id, [west, south, east, north]))).status).toBe(404);
    expect((await call(h, outsider, 'GET', `/rest/projects/layerExtent/${layer!.id}`)).status).toBe(404);
  });

  it('stretches an elevation grid to grey and leaves its nodata transparent', async () => {
    const h = await harness();
    const w = await world(h);
    const res = await upload(h, w.admin, w.folder.id, files.dem, '?layerName=Elevation');
    expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    expect(layer).toMatchObject({ name: 'Elevation', type: 'RASTER' });
    const base = `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${layer!.id}`;
    const map = await pixels((await call(h, w.admin, 'GET', getMapUrl(base, layer!.id, files.extent, 200))).raw);
    // The north-west quarter is nodata; the south-east corner is the highest value, the brightest grey.
    expect(map(40, 40)).toEqual(TRANSPARENT);
    const low = map(110, 30);
    const high = map(195, 195);
    expect(low[3]).toBe(255);
    expect(low[0]).toBe(low[1]);
    expect(low[1]).toBe(low[2]);
    expect(high[0]!).toBeGreaterThan(low[0]! + 50);
  });

  it('imports a zipped raster in the coordinate system chosen for it, and refuses one without', async () => {
    const h = await harness();
    const w = await world(h);
    const refused = await upload(h, w.admin, w.folder.id, files.zip);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(IMPORT_MSG.rasterCrsRequired);

    const res = await upload(h, w.admin, w.folder.id, files.zip, '?crs=32617&layerName=Zipped');
    expect(res.job, JSON.stringify(res.job)).toMatchObject({ is_complete: true, has_error: false });
    const [layer] = await layersOf(h, w.folder.id);
    expect(layer).toMatchObject({ name: 'Zipped', type: 'RASTER' });
    const extent = (await call(h, w.admin, 'GET', `/rest/projects/layerExtent/${layer!.id}`)).json();
    expect(Math.abs(extent.west - files.extent[0]!)).toBeLessThan(0.0012);
    expect(Math.abs(extent.north - files.extent[3]!)).toBeLessThan(0.0012);
    const base = `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${layer!.id}`;
    const map = await pixels((await call(h, w.admin, 'GET', getMapUrl(base, layer!.id, files.extent, 64))).raw);
    expect(map(32, 32)).toEqual(RED);
  });

  it('refuses a corrupt GeoTIFF and a zip without one, leaving no layer and no file', async () => {
    const h = await harness();
    const w = await world(h);
    const before = storedRasters(h);
    const folder = dir();
    const corrupt = path.join(folder, 'broken.tif');
    writeFileSync(corrupt, Buffer.concat([Buffer.from('II*\0'), Buffer.alloc(500, 7)]));
    const bad = await upload(h, w.admin, w.folder.id, corrupt);
    expect(bad.job).toMatchObject({ is_complete: false, has_error: true });
    expect(bad.job?.info_messages).toContain(IMPORT_MSG.badRaster);
    const empty = await upload(h, w.admin, w.folder.id, files.notRaster, '?crs=32617');
    expect(empty.job?.info_messages).toContain(IMPORT_MSG.noRaster);
    expect(await layersOf(h, w.folder.id)).toEqual([]);
    expect(storedRasters(h)).toEqual(before);
    for (const job of [bad.job!, empty.job!]) {
      const upload = path.join(
        h.app.deps.config.dataDir,
        'files',
        path.dirname((job.payload as { fileKey: string }).fileKey),
      );
      expect(existsSync(upload)).toBe(false);
    }
  });

  it('removes the stored image of a deleted raster layer', async () => {
    const h = await harness();
    const w = await world(h);
    const res = await upload(h, w.admin, w.folder.id, files.rgb);
    const [layer] = await layersOf(h, w.folder.id);
    const mine = `${res.job!.id}.tif`;
    expect(storedRasters(h)).toContain(mine);
    const removed = await call(
      h,
      w.admin,
      'DELETE',
      `/rest/projects/${w.project.id}/folders/${w.folder.id}/layers/${layer!.id}`,
    );
    expect(removed.status).toBeLessThan(300);
    // Images of other layers stay; this one is kept an hour for an import about to commit, so none is young here.
    const others = storedRasters(h).filter((f) => f !== mine);
    expect(await removeOrphanRasters(h.db, h.app.deps.config.dataDir)).toBe(0);
    await removeOrphanRasters(h.db, h.app.deps.config.dataDir, 0);
    expect(storedRasters(h).sort()).toEqual(others.sort());
  });

  it('is refused when the organization has raster upload switched off', async () => {
    const h = await harness();
    const w = await world(h);
    await h.db
      .updateTable('organizations')
      .set({
        functionality_flags: sql`functionality_flags || '{"raster_enabled": false, "rasterImagery": {"enabled": false}}'::jsonb`,
      })
      .where('id', '=', w.admin.organizationId)
      .execute();
    const res = await upload(h, w.admin, w.folder.id, files.rgb);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(IMPORT_MSG.rasterDisabled);
    // A vector upload is not concerned.
    expect((await call(h, w.admin, 'GET', `/rest/projects/signedurl/${w.folder.id}/geojson/VECTOR/WFS`)).status).toBe(
      200,
    );
  });
});
