import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { uniqueNames } from '../attachments/download.js';
import { csvLine } from './csv-line.js';
import { where, type ExportLayer, type FeatureFilter } from './source.js';

/** Where the files go inside the export, and the table that joins them to the features' ogc_fid. */
export const ATTACHMENTS_DIR = 'attachments';
export const ATTACHMENTS_INDEX = 'attachments.csv';

interface ExportedFile {
  ogc_fid: string;
  layer: string;
  file_name: string;
  file_type: string;
  vertex: number | null;
  note: string | null;
  storage_key: string;
}

/**
 * Export request `exportAttachments` (spec 3 §3): each exported feature's live attachments, as stored,
 * under attachments/<ogc_fid>/, and attachments.csv naming each file with its feature's ogc_fid (the
 * exported layers' first column), layer, type, vertex and note — so a GIS user joins photos to points.
 * Files whose storage is gone (expired) are left out. Returns the number of files written.
 */
export async function writeExportAttachments(
  deps: Pick<Deps, 'db' | 'files'>,
  layers: readonly ExportLayer[],
  filter: FeatureFilter,
  outDir: string,
): Promise<number> {
  const rows: ExportedFile[] = [];
  for (const layer of layers) {
    const found = await sql<ExportedFile>`
      SELECT f.id::text AS ogc_fid, ${layer.name}::text AS layer, a.file_name, a.file_type, a.vertex,
             a.file_meta->>'note' AS note, a.storage_key
      FROM attachments a JOIN features f ON f.id = a.feature_id
      WHERE a.deleted_at IS NULL AND ${where(layer, null, filter)}
      ORDER BY f.id, a.created_at, a.file_name`.execute(deps.db);
    rows.push(...found.rows);
  }
  const index = [csvLine(['ogc_fid', 'layer', 'file', 'file_type', 'vertex', 'note'])];
  let written = 0;
  const byFeature = new Map<string, ExportedFile[]>();
  for (const row of rows) byFeature.set(row.ogc_fid, [...(byFeature.get(row.ogc_fid) ?? []), row]);
  for (const [fid, files] of byFeature) {
    const names = uniqueNames(files.map((f) => f.file_name));
    for (const [i, file] of files.entries()) {
      const stored = await deps.files.read(file.storage_key);
      if (!stored) continue;
      const relative = `${ATTACHMENTS_DIR}/${fid}/${names[i]}`;
      await mkdir(path.join(outDir, ATTACHMENTS_DIR, fid), { recursive: true });
      await pipeline(stored.stream, createWriteStream(path.join(outDir, relative)));
      index.push(csvLine([fid, file.layer, relative, file.file_type, file.vertex ?? '', file.note ?? '']));
      written++;
    }
  }
  if (written) await writeFile(path.join(outDir, ATTACHMENTS_DIR, ATTACHMENTS_INDEX), index.join(''));
  return written;
}
