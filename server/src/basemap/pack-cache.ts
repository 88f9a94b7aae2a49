import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { runThread } from '../platform/threads.js';
import { PLACES_PACKAGE, WATER_PACKAGES } from './pack-build.js';
import { BasemapPack } from './pack.js';
import { PACK_MAGIC } from './pack-format.js';

const require = createRequire(import.meta.url);

/**
 * Where the pack is kept: one file per machine for the installed package versions, so every server on
 * it (and every test server) builds it at most once. BASEMAP_CACHE_DIR moves it (a read-only system
 * temp, a shared volume).
 */
export function packFile(): string {
  const versions = [...WATER_PACKAGES, PLACES_PACKAGE]
    .map((p) => `${p}@${(require(`${p}/package.json`) as { version: string }).version}`)
    .join(',');
  const key = createHash('sha1').update(`${PACK_MAGIC}|${versions}`).digest('hex').slice(0, 12);
  const dir = process.env.BASEMAP_CACHE_DIR ?? path.join(os.tmpdir(), 'fieldbook-basemap');
  return path.join(dir, `pack-${key}.bin`);
}

let loading: Promise<BasemapPack> | undefined;

/** The basemap pack, built in a thread the first time on this machine, then read (once per process). */
export function basemapPack(): Promise<BasemapPack> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<BasemapPack> {
  const file = packFile();
  const existing = await readFile(file).catch(() => null);
  if (existing) return BasemapPack.read(existing);
  await mkdir(path.dirname(file), { recursive: true });
  await runThread<boolean>(
    new URL('./pack-thread.ts', import.meta.url),
    { file },
    { signal: new AbortController().signal },
  );
  return BasemapPack.read(await readFile(file));
}
