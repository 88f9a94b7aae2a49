/**
 * Vector tiles against PNG tiles (issue #11): the same tile of the point layer as a Mapbox Vector
 * Tile (`.../tiles/{z}/{x}/{y}.mvt`) and as the WMTS PNG (`.../geo/wmts/{z}/{x}/{y}`), interleaved in
 * one loop (bench/stats.ts), at a city, a state and a country zoom. Both are cold: the tile cache is
 * emptied before every round, so each request is made from the data (the PNG from the point snapshot
 * when one is built, as the server serves it). Down to the state zoom the MVT tile is also measured
 * against what the web map would otherwise load for that area: its vector tiles are 512 px, so one
 * MVT tile of zoom z stands for four 256 px PNGs of zoom z+1. The time a browser then needs to read
 * the MVT tile is measured too (OpenLayers' MVT format in this process): a vector tile is still to draw.
 */
import MVT from 'ol/format/MVT';
import { tileCache } from '../server/src/ogc/tile-cache.js';
import type { MapFixture } from './map-setup.js';
import { HttpClients, inProcess, measure, type Figure, type Round } from './stats.js';

/** Zooms measured: BENCH_MVT_ZOOMS, default city 12, county 9, state 6, country 3. */
const ZOOMS = (process.env.BENCH_MVT_ZOOMS ?? '12,9,6,3').split(',').map(Number);
const NAMES: Record<number, string> = { 12: 'city', 9: 'county', 6: 'state', 3: 'country' };
/** Below this zoom a tile holds so many points that the second comparison is not worth its minutes. */
const VIEW_MIN_ZOOM = 6;

/** The tile holding a lon/lat at a zoom (GoogleMapsCompatible). */
function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}

/**
 * A round in which each client fetches the four 256 px PNG tiles of zoom z+1 under a z tile at once
 * and waits for the last: the map at zoom z+1 shows the same area from one 512 px vector tile (the
 * web map's vector tiles are 512 px) or from those four PNGs.
 */
function fourPngRound(http: HttpClients, pngUrl: (z: number, x: number, y: number) => string, t: Tile): Round {
  const urls = [0, 1, 2, 3].map((k) => pngUrl(t.z + 1, t.x * 2 + (k % 2), t.y * 2 + (k >> 1)));
  return async () => {
    const ms = await http.get([...urls, ...urls]);
    return [Math.max(...ms.slice(0, 4)), Math.max(...ms.slice(4))];
  };
}

type Tile = { z: number; x: number; y: number };

/** A round that starts from an empty tile cache, so nothing is served from an earlier request. */
const cold =
  (round: Round): Round =>
  (i) => {
    tileCache.clear();
    return round(i);
  };

export async function vectorTileFigures(
  f: MapFixture,
  origin: string,
  http: HttpClients,
  log: (s: string) => void,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const layer = `${origin}/rest/projects/${f.projectId}/folders/${f.folderId}/layers/${f.pointLayerId}`;
  const format = new MVT();
  for (const z of ZOOMS) {
    const t = tileOf(-95, 38, z);
    const mvtUrl = `${layer}/tiles/${t.z}/${t.x}/${t.y}.mvt`;
    const png = (z: number, x: number, y: number) => `${layer}/geo/wmts/${z}/${x}/${y}`;
    const pngUrl = png(t.z, t.x, t.y);
    tileCache.clear();
    const mvt = await fetch(mvtUrl, { headers: f.auth });
    if (mvt.status !== 200 && mvt.status !== 204) throw new Error(`MVT ${mvtUrl} → ${mvt.status}`);
    const body = await mvt.arrayBuffer();
    const pngBody = await (await fetch(pngUrl, { headers: f.auth })).arrayBuffer();
    const features = format.readFeatures(body).length;
    const size = `MVT ${(body.byteLength / 1024).toFixed(0)} kB, ${features} features; PNG ${(pngBody.byteLength / 1024).toFixed(0)} kB`;
    const name = `${NAMES[z] ?? 'tile'}, zoom ${z} (${t.x}/${t.y})`;
    log(`  MVT ${name}: ${size}`);
    figures.push(
      await measure({
        name: `MVT tile ${name}, cold (HTTP)`,
        thing: cold(http.round(() => mvtUrl)),
        reference: { name: 'WMTS PNG of the same tile, cold (HTTP)', round: cold(http.round(() => pngUrl)) },
        note: size,
      }),
    );
    if (z >= VIEW_MIN_ZOOM)
      figures.push(
        await measure({
          name: `  the same MVT tile, cold, against the map's PNGs of that area`,
          thing: cold(http.round(() => mvtUrl)),
          reference: {
            name: `4 PNGs of zoom ${z + 1} at once, cold (time to the last)`,
            round: cold(fourPngRound(http, png, t)),
          },
        }),
      );
    figures.push(
      await measure({
        name: `MVT tile ${name}, read by OpenLayers (no reference)`,
        thing: inProcess(async () => format.readFeatures(body), 1),
        note: `${features} render features`,
      }),
    );
  }
  return figures;
}
