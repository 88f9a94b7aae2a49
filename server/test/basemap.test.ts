import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { rawCall } from './map-images.js';
import { decodeTile, tileOf } from './vector-tile-world.js';
import { tileBounds } from '../src/ogc/wmts-routes.js';
import { toLonLat } from 'ol/proj';

const run = promisify(execFile);
const hasGdal = existsSync('/usr/bin/ogrinfo');
const CHICAGO: [number, number] = [-87.63, 41.88];
const tileUrl = (t: { z: number; x: number; y: number }) => `/basemap/tiles/${t.z}/${t.x}/${t.y}.mvt`;

/**
 * The offline basemap's tiles (issue #12): water and places from npm packages, for a map with no
 * tile provider. The first request on a machine builds the pack (several seconds, in a thread).
 */
describe('offline basemap tiles', () => {
  it("serves water and place names at working zooms, without a sign-in: Chicago's lake shore", async () => {
    const h = await harness();
    const t = tileOf(...CHICAGO, 11);
    const res = await rawCall(h, null, 'GET', tileUrl(t));
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/vnd.mapbox-vector-tile');
    const head = await h.app.inject({ method: 'GET', url: tileUrl(t) });
    expect(head.headers['cache-control']).toBe('public, max-age=86400');
    const features = decodeTile(res.raw, t);
    const names = features.filter((f) => f.layer === 'places').map((f) => f.properties.name);
    expect(names).toContain('Chicago');
    const lake = features.filter((f) => f.layer === 'water' && f.properties.kind === 'lake');
    expect(lake.length).toBeGreaterThan(0);
    // Lake Michigan lies east of the city: water vertices there, within the tile and its buffer.
    const [west, south, east, north] = (() => {
      const [minx, miny, maxx, maxy] = tileBounds(t.z, t.x, t.y);
      return [...toLonLat([minx, miny]), ...toLonLat([maxx, maxy])];
    })();
    const span = east - west;
    const vertices = lake.flatMap((f) => f.lonLat);
    expect(vertices.some(([lng]) => lng > CHICAGO[0] + 0.05)).toBe(true);
    for (const [lng, lat] of vertices) {
      expect(lng).toBeGreaterThanOrEqual(west - span * 0.02);
      expect(lng).toBeLessThanOrEqual(east + span * 0.02);
      expect(lat).toBeGreaterThanOrEqual(south - span * 0.02);
      expect(lat).toBeLessThanOrEqual(north + span * 0.02);
    }
    // River pieces are left out closer than zoom 10, where they turn into triangles; farther out they show.
    expect(features.some((f) => f.properties.kind === 'river')).toBe(false);
    const stLouis = tileOf(-90.19, 38.63, 9);
    const mississippi = decodeTile((await rawCall(h, null, 'GET', tileUrl(stLouis))).raw, stLouis);
    expect(mississippi.some((f) => f.properties.kind === 'river')).toBe(true);
    // The same tile again is answered from its ETag.
    const again = await rawCall(h, null, 'GET', tileUrl(t), undefined, { 'if-none-match': String(res.etag) });
    expect(again.status).toBe(304);
  });

  it('names only large places far out and every village close in, and leaves generalised water out close in', async () => {
    const h = await harness();
    const far = tileOf(...CHICAGO, 7);
    const near = tileOf(-87.69, 42.06, 13); // Evanston, a suburb
    const farNames = decodeTile((await rawCall(h, null, 'GET', tileUrl(far))).raw, far)
      .filter((f) => f.layer === 'places')
      .map((f) => Number(f.properties.population));
    expect(farNames.length).toBeGreaterThan(0);
    expect(Math.min(...farNames)).toBeGreaterThanOrEqual(250_000);
    const nearNames = decodeTile((await rawCall(h, null, 'GET', tileUrl(near))).raw, near)
      .filter((f) => f.layer === 'places')
      .map((f) => f.properties.name);
    expect(nearNames).toContain('Evanston');
    // Closer than zoom 12 the generalised water is left out: over the lake a tile holds none.
    const offshore = tileOf(-87.55, 41.88, 14);
    const close = await rawCall(h, null, 'GET', tileUrl(offshore));
    expect(close.status === 204 || !decodeTile(close.raw, offshore).some((f) => f.layer === 'water')).toBe(true);
  });

  it('answers 204 outside its zooms and over empty ocean, 400 outside the grid', async () => {
    const h = await harness();
    expect((await rawCall(h, null, 'GET', tileUrl(tileOf(...CHICAGO, 4)))).status).toBe(204);
    expect((await rawCall(h, null, 'GET', tileUrl(tileOf(-140, -40, 12)))).status).toBe(204);
    expect((await rawCall(h, null, 'GET', '/basemap/tiles/3/9/1.mvt')).status).toBe(400);
  });

  it.runIf(hasGdal)('is read by GDAL as a vector tile with its water and places layers', async () => {
    const h = await harness();
    const t = tileOf(...CHICAGO, 11);
    const tile = await rawCall(h, null, 'GET', tileUrl(t));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-basemap-'));
    try {
      const file = path.join(dir, 'tile.mvt');
      writeFileSync(file, tile.raw);
      const args = ['-ro', '-al', '-so', file, '-oo', `X=${t.x}`, '-oo', `Y=${t.y}`, '-oo', `Z=${t.z}`];
      const { stdout } = await run('ogrinfo', args);
      expect(stdout).toContain('Layer name: water');
      expect(stdout).toContain('Layer name: places');
      expect(stdout).toMatch(/population: Integer/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
