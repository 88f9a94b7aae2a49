import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database, type DatabaseKind } from '../src/db/connect.js';
import type { DB } from '../src/db/schema.js';
import type { MailMessage, Mailer } from '../src/platform/mail.js';

/** Keeps every mail the server sends, so tests read codes as a user reads their inbox. */
export class Mailbox implements Mailer {
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
  }
  to(email: string): MailMessage[] {
    return this.messages.filter((m) => m.to === email.toLowerCase());
  }
  /** The code of the newest mail to this address. */
  lastCode(email: string): string {
    const mail = this.to(email).at(-1);
    const code = mail?.text.match(/code is (\d{6})/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
}

export interface Harness {
  app: FastifyInstance;
  db: Kysely<DB>;
  kind: DatabaseKind;
  mailbox: Mailbox;
}

let current: { file: string | undefined; harness: Promise<Harness> } | undefined;

/** The harness's database for a second app (other settings): closing that app leaves the database open. */
export const sharedDatabase = (h: Harness): Database => ({
  db: h.db,
  kind: h.kind,
  copyFrom: h.app.deps.copyFrom,
  copyOut: h.app.deps.copyOut,
  close: async () => undefined,
});

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'fieldbook-test-')),
    publicUrl: 'http://localhost:8080',
    mailFrom: 'Fieldbook <no-reply@fieldbook.test>',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    webDistDir: path.join(os.tmpdir(), 'fieldbook-no-web'),
    logLevel: 'silent',
    ...overrides,
  };
}

async function create(): Promise<Harness> {
  const kind = (process.env.FB_TEST_DB ?? 'pglite') as DatabaseKind;
  const database =
    kind === 'postgres'
      ? await openDatabase({ databaseUrl: inject('postgresUrl') })
      : await openDatabase({ pgliteDump: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  const mailbox = new Mailbox();
  const app = await buildApp({ config: testConfig(), database, mailer: mailbox, logger: false });
  await app.ready();
  return { app, db: database.db, kind, mailbox };
}

/**
 * The app of this test file on PGlite (a migrated database restored from the run's template), or of
 * this test worker on PostgreSQL (one database shared by the run). Tests never share rows: each builds
 * its own organization with the factories.
 *
 * Why a PGlite database per file, not per worker: PostGIS on PGlite leaks an error frame on some
 * failures (docs/security.md #4), and leaks from several files added up in one worker's database until
 * every later file failed with ERRORDATA_STACK_SIZE exceeded (seen when the files were distributed
 * without vitest's timing cache). A file now starts clean, and a break names the file that caused it.
 */
export function harness(): Promise<Harness> {
  const file = process.env.FB_TEST_DB === 'postgres' ? undefined : expect.getState().testPath;
  if (!current || current.file !== file) {
    const previous = current?.harness;
    current = { file, harness: create() };
    void previous?.then((h) => h.app.close()).catch(() => undefined);
  }
  return current.harness;
}
