/**
 * Map services benchmark (issue #5 "Speed"): bare SQL GeoJSON, WFS GetFeature and WMS-TILE through the
 * real HTTP server with 2 concurrent clients, on PostgreSQL+PostGIS and on PGlite.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../server/src/db/connect.js';
import { prepareDatabase } from '../server/src/db/prepare.js';
import { buildSnapshotNow, dropSnapshots, setSnapshotsEnabled } from '../server/src/ogc/point-snapshot.js';
import { tileCache } from '../server/src/ogc/tile-cache.js';
import { buildFixture, type MapFixture } from './map-setup.js';
import { concurrently, httpConcurrently, printTable, type Row } from './stats.js';

const BBOX_3K = [-96, 37, -93.95, 39.05];
const BBOX_30K = [-96, 37, -89.52, 43.48];
const merc = (lng: number, lat: number) => [
  (lng * 20037508.342789244) / 180,
  Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137,
];

/** A 256 px EPSG:3857 bbox `widthDeg` wide centred near (lng, lat), shifted per request so each one misses the tile cache. */
function tileBox(lng: number, lat: number, widthDeg: number, shift: number): string {
  const [x, y] = merc(lng + shift * widthDeg * 0.37, lat + shift * widthDeg * 0.11);
  const half = merc(widthDeg / 2, 0)[0];
  return [x - half, y - half, x + half, y + half].map((v) => v.toFixed(2)).join(',');
}

const bareSql = (bbox: number[], layerId: string) => sql<{ fc: string }>`
  SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(t.*, 'geom', 9)::json), '[]'::json))::text AS fc
  FROM (SELECT id, kind, attributes, created_at, geom FROM features
        WHERE layer_id = ${layerId} AND deleted_at IS NULL AND geom && ST_MakeEnvelope(${bbox[0]}, ${bbox[1]}, ${bbox[2]}, ${bbox[3]}, 4326)) t`;

export interface MapBenchOptions {
  points: number;
  lines: number;
  scale: number;
  log: (s: string) => void;
}

async function measure(database: Database, f: MapFixture, sqlUrl: string | null, o: MapBenchOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const n = (k: number) => Math.max(2, Math.round(k * o.scale));
  // Bare SQL from two clients: own pool connections on PostgreSQL, the one PGlite connection otherwise.
  const pool = sqlUrl ? new pg.Pool({ connectionString: sqlUrl, max: 2 }) : null;
  const runSql = async (bbox: number[]) => {
    const q = bareSql(bbox, f.pointLayerId).compile(database.db);
    if (pool) return (await pool.query(q.sql, q.parameters as unknown[])).rows[0].fc.length;
    return (await database.db.executeQuery(q)).rows.length;
  };
  const count3k = JSON.parse((await bareSql(BBOX_3K, f.pointLayerId).execute(database.db)).rows[0].fc).features.length;
  const count30k = JSON.parse((await bareSql(BBOX_30K, f.pointLayerId).execute(database.db)).rows[0].fc).features
    .length;
  rows.push(
    await concurrently(
      'bare SQL GeoJSON FeatureCollection, 3k bbox',
      n(60),
      () => runSql(BBOX_3K),
      2,
      `${count3k} features`,
    ),
  );
  rows.push(
    await concurrently(
      'bare SQL GeoJSON FeatureCollection, 30k bbox',
      n(16),
      () => runSql(BBOX_30K),
      2,
      `${count30k} features`,
    ),
  );
  await pool?.end();

  await f.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = f.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/rest/projects/${f.projectId}/folders/${f.folderId}/layers/${f.pointLayerId}/geo`;
  const get = async (url: string) => {
    const res = await fetch(url, { headers: f.auth });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${url} → ${res.status} ${body.toString().slice(0, 300)}`);
    return body;
  };
  const typeName = `fb:layer_${f.pointLayerId.replace(/-/g, '')}`;
  const wfs = `${base}/wfs?service=WFS&version=2.0.0&request=GetFeature&typeNames=${typeName}&outputFormat=application/json&count=3000&startIndex=0&bbox=${BBOX_3K.join(',')},EPSG:4326`;
  const page = JSON.parse((await get(wfs)).toString());
  rows.push(
    await httpConcurrently(
      'WFS GetFeature GeoJSON, one 3,000-feature page (HTTP)',
      n(60),
      () => wfs,
      f.auth,
      2,
      `${page.features.length} of ${page.numberMatched}`,
    ),
  );
  // What the web map asks for: geometry and system only (the feature panel loads the rest of a selected feature).
  rows.push(
    await httpConcurrently(
      'WFS GetFeature, the same page as the map asks for it',
      n(60),
      () => `${wfs}&propertyName=geometry,system`,
      f.auth,
      2,
      'propertyName=geometry,system',
    ),
  );

  const tile = (box: string) =>
    `${base}/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${f.pointLayerId}&STYLES=&FORMAT=image/png&TRANSPARENT=true&TILED=true&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&BBOX=${box}`;
  const levels: Array<[string, number, number]> = [
    ['city, zoom 12 (0.088°)', 360 / 4096, 60],
    ['state, 6.6° (~23k points)', 6.6, 40],
    ['whole US, 60° (zoom ~2.6)', 60, 4],
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
  setSnapshotsEnabled(false);
  dropSnapshots();
  for (const [name, width, k] of levels) {
    const note = `~${await pointsIn(width)} points in tile`;
    rows.push(
      await httpConcurrently(
        `WMS-TILE 256 px ${name}: SQL, cold`,
        n(k),
        (i) => tile(tileBox(-95, 38, width, (i + 1) / 97)),
        f.auth,
        2,
        note,
      ),
    );
  }
  setSnapshotsEnabled(true);
  const t0 = performance.now();
  await buildSnapshotNow(database.db, f.pointLayerId);
  const built = ((performance.now() - t0) / 1000).toFixed(1);
  for (const [name, width, k] of levels) {
    rows.push(
      await httpConcurrently(
        `WMS-TILE 256 px ${name}: snapshot, cold`,
        n(Math.max(k, 40)),
        (i) => tile(tileBox(-95, 38, width, (i + 1) / 89)),
        f.auth,
        2,
        `snapshot built in ${built} s`,
      ),
    );
  }
  for (const [name, width] of levels) {
    rows.push(
      await httpConcurrently(
        `WMS-TILE 256 px ${name}: tile cache hit`,
        n(60),
        () => tile(tileBox(-95, 38, width, 0)),
        f.auth,
        2,
        `cache ${tileCache.size} tiles`,
      ),
    );
  }
  await f.app.close();
  return rows;
}

