/**
 * One benchmark on each database: for PostgreSQL+PostGIS (when reachable) and PGlite, a new database is
 * created, migrated, filled by the benchmark's fixture, settled (VACUUM ANALYZE, CHECKPOINT), measured and
 * dropped (or its files deleted), printing its table even when a figure fails half-way.
 */
import path from 'node:path';
import type { Database } from '../server/src/db/connect.js';
import { prepareDatabase } from '../server/src/db/prepare.js';
import { benchDatabase, settle } from './map-setup.js';
import { printTable, section, type Figure } from './stats.js';

export interface Filled {
  app: { close(): Promise<void> };
  loadSeconds: number;
}

export interface PerDatabaseBench<F extends Filled> {
  /** Names the bench database and its folders, e.g. 'search'. */
  name: string;
  /** What the benchmark fills, e.g. 'features' or 'entries'. */
  unit: string;
  /** What the table measures, after the database's name and the size, e.g. 'search over'. */
  title: (size: string) => string;
  fill: (database: Database, n: number, dataDir: string, log: (s: string) => void) => Promise<F>;
  measure: (database: Database, f: F, url: string | null, log: (s: string) => void, figures: Figure[]) => Promise<void>;
}

export interface PerDatabaseOptions {
  pgAdminUrl?: string;
  /** Rows on each database; 0 skips it (PostgreSQL also without an admin URL). */
  pg: number;
  pglite: number;
  tmpDir: string;
  log: (s: string) => void;
}

async function benchOne<F extends Filled>(
  b: PerDatabaseBench<F>,
  kind: 'postgres' | 'pglite',
  n: number,
  o: PerDatabaseOptions,
): Promise<string[]> {
  const { database, url, drop } = await benchDatabase(kind, {
    name: `fieldbook_bench_${b.name}_${process.pid}`,
    adminUrl: o.pgAdminUrl,
    dataDir: path.join(o.tmpDir, `pglite-${b.name}`),
  });
  const size = `${n.toLocaleString('en')} ${b.unit}`;
  const out: string[] = [];
  const figures: Figure[] = [];
  let close = async () => {};
  try {
    await prepareDatabase(database.db);
    o.log(`${kind}: filling ${size}`);
    const f = await b.fill(database, n, path.join(o.tmpDir, `${b.name}-app-${kind}`), o.log);
    close = () => f.app.close();
    const load = `${kind}: ${size} in ${f.loadSeconds.toFixed(1)} s (${Math.round(n / f.loadSeconds).toLocaleString('en')}/s)`;
    o.log(load);
    out.push(load);
    await settle(database, o.log);
    await b.measure(database, f, url, o.log, figures);
    return out;
  } finally {
    if (figures.length)
      out.push(
        printTable(
          `${kind === 'postgres' ? 'PostgreSQL+PostGIS' : 'PGlite'}, ${b.title(size)}, one client in-process (app.inject), references interleaved`,
          figures,
          o.log,
        ),
      );
    await close();
    await database.close();
    await drop();
  }
}

export async function benchEachDatabase<F extends Filled>(
  b: PerDatabaseBench<F>,
  o: PerDatabaseOptions,
): Promise<string[]> {
  const out: string[] = [];
  const runs: Array<['postgres' | 'pglite', string, number]> = [
    ['postgres', 'PostgreSQL', o.pgAdminUrl ? o.pg : 0],
    ['pglite', 'PGlite', o.pglite],
  ];
  for (const [kind, label, n] of runs)
    if (n > 0)
      out.push(
        ...(await section(`${b.name} on ${label} (${n.toLocaleString('en')} ${b.unit})`, o.log, () =>
          benchOne(b, kind, n, o),
        )),
      );
  return out;
}
