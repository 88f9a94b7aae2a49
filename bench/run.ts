/**
 * `npm run bench`: request latencies of the busiest API routes on the embedded database, measured
 * in-process (no network), then the map services benchmark (bench/map-bench.ts) on PostgreSQL+PostGIS
 * and PGlite, then the search benchmark (bench/search-bench.ts), then the browser drawing benchmark
 * (bench/browser-bench.ts). Figures, not pass/fail.
 *
 * BENCH_ONLY=api,map,search,activity,browser,transfer picks sections (activity: bench/activity-bench.ts, the log over
 * BENCH_ACTIVITY_ENTRIES (1,000,000) entries, PGlite BENCH_ACTIVITY_PGLITE_ENTRIES (the same; 0 skips it)); (mvt instead of map: only the map section's vector-tile figures;
 * search: the search routes over BENCH_SEARCH_FEATURES (1,000,000) features with dictionary attributes, on PGlite
 * BENCH_SEARCH_PGLITE_FEATURES (the same; 0 skips PGlite); transfer: bench/transfer-bench.ts, imports and exports
 * of BENCH_TRANSFER_POINTS (1,000,000) points beside ogr2ogr; BENCH_TRANSFER_PGLITE=no skips its PGlite half, BENCH_TRANSFER_FORMATS=CSV,DXF picks export formats); BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * is the admin connection a bench database is created and dropped with ("off" skips PostgreSQL);
 * BENCH_POINTS (1,000,000), BENCH_LINES (100,000) and BENCH_PGLITE_POINTS (1,000,000; lines in the same
 * proportion) size the layers; BENCH_SAMPLES (30, the floor) samples per figure after BENCH_WARMUP (2)
 * uncounted rounds; BENCH_BROWSER_RUNS (30) reloads in the browser part. Every figure with a reference
 * is measured interleaved with it (bench/stats.ts); the machine and its load are printed per section.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app.js';
import { openDatabase } from '../server/src/db/connect.js';
import { prepareDatabase } from '../server/src/db/prepare.js';
import type { MailMessage } from '../server/src/platform/mail.js';
import pg from 'pg';
import { runMapBench } from './map-bench.js';
import { runBrowserBench } from './browser-bench.js';
import { runSearchBench } from './search-bench.js';
import { runActivityBench } from './activity-bench.js';
import { runTransferBench } from './transfer-bench.js';
import { benchConfig, settle } from './map-setup.js';
import { inProcess, machineLine, measure, printTable, section, type Figure } from './stats.js';

/** A sequential route measurement (one client): no reference, SAMPLES samples after the warm-up. */
const route = (name: string, run: (i: number) => Promise<void>, samples?: number) =>
  measure({ name, thing: inProcess(run, 1), samples });

