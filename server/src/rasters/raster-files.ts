import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

/** Stored images younger than this may belong to an import about to create its layer. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes stored raster images no layer names any more (its layer, folder or project was deleted; the
 * database cascades but cannot remove files). Runs at each raster import, so the folder never keeps
 * more than one import's worth of dead images for long. Returns how many went.
 */
export async function removeOrphanRasters(db: Executor, dataDir: string, olderThanMs = ORPHAN_AGE_MS): Promise<number> {
  const folder = path.join(dataDir, 'files', 'rasters');
  const names = await readdir(folder).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const rows = await db
    .selectFrom('layers')
    .select(sql<string>`raster ->> 'file'`.as('file'))
    .where('raster', 'is not', null)
    .execute();
  const held = new Set(rows.map((r) => r.file));
  let removed = 0;
  for (const name of names) {
    if (held.has(path.join('rasters', name))) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (!info || Date.now() - info.mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
