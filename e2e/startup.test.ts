import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../server/test/template-db.js';
import { freePort, startServerProcess } from './support/process.js';
import { until } from './support/session.js';

const run = promisify(execFile);

const signUp = (base: string, email: string) =>
  fetch(`${base}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Start-up1!',
      given_name: 'Sam',
      family_name: 'Start',
      phone_number: '+12025550199',
      company_name: 'Start Co',
    }),
  });

describe('starting the product', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('runs on the embedded database in DATA_DIR, keeps data and secret across restarts, and writes mails to the outbox', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-start-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    cleanups.push(() => server.stop());
    expect(server.output()).toContain(`/signup`);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', database: 'pglite' });

    expect((await signUp(base, 'first.user@example.test')).status).toBe(200);
    // The mail is written after the answer (sending never delays it): wait for it as a user waits for mail.
    const outboxDir = path.join(dataDir, 'outbox');
    const outbox = await until(
      () =>
        existsSync(outboxDir) &&
        readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).length > 0 &&
        readdirSync(outboxDir),
      'the code mail in the outbox',
    );
    const code = readFileSync(path.join(dataDir, 'outbox', outbox[0]), 'utf8').match(/code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await expect.poll(() => server.output(), { timeout: 5000 }).toContain(`code is ${code}`);
    const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');

    await server.stop();
    server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    const again = await signUp(base, 'first.user@example.test');
    expect(again.status).toBe(409);
    const confirm = await fetch(`${base}/auth/confirm-signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first.user@example.test', code }),
    });
    expect(await confirm.json()).toEqual({ confirmed: true });
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    // The operator sets seats and flags from the command line (one process per embedded database).
    await server.stop();
    const admin = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/src/admin/cli.ts',
        'org:flags',
        'Start Co',
        'maxUsers=3',
        'onecall.enabled=false',
        'rtkSeats=2',
      ],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    expect(JSON.parse(admin.stdout)).toMatchObject({
      name: 'Start Co',
      maxUsers: 3,
      rtkSeats: 2,
      functionalityFlags: { onecall: { enabled: false }, search: true },
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL+PostGIS when DATABASE_URL is set, migrating on start',
    async () => {
      const pg = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(pg.drop);
      const port = await freePort();
      const server = await startServerProcess({
        DATABASE_URL: pg.url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'fieldbook-pg-')),
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'x'.repeat(48),
      });
      cleanups.push(() => server.stop());
      expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({
        status: 'ok',
        database: 'postgres',
      });
      expect((await signUp(`http://127.0.0.1:${port}`, 'pg.user@example.test')).status).toBe(200);
    },
  );
});
