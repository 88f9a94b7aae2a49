import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { postgis } from '@electric-sql/pglite-postgis';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { from as copyFromStdin, to as copyToStdout } from 'pg-copy-streams';
import type { DB } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Bulk load: `COPY <target> FROM STDIN` of `data` (text or CSV without header), streamed on
   * PostgreSQL and handed to PGlite as a blob while no other query runs. Returns the rows copied.
   */
  copyFrom(target: string, data: Buffer, format?: 'text' | 'csv'): Promise<number>;
  /**
   * PostgreSQL only: the raw COPY data of `COPY (<query>) TO STDOUT (FORMAT binary)`, streamed on a
   * connection of its own (`query` has its values written in: inline-parameters.ts). The embedded
   * database has none: it cannot stream a result, so its callers read in pages.
   */
  copyOut?(query: string): AsyncIterable<Buffer>;
}

export const PGLITE_EXTENSIONS = { postgis, pg_trgm, btree_gist, unaccent };

// bigint (int8) and numeric come back as strings from pg; keep them exact, convert where used.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A dumped PGlite data dir to start from (tests restore a migrated template this way). */
  pgliteDump?: Blob;
}

/**
 * PostgreSQL when a URL is given, else PGlite. PGlite is one connection: the dialect queues
 * connections, so a transaction holds it and other requests wait (DESIGN §7).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // JIT off: our statements are short, and the planner's cost of a page or tile of many features
    // passes jit_above_cost, so compiling them took longer than running them (1.7 s of a 1.8 s tile).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection the server ends (a restart, an administrator's terminate) is an 'error' of
    // the pool; unheard, it would end the process. The pool drops that client and the next query
    // opens a new one.
    pool.on('error', (err) => console.warn(`database connection lost while idle: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const copyFrom = async (target: string, data: Buffer, format: 'text' | 'csv' = 'text') => {
      const client = await pool.connect();
      try {
        const copy = client.query(copyFromStdin(`COPY ${target} FROM STDIN WITH (FORMAT ${format})`));
        await pipeline(Readable.from([data]), copy);
        return copy.rowCount;
      } finally {
        client.release();
      }
    };
    async function* copyOut(query: string): AsyncIterable<Buffer> {
      const client = await pool.connect();
      let complete = false;
      try {
        const stream = client.query(copyToStdout(`COPY (${query}) TO STDOUT (FORMAT binary)`));
        for await (const chunk of stream) yield chunk as Buffer;
        complete = true;
      } finally {
        // A COPY left mid-way leaves its connection unusable: it is closed instead of returned.
        client.release(complete ? undefined : new Error('COPY TO not read to its end'));
      }
    }
    return { db, kind: 'postgres', close: () => db.destroy(), copyFrom, copyOut };
  }
  const dataPath = options.pgliteDump ? undefined : path.join(options.dataDir ?? 'data', 'pglite');
  const pglite = await PGlite.create(dataPath, {
    extensions: PGLITE_EXTENSIONS,
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  // Holding Kysely's one connection keeps every other query (and any transaction) out while PGlite copies.
  const copyFrom = (target: string, data: Buffer, format: 'text' | 'csv' = 'text') =>
    db.connection().execute(async () => {
      const blob = new Blob([new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength)]);
      const result = await pglite.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT ${format})`, [], { blob });
      return result.affectedRows ?? 0;
    });
  return { db, kind: 'pglite', close: () => db.destroy(), copyFrom };
}
