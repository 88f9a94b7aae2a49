import { performance } from 'node:perf_hooks';

export interface Row {
  name: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
  note?: string;
}

export function summarize(name: string, samples: number[], wallMs: number, note?: string): Row {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    name,
    n: samples.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1)!,
    perSecond: (samples.length / wallMs) * 1000,
    note,
  };
}

/** Runs `n` requests from `clients` concurrent clients; latency per request, throughput over the wall time. */
export async function concurrently(
  name: string,
  n: number,
  run: (i: number) => Promise<unknown>,
  clients = 2,
  note?: string,
): Promise<Row> {
  await run(-1); // warm-up (connections, JIT)
  const samples: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < n; i = next++) {
        const s = performance.now();
        await run(i);
        samples.push(performance.now() - s);
      }
    }),
  );
  return summarize(name, samples, performance.now() - t0, note);
}

export function printTable(title: string, rows: Row[]): string {
  const lines = [
    `\n${title}`,
    `${'measure'.padEnd(58)}${'n'.padStart(5)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'max ms'.padStart(10)}${'req/s'.padStart(9)}  note`,
  ];
  for (const r of rows) {
    lines.push(
      `${r.name.padEnd(58)}${String(r.n).padStart(5)}${r.p50.toFixed(1).padStart(10)}${r.p95.toFixed(1).padStart(10)}${r.max.toFixed(1).padStart(10)}${r.perSecond.toFixed(1).padStart(9)}  ${r.note ?? ''}`,
    );
  }
  const text = lines.join('\n');
  console.log(text);
  return text;
}

/** The HTTP load generator, run in a worker thread so reading responses does not share the server's event loop. */
const HTTP_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
(async () => {
  const { urls, headers, clients } = workerData;
  const get = async (url) => {
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(url + ' -> ' + res.status + ' ' + Buffer.from(body).toString().slice(0, 300));
  };
  await get(urls[0]); // warm-up (connections, JIT)
  const samples = [];
  let next = 1;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let i = next++; i < urls.length; i = next++) {
      const s = performance.now();
      await get(urls[i]);
      samples.push(performance.now() - s);
    }
  }));
  parentPort.postMessage({ samples, wall: performance.now() - t0 });
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

/**
 * `n` HTTP GETs (url(i) for i = 0..n-1, after one warm-up request with url(-1)) from `clients`
 * concurrent clients in a worker thread: like separate client machines, the clients' reading of large
 * responses does not slow the server being measured.
 */
export async function httpConcurrently(
  name: string,
  n: number,
  url: (i: number) => string,
  headers: Record<string, string>,
  clients = 2,
  note?: string,
): Promise<Row> {
  const { Worker } = await import('node:worker_threads');
  const urls = [url(-1), ...Array.from({ length: n }, (_, i) => url(i))];
  const result = await new Promise<{ samples: number[]; wall: number; error?: string }>((resolve, reject) => {
    const worker = new Worker(HTTP_CLIENT, { eval: true, workerData: { urls, headers, clients } });
    worker.once('message', (m) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
  if (result.error) throw new Error(result.error);
  return summarize(name, result.samples, result.wall, note);
}
