/**
 * Builds the map benchmark's data through the product's own paths: an account and organization by
 * sign-up, a project with a feature folder by the API, then 1,000,000 random points over the
 * continental US and 100,000 five-vertex lines by the bulk feature insert (the import path).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import type { Database } from '../server/src/db/connect.js';
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

export async function buildFixture(
  database: Database,
  points: number,
  lines: number,
  log: (s: string) => void,
  dataDir: string,
  config: Partial<Config> = {},
): Promise<MapFixture> {
  const mails: MailMessage[] = [];
  const app = await buildApp({
    config: benchConfig(dataDir, config),
    database,
    logger: false,
    mailer: { send: async (m) => void mails.push(m) },
  });
  await app.ready();
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
  const email = `map-bench-${Date.now()}@example.test`;
  await json('POST', '/auth/signup', {
    email,
    password: 'Bench-pass1',
    given_name: 'Map',
    family_name: 'Bench',
    phone_number: '+12025550143',
    company_name: 'Map Bench Co',
  });
  await json('POST', '/auth/confirm-signup', { email, code: mails.at(-1)!.text.match(/code is (\d{6})/)![1] });
  const { idToken } = await json('POST', '/auth/signin', { email, password: 'Bench-pass1' });
  const auth = { authorization: `Bearer ${idToken}` };
  await json('PUT', '/rest/accounts/eula/web', undefined, auth);
  const templates = await json('GET', '/rest/dictionaries?flat=true', undefined, auth);
  const project = await json(
    'POST',
    '/rest/projects',
    { name: 'Continental US', dataDictionaryId: templates[0].id },
    auth,
  );
  const folder = await json('POST', `/rest/projects/${project.id}/addFeatureFolder`, {}, auth);
  const layer = (kind: string) => folder.layers.find((l: { serverName: string }) => l.serverName === kind).id as string;
  const account = await database.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const target = (layerId: string) => ({
    organizationId: project.organizationId,
    projectId: project.id,
    layerId,
    dictionaryId: project.dataDictionaryId,
    accountId: account.id,
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
    password: 'Bench-pass1',
    projectId: project.id,
    folderId: folder.id,
    pointLayerId: layer('point'),
    lineLayerId: layer('line'),
    loadSeconds: { points: pointSeconds, lines: lineSeconds },
  };
}
