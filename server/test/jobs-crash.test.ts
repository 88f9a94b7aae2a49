import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/connect.js';
import { Mailbox, testConfig, type Harness } from './harness.js';
import { call, featuresWithoutLayer, folderWorld, layersOf, work } from './import-world.js';
import { createPostgresTestDatabase } from './template-db.js';

/**
 * A real kill -9 of an `npm run worker` process in the middle of an import (issue #10 §4): the next
 * worker picks the job up again (or fails it) and the folder ends with one whole layer or none, never
 * a partial one, and the job never stays in progress.
 *
 * PostgreSQL only: a worker process shares the database over the network. PGlite is embedded in the
 * server process, so no second process can reach it (and `npm run worker` refuses to start on it).
 */

const onPostgres = process.env.FB_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POINTS = 200_000;
/** Short, so the restarted worker finds the dead worker's job at once; its own beats come every 500 ms. */
const STALE_AFTER_MS = 2_000;

let h: Harness;
let dropDatabase: () => Promise<void>;
let databaseUrl: string;
const children: ChildProcess[] = [];

/** `npm run worker` as the script runs it (node itself, so the pid killed is the worker's own). */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/jobs/worker-main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: h.app.deps.config.dataDir,
      JWT_SECRET: h.app.deps.config.jwtSecret,
      JOB_STALE_AFTER_MS: String(STALE_AFTER_MS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

const jobRow = (id: string) => h.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!onPostgres)('a worker process killed mid-import', () => {
  beforeAll(async () => {
    // A database of its own: a worker process claims any organization's jobs, so it must not see the
    // jobs of the other test files running at the same time on the run's database.
    const created = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL!);
    databaseUrl = created.url;
    dropDatabase = created.drop;
    const database = await openDatabase({ databaseUrl });
    const mailbox = new Mailbox();
    const app = await buildApp({ config: testConfig(), database, mailer: mailbox, logger: false });
    await app.ready();
    h = { app, db: database.db, kind: 'postgres', mailbox };
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await h?.app.close();
    await dropDatabase?.();
  });

  it('is picked up again by the next worker and leaves one whole layer, never a partial one', async () => {
    const w = await folderWorld(h);
    const csv = path.join(work(), 'many.csv');
    const rows = Array.from({ length: POINTS }, (_, i) => `${i},${-105 + (i % 1000) / 1000},${39 + i / POINTS},p${i}`);
    writeFileSync(csv, `id,x,y,label\n${rows.join('\n')}\n`);
    const signed = await call(
      h,
      w.admin,
      'GET',
      `/rest/projects/signedurl/${w.folder.id}/csv/VECTOR/WFS?layerName=Many`,
    );
    const put = await h.app.inject({
      method: 'PUT',
      url: signed.json().url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: readFileSync(csv),
    });
    expect(put.statusCode).toBe(201);
    const jobId = put.json().id as string;

    const first = startWorker();
    const midway = await waitFor(
      'the first worker to stage features',
      async () => {
        const job = await jobRow(jobId);
        if (job.is_complete || job.has_error) throw new Error('the import ended before the kill: use a larger file');
        return Number(job.processed) > 0 && Number(job.processed) < POINTS ? job : undefined;
      },
      25_000,
    );
    expect(midway.claimed_by).toContain(`:${first.pid}:`);
    const exited = new Promise((resolve) => first.once('exit', resolve));
    process.kill(first.pid!, 'SIGKILL');
    await exited;
    const deadOutputs = path.join(os.tmpdir(), `fieldbook-gdal-${first.pid}`);
    expect(existsSync(deadOutputs)).toBe(true);

    // Dead mid-way: still claimed, features half loaded under a layer that does not exist yet.
    const dead = await jobRow(jobId);
    expect(dead).toMatchObject({ is_complete: false, has_error: false, claimed_by: midway.claimed_by });
    expect(await layersOf(h, w.folder.id)).toEqual([]);

    const second = startWorker();
    const ended = await waitFor(
      'the job to end',
      async () => {
        const job = await jobRow(jobId);
        return job.is_complete || job.has_error ? job : undefined;
      },
      40_000,
    );
    second.kill('SIGTERM');
    const layers = await layersOf(h, w.folder.id);
    // The first attempt died, so the job had one left: the new worker runs it again to the end.
    expect(ended).toMatchObject({ is_complete: true, has_error: false, attempts: 2, claimed_by: null });
    expect(layers.map((l) => l.name)).toEqual(['Many']);
    const counted = await sql<{ n: string; ids: string }>`
      SELECT count(*) AS n, count(DISTINCT field_values->>'id') AS ids FROM features WHERE layer_id = ${layers[0]!.id}`.execute(
      h.db,
    );
    expect(counted.rows[0]).toEqual({ n: String(POINTS), ids: String(POINTS) });
    expect(await featuresWithoutLayer(h, w.admin.organizationId)).toBe(0);
    // The next worker removed the dead one's converted files.
    expect(existsSync(deadOutputs)).toBe(false);
  }, 60_000);
});
