import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { signedInAccount } from './factories.js';
import { call } from './feature-fixtures.js';
import { rawCall } from './map-images.js';
import { embeddedLayerTile } from '../src/vector-tiles/embedded-tile.js';
import { encodeTile } from '../src/vector-tiles/mvt-encode.js';
import { postgisLayerTile } from '../src/vector-tiles/postgis-tile.js';
import { decodeTile, FAR, TRANSFORMER, VALVE, tileOf, vectorTileWorld } from './vector-tile-world.js';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');
const MVT = 'application/vnd.mapbox-vector-tile';
/** Within a unit of the 4096 grid: 1e-4° at zoom 14 (0.6 m), 0.1° at zoom 0. */
const near = (a: number[], b: number[], tolerance = 1e-4) =>
  expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(tolerance);

/** Polygon rings may start at another vertex (ST_AsMVTGeom validates them): compare their vertices as a set. */
const sameRings = (features: ReturnType<typeof decodeTile>) =>
  features.map((f) =>
    f.type.endsWith('Polygon') ? { ...f, lonLat: [...new Set(f.lonLat.map((c) => c.join(' ')))].sort() } : f,
  );

describe('Mapbox Vector Tiles', () => {
  // The file's database starts here (slow on a busy machine), not inside the first test's time limit.
  beforeAll(async () => void (await harness()));

  it('a layer tile decodes to the features in it with their ids, classification and typed fields; empty tiles are 204', async () => {
    const h = await harness();
    const w = await vectorTileWorld(h);
    const t = tileOf(...TRANSFORMER, 14);
    const tile = await rawCall(h, w.admin, 'GET', w.url(w.layer('point'), t));
    expect(tile.status, tile.body).toBe(200);
    expect(tile.type).toBe(MVT);
    const [point, ...more] = decodeTile(tile.raw, t);
    expect(more).toEqual([]);
    expect(point).toMatchObject({ id: w.ids.classified, layer: w.names.get(w.layer('point')), type: 'Point' });
    expect(point.properties).toEqual({
      ogc_fid: w.ids.classified,
      system: 'Electric',
      component: 'Transformer',
      Locate_Status: 'Marked',
    });
    near(point.lonLat[0], TRANSFORMER);

    const survey = decodeTile((await rawCall(h, w.admin, 'GET', w.url(w.surveyId, t))).raw, t);
    expect(survey).toHaveLength(1);
    expect(survey[0].layer).toBe(w.names.get(w.surveyId));
    expect(survey[0].properties).toEqual({
      ogc_fid: w.ids.valve,
      label: 'Valve 7',
      count: 3,
      depth: 1.25,
      active: true,
      surveyed: '2024-05-01',
    });
    near(survey[0].lonLat[0], VALVE);

    // The line leaves the tile: it is cut at the buffer (64 of 4096 units), not at the tile's edge.
    const [line] = decodeTile((await rawCall(h, w.admin, 'GET', w.url(w.layer('line'), t))).raw, t);
    expect(line).toMatchObject({ id: w.ids.line, type: 'LineString' });
    const [polygon] = decodeTile((await rawCall(h, w.admin, 'GET', w.url(w.layer('polygon'), t))).raw, t);
    expect(polygon).toMatchObject({ id: w.ids.polygon, type: 'Polygon', properties: { ogc_fid: w.ids.polygon } });
    expect(polygon.lonLat).toHaveLength(5);

    // The whole world holds both points; a tile with nothing in it is 204 without a body.
    const world = decodeTile((await rawCall(h, w.admin, 'GET', w.url(w.layer('point'), tileOf(0, 0, 0)))).raw, {
      z: 0,
      x: 0,
      y: 0,
    });
    expect(world.map((f) => f.id).sort()).toEqual([w.ids.classified, w.ids.far].sort());
    near(world.find((f) => f.id === w.ids.far)!.lonLat[0], FAR, 0.1);
    const empty = await rawCall(h, w.admin, 'GET', w.url(w.layer('point'), tileOf(10, 50, 14)));
    expect(empty.status).toBe(204);
    expect(empty.raw).toHaveLength(0);

    expect((await rawCall(h, w.admin, 'GET', w.url(w.layer('point'), { z: 2, x: 4, y: 0 }))).status).toBe(400);
    expect((await rawCall(h, w.admin, 'GET', w.url(w.layer('point'), { z: 31, x: 0, y: 0 }))).status).toBe(400);
    const png = w.url(w.layer('point'), t).replace('.mvt', '.png');
    expect((await rawCall(h, w.admin, 'GET', png)).status).toBe(400);
    const outsider = await signedInAccount(h);
    expect((await rawCall(h, outsider, 'GET', w.url(w.layer('point'), t))).status).toBe(404);
    expect((await rawCall(h, null, 'GET', w.url(w.layer('point'), t))).status).toBe(401);
    const otherFolder = w.url(w.layer('point'), t).replace(w.folder.id, w.project.id);
    expect((await rawCall(h, w.admin, 'GET', otherFolder)).status).toBe(404);
  });

  it('a feature edit changes the tile and its ETag; an unchanged tile answers 304', async () => {
    const h = await harness();
    const w = await vectorTileWorld(h);
    const t = tileOf(...TRANSFORMER, 14);
    const url = w.url(w.layer('point'), t);
    const first = await rawCall(h, w.admin, 'GET', url);
    expect(first.etag).toMatch(/^".+"$/);
    expect((await rawCall(h, w.admin, 'GET', url, undefined, { 'if-none-match': first.etag! })).status).toBe(304);
    expect((await rawCall(h, w.admin, 'GET', url)).etag).toBe(first.etag);

    const moved = await call(h, w.admin, 'PUT', '/rest/features/points', {
      id: `point.${w.ids.classified}`,
      geometry: { type: 'Point', coordinates: [TRANSFORMER[0] + 0.001, TRANSFORMER[1]] },
      properties: { layer_id: w.layer('point') },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const second = await rawCall(h, w.admin, 'GET', url, undefined, { 'if-none-match': first.etag! });
    expect(second.status).toBe(200);
    expect(second.etag).not.toBe(first.etag);
    near(decodeTile(second.raw, t)[0].lonLat[0], [TRANSFORMER[0] + 0.001, TRANSFORMER[1]]);

    expect((await call(h, w.admin, 'DELETE', `/rest/features/points/${w.ids.classified}`)).status).toBe(204);
    const gone = await rawCall(h, w.admin, 'GET', url);
    expect(gone.status).toBe(204);
    expect(gone.etag).not.toBe(second.etag);
  });

  it('the project tile of a client key has one layer per viewable vector layer; other keys read nothing', async () => {
    const h = await harness();
    const w = await vectorTileWorld(h);
    const key = (await call(h, w.admin, 'POST', '/rest/accounts/clientkey', { email: w.admin.email })).body.key;
    const t = tileOf(...TRANSFORMER, 14);
    const url = `/rest/projects/ogc/${w.project.id}/tiles/${t.z}/${t.x}/${t.y}.mvt`;
    const tile = await rawCall(h, null, 'GET', `${url}?key=${key}`);
    expect(tile.status, tile.body).toBe(200);
    expect(tile.type).toBe(MVT);
    const features = decodeTile(tile.raw, t);
    const byLayer = new Map<string, Array<number | string | undefined>>();
    for (const f of features) byLayer.set(f.layer, [...(byLayer.get(f.layer) ?? []), f.id]);
    expect(Object.fromEntries(byLayer)).toEqual({
      [w.names.get(w.layer('point'))!]: [w.ids.classified],
      [w.names.get(w.layer('line'))!]: [w.ids.line],
      [w.names.get(w.layer('polygon'))!]: [w.ids.polygon],
      [w.names.get(w.surveyId)!]: [w.ids.valve],
    });
    const byHeader = await rawCall(h, null, 'GET', url, undefined, { 'x-api-key': key });
    expect(byHeader.etag).toBe(tile.etag);
    expect(
      (await rawCall(h, null, 'GET', `${url}?key=${key}`, undefined, { 'if-none-match': tile.etag! })).status,
    ).toBe(304);

    expect((await rawCall(h, null, 'GET', url)).status).toBe(401);
    expect((await rawCall(h, null, 'GET', `${url}?key=not-a-key`)).status).toBe(401);
    const other = await signedInAccount(h);
    const otherKey = (await call(h, other, 'POST', '/rest/accounts/clientkey', { email: other.email })).body.key;
    const refused = await rawCall(h, null, 'GET', `${url}?key=${otherKey}`);
    expect(refused.status).toBe(404);
    expect(refused.raw.includes(Buffer.from('Transformer'))).toBe(false);
  });

  it.runIf(hasGdal)('ogrinfo reads a project tile: its layers, fields and features', async () => {
    const h = await harness();
    const w = await vectorTileWorld(h);
    const key = (await call(h, w.admin, 'POST', '/rest/accounts/clientkey', { email: w.admin.email })).body.key;
    const t = tileOf(...TRANSFORMER, 14);
    const tile = await rawCall(
      h,
      null,
      'GET',
      `/rest/projects/ogc/${w.project.id}/tiles/${t.z}/${t.x}/${t.y}.mvt?key=${key}`,
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-mvt-'));
    try {
      const file = path.join(dir, 'tile.mvt');
      writeFileSync(file, tile.raw);
      const { stdout } = await run('ogrinfo', [
        '-ro',
        '-al',
        file,
        '-oo',
        `X=${t.x}`,
        '-oo',
        `Y=${t.y}`,
        '-oo',
        `Z=${t.z}`,
      ]);
      for (const id of [w.layer('point'), w.layer('line'), w.layer('polygon'), w.surveyId])
        expect(stdout).toContain(`Layer name: ${w.names.get(id)}`);
      expect(stdout).toMatch(/ogc_fid: Integer/);
      expect(stdout).toMatch(/count: Integer/);
      expect(stdout).toMatch(/depth: Real/);
      expect(stdout).toMatch(/active: Integer\(Boolean\)/);
      // GDAL numbers features itself and gives the MVT feature id as mvt_id.
      expect(stdout).toMatch(
        new RegExp(
          `mvt_id \\(Integer64\\) = ${w.ids.classified}\\s+ogc_fid \\(Integer\\) = ${w.ids.classified}\\s+system \\(String\\) = Electric\\s+component \\(String\\) = Transformer`,
        ),
      );
      expect(stdout).toContain('label (String) = Valve 7');
      expect(stdout).toContain('surveyed (String) = 2024-05-01');
      // The transformer's EPSG:3857 position, to the tile's grid (0.6 m at zoom 14).
      const [, x, y] = /POINT \((-?[\d.]+) (-?[\d.]+)\)/.exec(stdout)!;
      expect(Math.abs(Number(x) - -11688546.53)).toBeLessThan(1);
      expect(Math.abs(Number(y) - 4793547.5)).toBeLessThan(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.FB_TEST_DB === 'postgres')(
    "on PostgreSQL, the embedded database's encoder writes the tile ST_AsMVT writes",
    async () => {
      const h = await harness();
      const w = await vectorTileWorld(h);
      for (const t of [tileOf(...TRANSFORMER, 14), tileOf(...TRANSFORMER, 16), { z: 0, x: 0, y: 0 }])
        for (const id of [w.layer('point'), w.layer('line'), w.layer('polygon'), w.surveyId]) {
          const layer = { id, name: w.names.get(id)!, kind: null };
          const postgis = await postgisLayerTile(h.db, layer, t);
          const ours = encodeTile([await embeddedLayerTile(h.db, layer, t)]);
          expect(sameRings(decodeTile(Buffer.from(ours), t)), `${layer.name} ${t.z}/${t.x}/${t.y}`).toEqual(
            sameRings(decodeTile(Buffer.from(postgis), t)),
          );
        }
    },
  );
});
