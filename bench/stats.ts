/**
 * The benchmark's one way of taking and printing figures (issue #18 "Benchmark honesty"):
 *
 * - a measured thing and its reference (bare SQL, the bare tile query) are sampled interleaved in one
 *   loop — a round of the thing, a round of the reference, the order swapped every round — so both see
 *   the same machine, caches and load;
 * - at least `BENCH_SAMPLES` (default 30) samples each, after warm-up rounds that are not counted;
 * - n, p50, p95 and max of both, the ratio of the medians and the median (and p95) of the per-pair ratios;
 * - the machine (Node, CPU model, cores) and its load at the start and end of every section.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** Samples per figure: 30 unless BENCH_SAMPLES asks for more (fewer is refused, 30 is the floor of the rule). */
export const SAMPLES = Math.max(30, Number(process.env.BENCH_SAMPLES ?? 30) || 30);
/** Uncounted warm-up rounds of each thing and reference before the counted ones. */
export const WARMUP_ROUNDS = Math.max(1, Number(process.env.BENCH_WARMUP ?? 2) || 2);

export interface Stat {
  name: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
  note?: string;
}

export interface Figure {
  thing: Stat;
  reference?: Stat;
  /** p50 of the thing / p50 of the reference. */
  ratio?: number;
  /** Median and p95 of thing/reference over the pairs taken in the same round by the same client slot. */
  pairRatio?: { p50: number; p95: number };
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

export function stat(name: string, samples: number[], note?: string): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    n: samples.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.at(-1) ?? NaN,
    note,
  };
}

/** One round: `clients` requests sent concurrently; resolves to each one's latency in ms (negative rounds warm up). */
export type Round = (round: number) => Promise<number[]>;

/**
 * The request index of client `c` in a round: 0, 1, 2 … in counted rounds, -2, -3 … in warm-up rounds,
 * so every request can ask for something different (a tile not yet in the tile cache).
 */
export const requestIndex = (round: number, clients: number, c: number) =>
  round >= 0 ? round * clients + c : round * clients - c;

/** A round of `clients` concurrent in-process calls; `run(i)` gets a distinct i per call (negative in warm-up). */
export function inProcess(run: (i: number) => Promise<unknown>, clients = 2): Round {
  return (round) =>
    Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const s = performance.now();
        await run(requestIndex(round, clients, c));
        return performance.now() - s;
      }),
    );
}

/**
 * Measures `thing` against `reference` interleaved: warm-up rounds of both, then rounds alternating
 * A B, B A, A B … until each has `samples` samples. Without a reference, rounds of the thing alone.
 */
