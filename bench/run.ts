/**
 * `npm run bench`: request latencies of the busiest API routes on the embedded database, measured
 * in-process (no network), then the map services benchmark (bench/map-bench.ts) on PostgreSQL+PostGIS
 * and PGlite, then the browser drawing benchmark (bench/browser-bench.ts). Figures, not pass/fail.
 *
 * BENCH_ONLY=api,map,browser picks sections; BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * is the admin connection a bench database is created and dropped with ("off" skips PostgreSQL);
 * BENCH_POINTS (1,000,000), BENCH_LINES (100,000) and BENCH_PGLITE_POINTS (1,000,000; lines in the same
 * proportion) size the layers.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app.js';
import { openDatabase } from '../server/src/db/connect.js';
import { prepareDatabase } from '../server/src/db/prepare.js';
import { testConfig } from '../server/test/harness.js';
import type { MailMessage } from '../server/src/platform/mail.js';
import pg from 'pg';
import { runMapBench } from './map-bench.js';
import { runBrowserBench } from './browser-bench.js';

interface Row {
  name: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
}

function summarize(name: string, samples: number[]): Row {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const total = samples.reduce((a, b) => a + b, 0);
  return {
    name,
    n: samples.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1)!,
    perSecond: (samples.length / total) * 1000,
  };
}

async function measure(name: string, n: number, run: (i: number) => Promise<void>): Promise<Row> {
  await run(-1); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run(i);
    samples.push(performance.now() - t0);
  }
  return summarize(name, samples);
}

async function apiBench() {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: testConfig().dataDir });
  await prepareDatabase(database.db);
  const mails: MailMessage[] = [];
  const app = await buildApp({
    config: testConfig(),
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

  const rows: Row[] = [];
  rows.push(
    await measure(
      'POST /auth/signin (argon2)',
      20,
      async () => void (await json('POST', '/auth/signin', { email, password: 'Bench-pass1' })),
    ),
  );
  rows.push(
    await measure(
      'GET /rest/accounts/profile',
      200,
      async () => void (await json('GET', '/rest/accounts/profile', undefined, auth)),
    ),
  );
  rows.push(
    await measure(
      'GET /rest/accounts/filter (page of 10 of 25)',
      200,
      async (i) =>
        void (await json('GET', `/rest/accounts/filter?page=${Math.max(0, i) % 4}&sort=email`, undefined, auth)),
    ),
  );
  rows.push(
    await measure('GET /preferences', 200, async () => void (await json('GET', '/preferences', undefined, auth))),
  );
  rows.push(
    await measure(
      `GET /rest/dictionaries/{id} (APWA tree)`,
      50,
      async () => void (await json('GET', `/rest/dictionaries/${apwa.id}`, undefined, auth)),
    ),
  );
  rows.push(
    await measure(
      'POST /rest/dictionaries/copy (APWA)',
      10,
      async (i) => void (await json('POST', `/rest/dictionaries/copy/${apwa.id}`, { name: `Copy ${i + 1}` }, auth)),
    ),
  );

  console.log(
    '\nroute'.padEnd(48) +
      'n'.padStart(6) +
      'p50 ms'.padStart(10) +
      'p95 ms'.padStart(10) +
      'max ms'.padStart(10) +
      'req/s'.padStart(10),
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(47) +
        String(r.n).padStart(6) +
        r.p50.toFixed(1).padStart(10) +
        r.p95.toFixed(1).padStart(10) +
        r.max.toFixed(1).padStart(10) +
        r.perSecond.toFixed(0).padStart(10),
    );
  }
  await app.close();
}

async function main() {
  const only = (process.env.BENCH_ONLY ?? 'api,map,browser').split(',');
  const log = (line: string) => console.log(line);
  if (only.includes('api')) await apiBench();
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const probe = new pg.Client({ connectionString: pgUrl });
  const reachable =
    pgUrl !== 'off' &&
    (await probe.connect().then(
      () => true,
      () => false,
    ));
  await probe.end().catch(() => undefined);
  if (pgUrl !== 'off' && !reachable) console.log(`PostgreSQL at ${pgUrl} is not reachable: its figures are skipped`);
  if (only.includes('map')) {
    await runMapBench({
      pgAdminUrl: reachable ? pgUrl : undefined,
      pgPoints: Number(process.env.BENCH_POINTS ?? 1_000_000),
      pglitePoints: Number(process.env.BENCH_PGLITE_POINTS ?? 1_000_000),
      lines: Number(process.env.BENCH_LINES ?? 100_000),
      log,
    });
  }
  if (only.includes('browser')) await runBrowserBench({ pgAdminUrl: reachable ? pgUrl : undefined, log });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
