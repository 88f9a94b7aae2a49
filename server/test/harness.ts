import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
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

let current: Promise<Harness> | undefined;

/** The harness's database for a second app (other settings): closing that app leaves the database open. */
export const sharedDatabase = (h: Harness): Database => ({
  db: h.db,
  kind: h.kind,
  copyFrom: h.app.deps.copyFrom,
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
 * The app of this test worker, on a migrated database of its own (PGlite) or a database shared by the
 * run (PostgreSQL). Tests never share rows: each builds its own organization with the factories.
 */
export function harness(): Promise<Harness> {
  current ??= create();
  return current;
}
