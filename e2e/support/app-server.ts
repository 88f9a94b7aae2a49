import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../server/src/config.js';
import type { DB } from '../../server/src/db/schema.js';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/connect.js';
import { testConfig } from '../../server/test/harness.js';
import { freePort } from './process.js';

export interface RunningApp {
  url: string;
  app: FastifyInstance;
  /** The app's own database, for a test to set what only the operator can (seats, flags). */
  db: Kysely<DB>;
  stop(): Promise<void>;
}

/**
 * The real product (API and built web app) on a loopback port, on a fresh copy of the template database.
 * `config` sets what an operator would (e.g. allowPrivateServiceUrls for a map service on loopback).
 */
export async function startApp(options: { smtpUrl: string; config?: Partial<Config> }): Promise<RunningApp> {
  const database = await openDatabase({ pgliteDump: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  // PUBLIC_URL is the address the test browser really uses, as in production.
  const port = await freePort();
  const config = testConfig({
    smtpUrl: options.smtpUrl,
    webDistDir: path.resolve(process.env.FB_WEB_DIST ?? 'web/dist'),
    publicUrl: `http://127.0.0.1:${port}`,
    ...options.config,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, app, db: database.db, stop: () => app.close() };
}
