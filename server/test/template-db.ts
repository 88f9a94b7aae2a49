import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../src/db/connect.js';
import { prepareDatabase } from '../src/db/prepare.js';
import type { DB } from '../src/db/schema.js';

/**
 * Creating a PGlite+PostGIS database takes ~17 s; restoring a dump ~3 s. Tests migrate one
 * template, dump it to a file, and every worker restores its own copy from that file.
 */
export async function createPgliteTemplate(): Promise<string> {
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  await prepareDatabase(db);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fieldbook-template-')), 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  return file;
}

/** A fresh PostgreSQL database for one test run, migrated; dropped by the returned function. */
export async function createPostgresTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fieldbook_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const { PostgresDialect } = await import('kysely');
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await prepareDatabase(db);
  await db.destroy();
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