async function apiBench(tmpDir: string, log: (s: string) => void) {
  const t0 = performance.now();
  const dataDir = path.join(tmpDir, 'api-db');
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
  await prepareDatabase(database.db);
  const mails: MailMessage[] = [];
  const app = await buildApp({
    config: benchConfig(path.join(tmpDir, 'api-app')),
    database,
    logger: false,
    mailer: { send: async (m) => void mails.push(m) },
  });
  await app.ready();
  console.log(`database ${database.kind} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const json = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers?: Record<string, string>) =>
    app.inject({ method, url, payload, headers }).then((r) => {
      if (r.statusCode >= 400) throw new Error(`${method} ${url} → ${r.statusCode} ${r.body}`);
      return r.json();
    });

  const email = `bench-${Date.now()}@example.test`;
  await json('POST', '/auth/signup', {
    email,
    password: 'Bench-pass1',
    given_name: 'Bench',
    family_name: 'Mark',
    phone_number: '+12025550143',
    company_name: 'Bench Co',
  });
  const code = mails.at(-1)!.text.match(/code is (\d{6})/)![1];
  await json('POST', '/auth/confirm-signup', { email, code });
  const { idToken } = await json('POST', '/auth/signin', { email, password: 'Bench-pass1' });
  const auth = { authorization: `Bearer ${idToken}` };
  await json('PUT', '/rest/accounts/eula/web', undefined, auth);
  for (let i = 0; i < 24; i++) {
    await json(
      'POST',
      '/rest/accounts',
      {
        email: `member-${i}-${Date.now()}@example.test`,
        firstName: 'Member',
        lastName: `${i}`,
        userType: i % 2 ? '0001' : '0011',
      },
      auth,
    );
  }
  const templates = await json('GET', '/rest/dictionaries?flat=true', undefined, auth);
  const apwa = templates.find((d: { name: string }) => d.name.startsWith('Utility'));

  // The tables are small, but the rule is the same: settled and warmed up before timing.
  await settle(database, log);

  const figures: Figure[] = [];
  try {
    figures.push(
      await route(
        'POST /auth/signin (argon2)',
        async () => void (await json('POST', '/auth/signin', { email, password: 'Bench-pass1' })),
      ),
    );
    figures.push(
      await route(
        'GET /rest/accounts/profile',
        async () => void (await json('GET', '/rest/accounts/profile', undefined, auth)),
        200,
      ),
    );
    figures.push(
      await route(
        'GET /rest/accounts/filter (page of 10 of 25)',
        async (i) =>
          void (await json('GET', `/rest/accounts/filter?page=${Math.abs(i) % 4}&sort=email`, undefined, auth)),
        200,
      ),
    );
    figures.push(
      await route('GET /preferences', async () => void (await json('GET', '/preferences', undefined, auth)), 200),
    );
    figures.push(
      await route(
        `GET /rest/dictionaries/{id} (APWA tree)`,
        async () => void (await json('GET', `/rest/dictionaries/${apwa.id}`, undefined, auth)),
        50,
      ),
    );
    figures.push(
      await route(
        'POST /rest/dictionaries/copy (APWA)',
        async (i) => void (await json('POST', `/rest/dictionaries/copy/${apwa.id}`, { name: `Copy ${i}` }, auth)),
      ),
    );
  } finally {
    printTable(`API routes on ${database.kind}, in-process (app.inject), one client, no reference`, figures, log);
    await app.close();
    await database.close();
  }
}

async function main(tmpDir: string) {
  const only = (process.env.BENCH_ONLY ?? 'api,map,search,activity,browser,transfer').split(',');
  const log = (line: string) => console.log(line);
  log(`npm run bench, ${new Date().toISOString()}: ${machineLine()}`);
  log(`sections ${only.join(',')}; temporary files in ${tmpDir} (removed at the end)`);
  if (only.includes('api')) await section('API routes', log, () => apiBench(tmpDir, log));
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const probe = new pg.Client({ connectionString: pgUrl });
  const reachable =
    pgUrl !== 'off' &&
    (await probe.connect().then(
      () => true,
      () => false,
    ));
  if (reachable) log(`PostgreSQL: ${(await probe.query<{ v: string }>('SELECT version() AS v')).rows[0].v}`);
  await probe.end().catch(() => undefined);
  if (pgUrl !== 'off' && !reachable) log(`PostgreSQL at ${pgUrl} is not reachable: its figures are skipped`);
  // `mvt` alone: the map fixture with only the vector-tile figures (bench/mvt-bench.ts); `map` includes them.
  if (only.includes('map') || only.includes('mvt')) {
    await runMapBench({
      mvtOnly: !only.includes('map'),
      pgAdminUrl: reachable ? pgUrl : undefined,
      pgPoints: Number(process.env.BENCH_POINTS ?? 1_000_000),
      pglitePoints: Number(process.env.BENCH_PGLITE_POINTS ?? 1_000_000),
      lines: Number(process.env.BENCH_LINES ?? 100_000),
      tmpDir,
      log,
    });
  }
  if (only.includes('search')) {
    const features = Number(process.env.BENCH_SEARCH_FEATURES ?? 1_000_000);
    await runSearchBench({
      pgAdminUrl: reachable ? pgUrl : undefined,
      pgFeatures: features,
      pgliteFeatures: Number(process.env.BENCH_SEARCH_PGLITE_FEATURES ?? features),
      tmpDir: path.join(tmpDir, 'search'),
      log,
    });
  }
  if (only.includes('activity')) {
    const entries = Number(process.env.BENCH_ACTIVITY_ENTRIES ?? 1_000_000);
    await runActivityBench({
      pgAdminUrl: reachable ? pgUrl : undefined,
      pgEntries: entries,
      pgliteEntries: Number(process.env.BENCH_ACTIVITY_PGLITE_ENTRIES ?? entries),
      tmpDir: path.join(tmpDir, 'activity'),
      log,
    });
  }
  if (only.includes('browser'))
    await section('browser', log, () =>
      runBrowserBench({ pgAdminUrl: reachable ? pgUrl : undefined, tmpDir: path.join(tmpDir, 'browser'), log }),
    );
  if (only.includes('transfer'))
    await runTransferBench({
      pgAdminUrl: reachable ? pgUrl : undefined,
      points: Number(process.env.BENCH_TRANSFER_POINTS ?? 1_000_000),
      tmpDir: path.join(tmpDir, 'transfer'),
      log,
    });
}

// Every file the benchmark writes (PGlite data directories of ~1.5 GB, app data, the web build) lives
// under one temporary folder, removed when the process exits: on success, on failure, after an
// uncaught error (an 'error' event nobody listens to) and on Ctrl-C / SIGTERM.
const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-bench-'));
process.once('exit', () => rmSync(tmpDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

void main(tmpDir)
  .then(
    () => 0,
    (err) => {
      console.error(err);
      return 1;
    },
  )
  .then((code) => process.exit(code));
