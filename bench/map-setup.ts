/**
 * Builds the map benchmark's data through the product's own paths: an account and organization by
 * sign-up, a project with a feature folder by the API, then 1,000,000 random points over the
 * continental US and 100,000 five-vertex lines by the bulk feature insert (the import path). The
 * database, the signed-up app and the reference connections are shared with the other benchmarks.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { openDatabase, type Database } from '../server/src/db/connect.js';
import { insertFeaturesBulk, BULK_BATCH, type BulkFeature } from '../server/src/features/bulk-insert.js';
import { testConfig } from '../server/test/harness.js';
import type { MailMessage } from '../server/src/platform/mail.js';
import type { Config } from '../server/src/config.js';

export interface MapFixture {
  app: FastifyInstance;
  auth: Record<string, string>;
  email: string;
  password: string;
  projectId: string;
  folderId: string;
  pointLayerId: string;
  lineLayerId: string;
  loadSeconds: { points: number; lines: number };
}

/** A small deterministic generator, so every run draws the same points. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The server configuration of a benchmark app, with its data directory under the benchmark's own
 * temporary folder (removed at the end). testConfig() makes a temporary data directory of its own
 * even when one is given, so that one is removed at once.
 */
export function benchConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const base = testConfig();
  rmSync(base.dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return { ...base, dataDir, ...overrides };
}

/**
 * Settles a freshly loaded database before anything is timed: VACUUM ANALYZE (visibility map, hint
 * bits, statistics) and a CHECKPOINT (the load's dirty pages written now, not during the timing).
 * The warm-up of each measured query is done by measure() in stats.ts.
 */
export async function settle(database: Database, log: (s: string) => void): Promise<void> {
  const t0 = performance.now();
  await sql`VACUUM ANALYZE`.execute(database.db);
  const t1 = performance.now();
  await sql`CHECKPOINT`.execute(database.db);
  const t2 = performance.now();
  log(
    `  ${database.kind} settled: VACUUM ANALYZE ${((t1 - t0) / 1000).toFixed(1)} s, CHECKPOINT ${((t2 - t1) / 1000).toFixed(1)} s`,
  );
}

export const US = { west: -124.7, south: 24.5, east: -66.9, north: 49.4 };

/** The references' own two connections; an idle one ended by the server is logged, not a crash. */
export function refPool(url: string, log: (s: string) => void): pg.Pool {
  // The server's own settings (db/connect.ts: JIT off), so the reference is timed as the server runs.
  const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
  pool.on('error', (err) => log(`  reference pool: ${err.message}`));
  return pool;
}

export interface BenchDatabase {
  database: Database;
  /** The bench database's own URL on PostgreSQL (for reference connections), null on PGlite. */
  url: string | null;
  /** Drops the PostgreSQL database or deletes the PGlite files; call it after `database.close()`. */
  drop: () => Promise<void>;
}

/**
 * A new empty database for one benchmark: on PostgreSQL `name` created from the admin connection
 * (dropped by `drop`), on PGlite a data directory under `dataDir` (deleted by `drop`). Not migrated:
 * the caller runs prepareDatabase inside its own try, so a failure still drops the database.
 */
export async function benchDatabase(
  kind: 'postgres' | 'pglite',
  o: { name: string; dataDir: string; adminUrl?: string },
): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: o.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${o.name}`);
    await admin.query(`CREATE DATABASE ${o.name}`);
    await admin.end();
    const u = new URL(o.adminUrl!);
    u.pathname = `/${o.name}`;
    const url = u.toString();
    const drop = async () => {
      const c = new pg.Client({ connectionString: o.adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${o.name} WITH (FORCE)`);
      await c.end();
    };
    return { database: await openDatabase({ databaseUrl: url }), url, drop };
  }
  // openDatabase keeps PGlite's files in <dataDir>/pglite: ~1.5 GB for a million points, deleted by drop.
  mkdirSync(o.dataDir, { recursive: true });
  const drop = async () => rmSync(o.dataDir, { recursive: true, force: true });
  return { database: await openDatabase({ dataDir: o.dataDir }), url: null, drop };
}

/**
 * The product app on `database`, with a new organization signed up through the API (confirmation code
 * read from the captured mail), its owner signed in and the EULA accepted.
 */
