/**
 * Imports and exports against native GDAL (issue #10 "Speed and memory"): a zipped Shapefile of
 * BENCH_TRANSFER_POINTS (1,000,000) points with 3 attribute columns imported through the product's
 * upload (signed URL, PUT, IMPORT job) beside `ogr2ogr -f PostgreSQL` of the same file, then that layer
 * exported as EXPORT jobs beside native `ogr2ogr` from the reference table, per format. Each figure
 * interleaves the product and the reference (bench/stats.ts); the server runs in its own process, so
 * the peak resident memory of each job is its own (Linux VmHWM, reset before each job).
 */
import { execFile } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { measure, printTable, section, SAMPLES, type Figure, type Round } from './stats.js';
import { startServer, type ServerProcess } from './transfer-server.js';

const run = promisify(execFile);

/**
 * BENCH_TRANSFER_SAMPLES below 30 is for exploring a change (a 30-sample run takes hours); such a run
 * says so in its table titles and is not a result.
 */
const EXPLORE_SAMPLES = Number(process.env.BENCH_TRANSFER_SAMPLES) || undefined;
const samplesNote = () =>
  EXPLORE_SAMPLES && EXPLORE_SAMPLES < SAMPLES
    ? `${EXPLORE_SAMPLES} samples each: EXPLORATORY, not a result`
    : `${EXPLORE_SAMPLES ?? SAMPLES} samples each`;

/** The export formats the issue sets targets for, with the native driver of the reference. */
const FORMATS: Array<{ format: string; driver: string; out: string }> = [
  { format: 'FileGDB', driver: 'OpenFileGDB', out: 'ref.gdb' },
  { format: 'Shapefile', driver: 'ESRI Shapefile', out: 'ref-shp' },
  { format: 'GeoJSON', driver: 'GeoJSON', out: 'ref.geojson' },
  { format: 'KML', driver: 'KML', out: 'ref.kml' },
  { format: 'CSV', driver: 'CSV', out: 'ref.csv' },
  { format: 'DXF', driver: 'DXF', out: 'ref.dxf' },
];

