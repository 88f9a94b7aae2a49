import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { SourceLayer } from './source.js';
import { CsvRecords } from './csv-records.js';
import { copyText, featureRowReader, type FeatureKind } from './feature-rows.js';
import type { Conversion } from './conversion.js';
import { recordPendingLayers } from './pending.js';

/**
 * Loading an import (issue #10 §2). GDAL writes each source layer as CSV (convert-thread.ts); as the
 * file grows, its records become feature rows (feature-rows.ts) that are COPYed straight into
 * `features` in chunks, under the ids of layers that do not exist yet. Every read of features goes
 * through its layer, so these rows are seen by no one until commit.ts creates their layers in one
 * short transaction; a failed import deletes them (pending.ts). Chunks keep the embedded database
 * free for other requests between them, and let the jobs panel show the progress.
 */

/** Measurement fields (spec 3 §9) whose values are lengths, converted with the Z when the file is in feet. */
const MEASUREMENT_FIELDS = ['elevation', 'altitude', 'antenna', 'depth'];

/** The source columns (lower case) whose numbers are feet, converted to metres on import. */
export function feetFields(convertFromFeet: boolean, measurementFields: string[]): Set<string> {
  if (!convertFromFeet) return new Set();
  return new Set((measurementFields.length ? measurementFields : MEASUREMENT_FIELDS).map((f) => f.toLowerCase()));
}

/** A whole number of feet is a fraction of metres: its integer field becomes real. */
export function withMetreFields(layer: SourceLayer, feet: Set<string>): SourceLayer {
  if (!feet.size) return layer;
  const fields = layer.fields.map((f) =>
    f.type === 'integer' && feet.has(f.source.toLowerCase()) ? { ...f, type: 'real' as const } : f,
  );
  return { ...layer, fields };
}

/** Rows per COPY: large enough to stream at full speed, small enough to let other requests in. */
const CHUNK_ROWS = 20_000;

const FEATURE_COLUMNS =
  'features (organization_id, project_id, layer_id, kind, geom, field_values, created_by, updated_by)';

export interface LoadTarget {
  jobId: string;
  organizationId: string;
  projectId: string;
  accountId: string;
  /** Source columns (lower case) in feet, and whether Z values are feet too. */
  feet: Set<string>;
  zInFeet: boolean;
}

/** The features of one source layer of one kind: one new layer (pending until commit). */
export interface LoadedGroup {
  source: SourceLayer;
  kind: FeatureKind;
  layerId: string;
  count: number;
}

export interface LoadProgress {
  /** Records read so far (loaded or skipped). */
  (read: number): Promise<void>;
}

export interface LoadResult {
  groups: LoadedGroup[];
  /** Records without a point, line or polygon, per source layer index. */
  skipped: Map<number, number>;
  badValues: number;
}

/** COPYs chunks one after the other, building the next while the database works on the last. */
class ChunkedCopy {
  private rows: string[] = [];
  private inflight: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(
    private readonly deps: Deps,
    private readonly beforeCopy: () => Promise<void>,
  ) {}

  get size() {
    return this.rows.length;
  }

  push(row: string) {
    this.rows.push(row);
  }

  async flush(): Promise<void> {
    await this.inflight;
    if (this.failure) throw this.failure as Error;
    if (!this.rows.length) return;
    await this.beforeCopy();
    const data = new Blob(this.rows);
    this.rows = [];
    this.inflight = this.deps.copyFrom(FEATURE_COLUMNS, data, 'text').then(
      () => undefined,
      (err: unknown) => {
        this.failure = err;
      },
    );
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.inflight;
    if (this.failure) throw this.failure as Error;
  }
}

/** Reads every converted layer as GDAL writes it and COPYs its features in; returns what was loaded. */
export async function loadConversion(
  deps: Deps,
  conversion: Conversion,
  layers: SourceLayer[],
  target: LoadTarget,
  progress: LoadProgress,
  signal: AbortSignal,
): Promise<LoadResult> {
  const groups = new Map<string, LoadedGroup>();
  let unrecorded = false;
  const copy = new ChunkedCopy(deps, async () => {
    if (!unrecorded) return;
    // A layer id is on the job before any row carries it, so a failure (or a crash) finds its rows.
    await recordPendingLayers(
      deps.db,
      target.jobId,
      [...groups.values()].map((g) => g.layerId),
    );
    unrecorded = false;
  });
  const fixed = [target.organizationId, target.projectId];
  const account = target.accountId;
  const skipped = new Map<number, number>();
  let badValues = 0;
  let read = 0;

  for (const source of layers) {
    const records = new CsvRecords();
    let reader: ReturnType<typeof featureRowReader> | undefined;
    const take = async (batch: string[][]) => {
      for (const record of batch) {
        if (!reader) {
          reader = featureRowReader(source, record, target.feet, target.zInFeet);
          continue;
        }
        read += 1;
        const row = reader(record);
        if (!row) {
          skipped.set(source.index, (skipped.get(source.index) ?? 0) + 1);
          continue;
        }
        badValues += row.badValues;
        const key = `${source.index}:${row.kind}`;
        let group = groups.get(key);
        if (!group) {
          group = { source, kind: row.kind, layerId: randomUUID(), count: 0 };
          groups.set(key, group);
          unrecorded = true;
        }
        group.count += 1;
        copy.push(
          `${fixed[0]}\t${fixed[1]}\t${group.layerId}\t${row.kind}\t${row.geometry}\t${copyText(row.values)}\t${account}\t${account}\n`,
        );
        if (copy.size >= CHUNK_ROWS) {
          if (signal.aborted) throw signal.reason as Error;
          await copy.flush();
          await progress(read);
        }
      }
    };
    for await (const text of conversion.layerText(source.index)) await take(records.push(text));
    await take(records.end());
  }
  await copy.finish();
  await progress(read);
  return { groups: [...groups.values()], skipped, badValues };
}
