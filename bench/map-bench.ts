/**
 * Map services benchmark (issue #5 "Speed", issue #18 "Benchmark honesty"): WFS GetFeature and
 * WMS-TILE through the real HTTP server with 2 concurrent clients, each interleaved with its reference
 * (the bare SQL that produces the same rows, the bare query of the same tile), on PostgreSQL+PostGIS
 * and on PGlite. The database is settled (VACUUM ANALYZE, CHECKPOINT) and every query warmed up first.
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from '../server/src/db/connect.js';
import type { DB } from '../server/src/db/schema.js';
import { prepareDatabase } from '../server/src/db/prepare.js';
import { buildSnapshotNow, dropSnapshots, setSnapshotsEnabled } from '../server/src/ogc/point-snapshot.js';
import { tileCache } from '../server/src/ogc/tile-cache.js';
import type { MapFrame } from '../server/src/ogc/wms-params.js';
import { pointPixels } from '../server/src/ogc/wms-query.js';
import { benchDatabase, buildFixture, refPool, settle, type MapFixture } from './map-setup.js';
import { vectorTileFigures } from './mvt-bench.js';
import { pagingFigures } from './paging-bench.js';
import { HttpClients, inProcess, measure, printTable, section, type Figure } from './stats.js';

const BBOX_3K = [-96, 37, -93.95, 39.05];
const BBOX_30K = [-96, 37, -89.52, 43.48];
const merc = (lng: number, lat: number) => [
  (lng * 20037508.342789244) / 180,
  Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137,
];
/** Pixels a point symbol reaches beyond its centre; the bare tile query widens the bbox by as much as the server. */
const REACH_PX = 8;

/** A 256 px EPSG:3857 bbox `widthDeg` wide near (lng, lat), shifted by `shift` widths so each request misses the tile cache. */
function tileBox(lng: number, lat: number, widthDeg: number, shift: number): [number, number, number, number] {
  const [x, y] = merc(lng + shift * widthDeg * 0.37, lat + shift * widthDeg * 0.11);
  const half = merc(widthDeg / 2, 0)[0];
  return [x - half, y - half, x + half, y + half].map((v) => Number(v.toFixed(2))) as [number, number, number, number];
}

/**
 * The bare SQL reference of a WFS page: the same FeatureCollection the server answers, written plainly
 * in one statement — the page of the layer in the bbox by id, each feature with the same properties
 * (its system, component and creator joined), and the number matched. 'map': what the web map asks for
 * (`propertyName=geometry,system`), no count.
 */
const bareSql = (bbox: number[], layerId: string, columns: 'all' | 'map') => {
  const inBox = sql`layer_id = ${layerId} AND deleted_at IS NULL AND geom && ST_MakeEnvelope(${bbox[0]}, ${bbox[1]}, ${bbox[2]}, ${bbox[3]}, 4326)`;
  const properties =
    columns === 'all'
      ? sql`json_build_object('ogc_fid', t.id, 'system', s.name, 'component', c.alias, 'attributes', t.attributes::text,
          'created', t.created_at, 'modified', t.updated_at, 'created_by_email', a.email)`
      : sql`json_build_object('system', s.name)`;
  return sql<{ fc: string }>`
  SELECT json_build_object('type', 'FeatureCollection',
    ${columns === 'all' ? sql`'numberMatched', (SELECT count(*) FROM features WHERE ${inBox}),` : sql``}
    'features', coalesce(json_agg(json_build_object('type', 'Feature', 'id', t.kind || '.' || t.id,
      'geometry', ST_AsGeoJSON(t.geom, 9)::json, 'properties', ${properties}) ORDER BY t.id), '[]'::json))::text AS fc
  FROM (SELECT * FROM features WHERE ${inBox} ORDER BY id LIMIT 3000) t
  LEFT JOIN systems s ON s.id = t.system_id
  LEFT JOIN components c ON c.id = t.component_id
  LEFT JOIN accounts a ON a.id = t.created_by`;
};

export interface MapBenchOptions {
  points: number;
  lines: number;
  tmpDir: string;
  log: (s: string) => void;
  /** BENCH_ONLY=mvt: only the vector-tile figures (bench/mvt-bench.ts), after the point snapshot is built. */
  mvtOnly?: boolean;
}

