/**
 * The transfer benchmark's server: the product as `npm start` runs it (its own process, the in-process
 * job worker), so its peak memory is its own and can be read from /proc. Driven over HTTP like a browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  url: string;
  pid: number;
  auth: Record<string, string>;
  json<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
  /** Forgets the peak resident set size so far (Linux: clear_refs 5), so the next reading is one job's. */
  resetPeakRss(): void;
  /** The peak resident set size since the last reset, in MiB (VmHWM). */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function until<T>(what: string, probe: () => T | undefined | false, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Starts the server on `databaseUrl` (PostgreSQL) or on PGlite in `dataDir`, and signs a new account in. */
export async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await until('the server to start', () => out.includes('Fieldbook is ready') || child.exitCode !== null);
  if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
  const url = `http://127.0.0.1:${port}`;
  let auth: Record<string, string> = {};
  const email = `transfer-bench-${Date.now()}@example.test`;
  const password = 'Bench-pass1';
  const send = (method: string, route: string, body?: unknown) =>
    fetch(url + route, {
      method,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  const signIn = async () => {
    const res = await send('POST', '/auth/signin', { email, password });
    auth = { authorization: `Bearer ${((await res.json()) as { idToken: string }).idToken}` };
  };
  const json = async <T = unknown>(method: string, route: string, body?: unknown): Promise<T> => {
    let res = await send(method, route, body);
    // ID tokens live 15 minutes; the benchmark runs for hours.
    if (res.status === 401 && auth.authorization) {
      await signIn();
      res = await send(method, route, body);
    }
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${route} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  await json('POST', '/auth/signup', {
    email,
    password,
    given_name: 'Transfer',
    family_name: 'Bench',
    phone_number: '+12025550143',
    company_name: 'Transfer Bench Co',
  });
  const outbox = path.join(dataDir, 'outbox');
  const code = await until('the sign-up code', () => {
    if (!existsSync(outbox)) return undefined;
    for (const f of readdirSync(outbox)) {
      const m = readFileSync(path.join(outbox, f), 'utf8').match(/code is (\d{6})/);
      if (m) return m[1];
    }
    return undefined;
  });
  await json('POST', '/auth/confirm-signup', { email, code });
  await signIn();
  await json('PUT', '/rest/accounts/eula/web');

  const pid = child.pid!;
  return {
    url,
    pid,
    get auth() {
      return auth;
    },
    json,
    resetPeakRss: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    peakRssMiB: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? NaN) / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await until('the server to stop', () => child.exitCode !== null || child.signalCode !== null, 60_000);
    },
  };
}