export async function signedUpApp(
  database: Database,
  dataDir: string,
  who: { given: string; family: string },
  config: Partial<Config> = {},
) {
  const mails: MailMessage[] = [];
  const app = await buildApp({
    config: benchConfig(dataDir, config),
    database,
    logger: false,
    mailer: { send: async (m) => void mails.push(m) },
  });
  await app.ready();
  /** An in-process request (app.inject) that throws on a 4xx/5xx answer; the JSON body. */
  const json = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => {
    const r = await app.inject({ method, url, payload, headers });
    if (r.statusCode >= 400) throw new Error(`${method} ${url} → ${r.statusCode} ${r.body}`);
    return r.json();
  };
  const email = `${who.given.toLowerCase()}-${who.family.toLowerCase()}-${Date.now()}@example.test`;
  const password = 'Bench-pass1';
  await json('POST', '/auth/signup', {
    email,
    password,
    given_name: who.given,
    family_name: who.family,
    phone_number: '+12025550143',
    company_name: `${who.given} ${who.family} Co`,
  });
  await json('POST', '/auth/confirm-signup', { email, code: mails.at(-1)!.text.match(/code is (\d{6})/)![1] });
  const { idToken } = await json('POST', '/auth/signin', { email, password });
  const auth = { authorization: `Bearer ${idToken}` };
  await json('PUT', '/rest/accounts/eula/web', undefined, auth);
  const account = await database.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { app, auth, email, password, accountId: account.id, json };
}

export type BenchApp = Awaited<ReturnType<typeof signedUpApp>>;

export async function buildFixture(
  database: Database,
  points: number,
  lines: number,
  log: (s: string) => void,
  dataDir: string,
  config: Partial<Config> = {},
): Promise<MapFixture> {
  const { app, auth, email, password, accountId, json } = await signedUpApp(
    database,
    dataDir,
    { given: 'Map', family: 'Bench' },
    config,
  );
  const templates = await json('GET', '/rest/dictionaries?flat=true', undefined, auth);
  const project = await json(
    'POST',
    '/rest/projects',
    { name: 'Continental US', dataDictionaryId: templates[0].id },
    auth,
  );
  const folder = await json('POST', `/rest/projects/${project.id}/addFeatureFolder`, {}, auth);
  const layer = (kind: string) => folder.layers.find((l: { serverName: string }) => l.serverName === kind).id as string;
  const target = (layerId: string) => ({
    organizationId: project.organizationId,
    projectId: project.id,
    layerId,
    dictionaryId: project.dataDictionaryId,
    accountId,
  });

  const rnd = random(42);
  const load = async (layerId: string, n: number, make: () => BulkFeature) => {
    const t0 = performance.now();
    const chunk = BULK_BATCH * 10;
    for (let done = 0; done < n; done += chunk) {
      const batch = Array.from({ length: Math.min(chunk, n - done) }, make);
      await database.db.transaction().execute((trx) => insertFeaturesBulk(trx, target(layerId), batch));
      if ((done / chunk) % 4 === 0)
        log(`  ${layerId === layer('point') ? 'points' : 'lines'}: ${done + batch.length} of ${n}`);
    }
    return (performance.now() - t0) / 1000;
  };
  const lon = () => US.west + rnd() * (US.east - US.west);
  const lat = () => US.south + rnd() * (US.north - US.south);
  const pointSeconds = await load(layer('point'), points, () => ({
    kind: 'point',
    geometry: { type: 'Point', coordinates: [lon(), lat()] },
  }));
  const lineSeconds = await load(layer('line'), lines, () => {
    let x = lon();
    let y = lat();
    const coords = [[x, y]];
    for (let i = 0; i < 4; i++) {
      x += (rnd() - 0.5) * 0.02;
      y += (rnd() - 0.5) * 0.02;
      coords.push([x, y]);
    }
    return { kind: 'line', geometry: { type: 'MultiLineString', coordinates: [coords] } };
  });
  return {
    app,
    auth,
    email,
    password,
    projectId: project.id,
    folderId: folder.id,
    pointLayerId: layer('point'),
    lineLayerId: layer('line'),
    loadSeconds: { points: pointSeconds, lines: lineSeconds },
  };
}