async function measureAll(
  database: Database,
  f: MapFixture,
  sqlUrl: string | null,
  o: MapBenchOptions,
  figures: Figure[],
): Promise<void> {
  // The references run from two clients: own pool connections on PostgreSQL, the one PGlite connection otherwise.
  const refDb = sqlUrl
    ? new Kysely<DB>({ dialect: new PostgresDialect({ pool: refPool(sqlUrl, o.log) }) })
    : database.db;
  const features = async (bbox: number[], columns: 'all' | 'map') =>
    JSON.parse((await bareSql(bbox, f.pointLayerId, columns).execute(refDb)).rows[0].fc).features.length as number;
  const refRound = (bbox: number[], columns: 'all' | 'map') =>
    inProcess(async () => (await bareSql(bbox, f.pointLayerId, columns).execute(refDb)).rows[0].fc.length);
  const count3k = await features(BBOX_3K, 'all');
  const count30k = await features(BBOX_30K, 'all');

  await f.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = f.app.server.address() as AddressInfo;
  const http = new HttpClients(f.auth);
  try {
    if (o.mvtOnly) {
      await buildSnapshotNow(database.db, f.pointLayerId);
      figures.push(...(await vectorTileFigures(f, `http://127.0.0.1:${port}`, http, o.log)));
      return;
    }
    const base = `http://127.0.0.1:${port}/rest/projects/${f.projectId}/folders/${f.folderId}/layers/${f.pointLayerId}/geo`;
    const typeName = `fb:layer_${f.pointLayerId.replace(/-/g, '')}`;
    const wfs = `${base}/wfs?service=WFS&version=2.0.0&request=GetFeature&typeNames=${typeName}&outputFormat=application/json&srsName=urn:ogc:def:crs:OGC:1.3:CRS84&count=3000&startIndex=0&bbox=${BBOX_3K.join(',')},EPSG:4326`;
    const res = await fetch(wfs, { headers: f.auth });
    const page = (await res.json()) as { features: unknown[]; numberMatched: number };
    if (res.status !== 200) throw new Error(`WFS → ${res.status}`);
    figures.push(
      await measure({
        name: 'WFS GetFeature GeoJSON, one 3,000-feature page (HTTP)',
        thing: http.round(() => wfs),
        reference: { name: 'bare SQL FeatureCollection, same bbox', round: refRound(BBOX_3K, 'all') },
        note: `${page.features.length} of ${page.numberMatched}; bare SQL ${count3k} features`,
      }),
    );
    // What the web map asks for: geometry and system only (the feature panel loads the rest of a selected feature).
    figures.push(
      await measure({
        name: 'WFS GetFeature, the page as the map asks for it',
        thing: http.round(() => `${wfs}&propertyName=geometry,system`),
        reference: { name: 'bare SQL FeatureCollection of id, system, geometry', round: refRound(BBOX_3K, 'map') },
        note: 'propertyName=geometry,system',
      }),
    );
    figures.push(
      await measure({
        name: 'bare SQL FeatureCollection, 30k bbox (no reference)',
        thing: refRound(BBOX_30K, 'all'),
        note: `${count30k} features`,
      }),
    );

    const tileUrl = (b: number[]) =>
      `${base}/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${f.pointLayerId}&STYLES=&FORMAT=image/png&TRANSPARENT=true&TILED=true&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&BBOX=${b.join(',')}`;
    const frame = (b: [number, number, number, number]): MapFrame => ({
      crs: 'EPSG:3857',
      bbox: b,
      width: 256,
      height: 256,
    });
    const levels: Array<[string, number]> = [
      ['city, zoom 12 (0.088°)', 360 / 4096],
      ['state, 6.6° (~23k points)', 6.6],
      ['whole US, 60° (zoom ~2.6)', 60],
    ];
    const pointsIn = async (widthDeg: number) => {
      const r = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM features WHERE layer_id = ${f.pointLayerId} AND deleted_at IS NULL
        AND geom && ST_MakeEnvelope(${-95 - widthDeg / 2}, ${38 - widthDeg / 2.6}, ${-95 + widthDeg / 2}, ${38 + widthDeg / 2.6}, 4326)`.execute(
        database.db,
      );
      return r.rows[0].n;
    };
    /** The tile's bare query: the server's own pointPixels SQL for the same frame, without HTTP, drawing or PNG. */
    const tileRef = (box: (i: number) => [number, number, number, number]) => ({
      name: 'bare tile query (pointPixels SQL), same bbox',
      round: inProcess((i) => pointPixels(refDb, f.pointLayerId, frame(box(i)), REACH_PX, true, true)),
    });
    setSnapshotsEnabled(false);
    dropSnapshots();
    for (const [name, width] of levels) {
      const box = (i: number) => tileBox(-95, 38, width, (i + 1) / 97);
      figures.push(
        await measure({
          name: `WMS-TILE 256 px ${name}: SQL path, cold`,
          thing: http.round((i) => tileUrl(box(i))),
          reference: tileRef(box),
          note: `~${await pointsIn(width)} points in tile`,
        }),
      );
    }
    setSnapshotsEnabled(true);
    const t0 = performance.now();
    await buildSnapshotNow(database.db, f.pointLayerId);
    const built = ((performance.now() - t0) / 1000).toFixed(1);
    o.log(`  ${database.kind}: point snapshot of ${o.points.toLocaleString('en')} points built in ${built} s`);
    for (const [name, width] of levels) {
      const box = (i: number) => tileBox(-95, 38, width, (i + 1) / 89 + 0.5);
      figures.push(
        await measure({
          name: `WMS-TILE 256 px ${name}: snapshot, cold`,
          thing: http.round((i) => tileUrl(box(i))),
          reference: tileRef(box),
          note: `snapshot built in ${built} s`,
        }),
      );
    }
    for (const [name, width] of levels) {
      figures.push(
        await measure({
          name: `WMS-TILE 256 px ${name}: cache hit`,
          thing: http.round(() => tileUrl(tileBox(-95, 38, width, 0))),
          note: `cache ${tileCache.size} tiles`,
        }),
      );
    }
    figures.push(...(await vectorTileFigures(f, `http://127.0.0.1:${port}`, http, o.log)));
    figures.push(...(await pagingFigures(database.db, f, `http://127.0.0.1:${port}`, http, o.points)));
  } finally {
    await http.close();
    await f.app.close();
    if (refDb !== database.db) await refDb.destroy();
  }
}

/** One database: create, load through our data path, settle, measure, drop (PostgreSQL) or delete (PGlite). */
async function benchOne(kind: 'postgres' | 'pglite', o: MapBenchOptions, adminUrl?: string): Promise<string[]> {
  const { database, url, drop } = await benchDatabase(kind, {
    name: `fieldbook_bench_${process.pid}`,
    adminUrl,
    dataDir: path.join(o.tmpDir, 'pglite-map'),
  });
  const figures: Figure[] = [];
  const out: string[] = [];
  try {
    await prepareDatabase(database.db);
    o.log(`${kind}: loading ${o.points.toLocaleString('en')} points and ${o.lines.toLocaleString('en')} lines`);
    const f = await buildFixture(database, o.points, o.lines, o.log, path.join(o.tmpDir, `app-${kind}`));
    const load = `${kind}: ${o.points.toLocaleString('en')} points in ${f.loadSeconds.points.toFixed(1)} s (${Math.round(o.points / f.loadSeconds.points).toLocaleString('en')}/s), ${o.lines.toLocaleString('en')} lines in ${f.loadSeconds.lines.toFixed(1)} s`;
    o.log(load);
    out.push(load);
    // For contrast only: the bare SQL straight after the load, before the database is settled.
    const unsettled = o.mvtOnly
      ? null
      : await measure({
          name: 'bare SQL FeatureCollection, 3k bbox, UNSETTLED (after load)',
          thing: inProcess(
            async () => (await bareSql(BBOX_3K, f.pointLayerId, 'all').execute(database.db)).rows.length,
          ),
          warmup: 1,
        });
    await settle(database, o.log);
    if (unsettled) figures.push(unsettled);
    await measureAll(database, f, url, o, figures);
    return out;
  } finally {
    if (figures.length)
      out.push(
        printTable(
          `${kind === 'postgres' ? 'PostgreSQL+PostGIS' : 'PGlite'}, ${o.points.toLocaleString('en')} points, 2 concurrent clients, references interleaved`,
          figures,
          o.log,
        ),
      );
    await database.close();
    await drop();
  }
}

export async function runMapBench(options: {
  pgAdminUrl?: string;
  pglitePoints: number;
  pgPoints: number;
  lines: number;
  tmpDir: string;
  log: (s: string) => void;
  mvtOnly?: boolean;
}): Promise<string[]> {
  const out: string[] = [];
  const { log, tmpDir, mvtOnly } = options;
  if (options.pgAdminUrl) {
    const pgUrl = options.pgAdminUrl;
    out.push(
      ...(await section(`map services on PostgreSQL (${options.pgPoints.toLocaleString('en')} points)`, log, () =>
        benchOne('postgres', { points: options.pgPoints, lines: options.lines, tmpDir, log, mvtOnly }, pgUrl),
      )),
    );
  }
  if (options.pglitePoints > 0) {
    const lines = Math.round((options.lines * options.pglitePoints) / Math.max(1, options.pgPoints));
    out.push(
      ...(await section(`map services on PGlite (${options.pglitePoints.toLocaleString('en')} points)`, log, () =>
        benchOne('pglite', { points: options.pglitePoints, lines, tmpDir, log, mvtOnly }),
      )),
    );
  }
  return out;
}