/** One database: create, load through our data path, measure, drop. */
async function benchOne(
  kind: 'postgres' | 'pglite',
  o: MapBenchOptions,
  adminUrl?: string,
): Promise<{ rows: Row[]; load: string }> {
  let database: Database;
  let url: string | null = null;
  let drop = async () => {};
  if (kind === 'postgres') {
    const name = `fieldbook_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ databaseUrl: url });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'fieldbook-bench-')) });
  }
  try {
    await prepareDatabase(database.db);
    o.log(`${kind}: loading ${o.points} points and ${o.lines} lines`);
    const f = await buildFixture(database, o.points, o.lines, o.log);
    if (kind === 'postgres') await sql`VACUUM ANALYZE features`.execute(database.db);
    const load = `${kind}: ${o.points.toLocaleString('en')} points in ${f.loadSeconds.points.toFixed(1)} s (${Math.round(o.points / f.loadSeconds.points).toLocaleString('en')}/s), ${o.lines.toLocaleString('en')} lines in ${f.loadSeconds.lines.toFixed(1)} s`;
    o.log(load);
    return { rows: await measure(database, f, url, o), load };
  } finally {
    await database.close();
    await drop();
  }
}

export async function runMapBench(options: {
  pgAdminUrl?: string;
  pglitePoints: number;
  pgPoints: number;
  lines: number;
  log: (s: string) => void;
}): Promise<string[]> {
  const out: string[] = [];
  if (options.pgAdminUrl) {
    const r = await benchOne(
      'postgres',
      { points: options.pgPoints, lines: options.lines, scale: 1, log: options.log },
      options.pgAdminUrl,
    );
    out.push(
      r.load,
      printTable(`PostgreSQL+PostGIS, ${options.pgPoints.toLocaleString('en')} points, 2 concurrent clients`, r.rows),
    );
  }
  if (options.pglitePoints > 0) {
    const lines = Math.round((options.lines * options.pglitePoints) / Math.max(1, options.pgPoints));
    const r = await benchOne('pglite', { points: options.pglitePoints, lines, scale: 0.5, log: options.log });
    out.push(
      r.load,
      printTable(`PGlite, ${options.pglitePoints.toLocaleString('en')} points, 2 concurrent clients`, r.rows),
    );
  }
  return out;
}