/** The same deterministic generator as the map benchmark. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** points.zip: N points over the continental US with an integer, a text and a real column. */
export async function makeShapefile(dir: string, points: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const csv = path.join(dir, 'points.csv');
  const out = createWriteStream(csv);
  out.write('x,y,ident,label,height\n');
  const rnd = random(7);
  for (let i = 1; i <= points; i++) {
    const line = `${(-124.7 + rnd() * 57.8).toFixed(7)},${(24.5 + rnd() * 24.9).toFixed(7)},${i},Point ${i},${(rnd() * 3000).toFixed(3)}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const shp = path.join(dir, 'shp');
  await run('ogr2ogr', [
    ...['-f', 'ESRI Shapefile', shp, csv, '-nln', 'points', '-a_srs', 'EPSG:4326'],
    ...['-oo', 'X_POSSIBLE_NAMES=x', '-oo', 'Y_POSSIBLE_NAMES=y', '-oo', 'AUTODETECT_TYPE=YES'],
    ...['-oo', 'KEEP_GEOM_COLUMNS=NO', '-lco', 'ENCODING=UTF-8'],
  ]);
  const zip = path.join(dir, 'points.zip');
  await run('zip', ['-qj', zip, ...['shp', 'shx', 'dbf', 'prj', 'cpg'].map((e) => path.join(shp, `points.${e}`))]);
  rmSync(csv);
  return zip;
}

interface JobView {
  id: string;
  isComplete: boolean;
  hasError: boolean;
  infoMessages: string[];
  processed: number;
  total: number;
}

async function waitForJob(server: ServerProcess, projectId: string, jobId: string): Promise<JobView> {
  for (;;) {
    const page = await server.json<{ jobs: JobView[] }>('GET', `/rest/jobs?projectID=${projectId}&pageSize=50`);
    const job = page.jobs.find((j) => j.id === jobId);
    if (job?.isComplete) {
      if (job.hasError) throw new Error(`job ${jobId} failed: ${job.infoMessages.join('; ')}`);
      return job;
    }
    await sleep(100);
  }
}

interface World {
  server: ServerProcess;
  projectId: string;
  folderId: string;
}

async function makeWorld(server: ServerProcess): Promise<World> {
  const templates = await server.json<Array<{ id: string }>>('GET', '/rest/dictionaries?flat=true');
  const project = await server.json<{ id: string }>('POST', '/rest/projects', {
    name: 'Transfers',
    dataDictionaryId: templates[0]!.id,
  });
  const folder = await server.json<{ id: string }>('POST', `/rest/projects/${project.id}/folders`, { name: 'Imports' });
  return { server, projectId: project.id, folderId: folder.id };
}

/** One product import: signed URL, PUT of the file, the IMPORT job to its end. Returns the new layer. */
async function importOnce(w: World, zip: Buffer, layerName: string, expected: number): Promise<string> {
  const signed = await w.server.json<{ url: string }>(
    'GET',
    `/rest/projects/signedurl/${w.folderId}/zip/VECTOR/WFS?layerName=${encodeURIComponent(layerName)}`,
  );
  const put = await fetch(new URL(signed.url, w.server.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(zip),
  });
  if (put.status !== 201) throw new Error(`PUT of the upload → ${put.status} ${await put.text()}`);
  const job = await waitForJob(w.server, w.projectId, ((await put.json()) as { id: string }).id);
  if (job.processed !== expected) throw new Error(`the import staged ${job.processed} of ${expected} features`);
  const layers = await w.server.json<Array<{ id: string; name: string }>>(
    'GET',
    `/rest/projects/${w.projectId}/folders/${w.folderId}/layers`,
  );
  return layers.find((l) => l.name === layerName)!.id;
}

const deleteLayer = (w: World, layerId: string) =>
  w.server.json('DELETE', `/rest/projects/${w.projectId}/folders/${w.folderId}/layers/${layerId}`);

const timed =
  (work: (i: number) => Promise<void>): Round =>
  async (round) => {
    const t0 = performance.now();
    await work(round);
    return [performance.now() - t0];
  };

export interface TransferBenchOptions {
  /** Admin connection to PostgreSQL (a bench database is made and dropped); undefined skips PostgreSQL. */
  pgAdminUrl?: string;
  points: number;
  tmpDir: string;
  log: (s: string) => void;
}

async function benchDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await db.query('CREATE EXTENSION IF NOT EXISTS postgis');
  await db.end();
  return url.toString();
}

async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

const pgConn = (url: string) => {
  const u = new URL(url);
  return `PG:host=${u.hostname} port=${u.port || 5432} user=${decodeURIComponent(u.username)} dbname=${u.pathname.slice(1)}`;
};

/** The figures of one database: the import beside ogr2ogr, then each export beside ogr2ogr from the reference table. */
async function benchOn(
  kind: 'PostgreSQL' | 'PGlite',
  databaseUrl: string | undefined,
  refUrl: string,
  zipFile: string,
  o: TransferBenchOptions,
) {
  const dataDir = path.join(o.tmpDir, `server-${kind}`);
  const server = await startServer(dataDir, databaseUrl);
  const w = await makeWorld(server);
  const zip = readFileSync(zipFile);
  const refDir = path.join(o.tmpDir, 'ref-out');
  const figures: Figure[] = [];
  const rss: string[] = [];
  try {
    let peak = 0;
    let kept: string | undefined;
    const importRound: Round = async (i) => {
      // The previous sample's layer goes first, untimed: the database holds one copy at a time.
      if (kept) await deleteLayer(w, kept);
      server.resetPeakRss();
      const t0 = performance.now();
      kept = await importOnce(w, zip, `points ${i}`, o.points);
      const ms = performance.now() - t0;
      peak = Math.max(peak, server.peakRssMiB());
      return [ms];
    };
    const ogrImport = timed(async () => {
      await run('ogr2ogr', [
        ...['-f', 'PostgreSQL', pgConn(refUrl), `/vsizip/${zipFile}`, '-nln', 'ref_points', '-overwrite'],
        ...['-lco', 'GEOMETRY_NAME=geom'],
      ]);
    });
    figures.push(
      await measure({
        name: `import ${o.points.toLocaleString('en')} points (zipped Shapefile), ${kind}`,
        thing: importRound,
        reference: { name: 'ogr2ogr -f PostgreSQL, same file', round: ogrImport },
        warmup: 1,
        samples: EXPLORE_SAMPLES,
      }),
    );
    rss.push(`import: peak RSS ${peak.toFixed(0)} MiB`);
    const layerId = kept!;

    const only = process.env.BENCH_TRANSFER_FORMATS?.split(',');
    for (const { format, driver, out } of FORMATS.filter((f) => !only || only.includes(f.format))) {
      let formatPeak = 0;
      const exportRound = timed(async (i) => {
        server.resetPeakRss();
        const job = await server.json<{ id: string }>('POST', `/rest/exports/layer/${layerId}`, {
          format,
          fileName: `points-${i}`,
          email: 'bench@example.test',
        });
        await waitForJob(server, w.projectId, job.id);
        formatPeak = Math.max(formatPeak, server.peakRssMiB());
      });
      const ogrExport = timed(async () => {
        rmSync(refDir, { recursive: true, force: true });
        mkdirSync(refDir, { recursive: true });
        await run('ogr2ogr', ['-f', driver, path.join(refDir, out), pgConn(refUrl), 'ref_points']);
      });
      figures.push(
        await measure({
          name: `export ${o.points.toLocaleString('en')} points to ${format}, ${kind}`,
          thing: exportRound,
          reference: { name: `ogr2ogr -f "${driver}" from the reference table`, round: ogrExport },
          warmup: 1,
          samples: EXPLORE_SAMPLES,
        }),
      );
      rss.push(`${format}: peak RSS ${formatPeak.toFixed(0)} MiB`);
    }
  } finally {
    printTable(`Imports and exports on ${kind} (server in its own process; ${samplesNote()})`, figures, o.log);
    o.log(`  server peak resident memory per job kind (max over samples): ${rss.join(', ')}`);
    o.log(`  zipped Shapefile: ${(statSync(zipFile).size / 2 ** 20).toFixed(1)} MiB`);
    await server.stop();
  }
}

export async function runTransferBench(o: TransferBenchOptions): Promise<void> {
  const zipFile = await section('transfer data', o.log, () => makeShapefile(path.join(o.tmpDir, 'source'), o.points));
  if (!o.pgAdminUrl) {
    o.log('PostgreSQL is not reachable: the transfer benchmark needs it for ogr2ogr -f PostgreSQL; skipped');
    return;
  }
  const refUrl = await benchDatabase(o.pgAdminUrl, 'fieldbook_bench_transfer_ref');
  const appUrl = await benchDatabase(o.pgAdminUrl, 'fieldbook_bench_transfer');
  try {
    await section('transfers on PostgreSQL', o.log, () => benchOn('PostgreSQL', appUrl, refUrl, zipFile, o));
    if ((process.env.BENCH_TRANSFER_PGLITE ?? 'yes') !== 'no')
      await section('transfers on PGlite', o.log, () => benchOn('PGlite', undefined, refUrl, zipFile, o));
  } finally {
    await dropDatabase(o.pgAdminUrl, 'fieldbook_bench_transfer');
    await dropDatabase(o.pgAdminUrl, 'fieldbook_bench_transfer_ref');
  }
}