export async function measure(o: {
  name: string;
  thing: Round;
  reference?: { name: string; round: Round; note?: string };
  samples?: number;
  warmup?: number;
  note?: string;
}): Promise<Figure> {
  const samples = o.samples ?? SAMPLES;
  for (let w = 1; w <= (o.warmup ?? WARMUP_ROUNDS); w++) {
    await o.thing(-w);
    if (o.reference) await o.reference.round(-w);
  }
  const a: number[] = [];
  const b: number[] = [];
  const pairs: number[] = [];
  for (let round = 0; a.length < samples; round++) {
    let ra: number[];
    let rb: number[] = [];
    if (!o.reference) ra = await o.thing(round);
    else if (round % 2 === 0) {
      ra = await o.thing(round);
      rb = await o.reference.round(round);
    } else {
      rb = await o.reference.round(round);
      ra = await o.thing(round);
    }
    a.push(...ra);
    b.push(...rb);
    for (let k = 0; k < Math.min(ra.length, rb.length); k++) pairs.push(ra[k] / rb[k]);
  }
  const thing = stat(o.name, a, o.note);
  if (!o.reference) return { thing };
  const reference = stat(o.reference.name, b, o.reference.note);
  const sortedPairs = pairs.sort((x, y) => x - y);
  return {
    thing,
    reference,
    ratio: thing.p50 / reference.p50,
    pairRatio: { p50: quantile(sortedPairs, 0.5), p95: quantile(sortedPairs, 0.95) },
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-').padStart(10);

/** Prints a table of figures: each thing, its reference indented below it, and their ratios. */
export function printTable(title: string, figures: Figure[], log: (s: string) => void = console.log): string {
  const w = 64;
  const lines = [
    `\n${title} [${loadLine()}]`,
    `${'measure'.padEnd(w)}${'n'.padStart(5)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'max ms'.padStart(10)}  ratio p50 / pairs p50 (p95)  note`,
  ];
  const row = (s: Stat, extra = '') =>
    `${s.name.padEnd(w)}${String(s.n).padStart(5)}${ms(s.p50)}${ms(s.p95)}${ms(s.max)}  ${extra.padEnd(28)} ${s.note ?? ''}`;
  for (const f of figures) {
    const ratio =
      f.ratio === undefined
        ? ''
        : `${f.ratio.toFixed(2)}× / ${f.pairRatio!.p50.toFixed(2)}× (${f.pairRatio!.p95.toFixed(2)}×)`;
    lines.push(row(f.thing, ratio));
    if (f.reference) lines.push(row({ ...f.reference, name: `  reference: ${f.reference.name}` }));
  }
  const text = lines.join('\n');
  log(text);
  return text;
}

/** The HTTP load generator, in a worker thread so reading responses does not share the server's event loop. */
const HTTP_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { headers } = workerData;
const get = async (url) => {
  const s = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  const t = performance.now() - s;
  if (res.status !== 200) throw new Error(url + ' -> ' + res.status + ' ' + Buffer.from(body).toString().slice(0, 300));
  return t;
};
parentPort.on('message', ({ id, urls }) => {
  Promise.all(urls.map(get)).then(
    (ms) => parentPort.postMessage({ id, ms }),
    (err) => parentPort.postMessage({ id, error: String(err) }),
  );
});
`;

/**
 * HTTP clients in a worker thread, like separate client machines: a round sends `clients` GETs at
 * once and times each from the request to the last byte of its body, inside the worker.
 */
export class HttpClients {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (ms: number[]) => void; reject: (e: Error) => void }>();

  constructor(headers: Record<string, string>) {
    this.worker = new Worker(HTTP_CLIENT, { eval: true, workerData: { headers } });
    this.worker.on('message', (m: { id: number; ms?: number[]; error?: string }) => {
      const w = this.waiting.get(m.id)!;
      this.waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.ms!);
    });
    this.worker.on('error', (err) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    });
  }

  get(urls: string[]): Promise<number[]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, urls });
    });
  }

  /** A round of `clients` concurrent GETs of url(i), i distinct per request (negative in warm-up). */
  round(url: (i: number) => string, clients = 2): Round {
    return (round) => this.get(Array.from({ length: clients }, (_, c) => url(requestIndex(round, clients, c))));
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Node, CPU model, cores and memory, printed once at the start. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `Node.js ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown model'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, ${os.type()} ${os.release()}`;
}

/** The load average (1/5/15 min) over the CPU count; it counts this benchmark's own process and its database. */
export function loadLine(): string {
  const l = os.loadavg().map((v) => v.toFixed(2));
  return `load ${l.join(' / ')} (1/5/15 min) on ${os.cpus().length} CPUs`;
}

/** Busy and total CPU ticks of the whole machine (Linux /proc/stat), or null elsewhere. */
function cpuTicks(): { busy: number; total: number } | null {
  if (!existsSync('/proc/stat')) return null;
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((x, y) => x + y, 0);
  return { busy: total - f[3] - f[4], total };
}

/**
 * Runs a section between two lines giving the time, the load average and (on Linux) how busy the
 * machine's CPUs were during the section, and how much of that was this Node process.
 */
export async function section<T>(title: string, log: (s: string) => void, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const ticks0 = cpuTicks();
  const own0 = process.cpuUsage();
  log(`\n=== ${title}: start ${new Date().toISOString()}, ${loadLine()}`);
  try {
    return await run();
  } finally {
    const wall = performance.now() - t0;
    const ticks1 = cpuTicks();
    const own = process.cpuUsage(own0);
    const ownShare = (own.user + own.system) / 1000 / (wall * os.cpus().length);
    const busy =
      ticks0 && ticks1 && wall > 1000
        ? `, CPUs ${((100 * (ticks1.busy - ticks0.busy)) / Math.max(1, ticks1.total - ticks0.total)).toFixed(0)}% busy (this Node process ${(100 * ownShare).toFixed(0)}% of all CPUs; the rest is the database, the browser and other users)`
        : '';
    log(`=== ${title}: end ${new Date().toISOString()} after ${(wall / 1000).toFixed(0)} s, ${loadLine()}${busy}`);
  }
}
