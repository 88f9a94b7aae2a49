import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { SourceLayer } from './source.js';
import { CsvRecords } from './csv-records.js';
import { StringDecoder } from 'node:string_decoder';
import { copyText, featureRowReader, type FeatureKind, type FeatureRowParts } from './feature-rows.js';
import { fgbRowReader } from './fgb-rows.js';
import { FgbReader, type FgbFeature } from './flatgeobuf.js';
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
  /** The row text before the geometry. */
  rowStart: string;
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

/**
 * COPYs chunks while the next is being built. On PostgreSQL two COPYs run at once, each on its own
 * connection (a database process, a core): once GDAL has written the file, the database's inserts
 * and index updates are all that is left, and one process would leave the other core idle. The
 * embedded database is one connection: one COPY at a time.
 */
class ChunkedCopy {
  private rows: string[] = [];
  private readonly inflight = new Set<Promise<void>>();
  private failure: unknown;
  private readonly parallel: number;

  constructor(
    private readonly deps: Deps,
    private readonly beforeCopy: () => Promise<void>,
  ) {
    this.parallel = deps.dbKind === 'postgres' ? 2 : 1;
  }

  /** Rows waiting for the next COPY. */
  size = 0;

  /** Adds a row given as its pieces, joined only when the chunk is sent (no string per row to collect). */
  push(start: string, geometryPrefix: string, geometry: string, values: string, end: string) {
    this.rows.push(start, geometryPrefix, geometry, '\t', values, end);
    this.size += 1;
  }

  private check() {
    if (this.failure) throw this.failure as Error;
  }

  async flush(): Promise<void> {
    while (this.inflight.size >= this.parallel) await Promise.race(this.inflight);
    this.check();
    if (!this.rows.length) return;
    await this.beforeCopy();
    // One string, encoded once: a Blob of many small strings encodes each on its own, several times slower.
    const data = Buffer.from(this.rows.join(''));
    this.rows = [];
    this.size = 0;
    const copy: Promise<void> = this.deps.copyFrom(FEATURE_COLUMNS, data, 'text').then(
      () => void this.inflight.delete(copy),
      (err: unknown) => {
        this.failure = err;
        this.inflight.delete(copy);
      },
    );
    this.inflight.add(copy);
  }

  async finish(): Promise<void> {
    await this.flush();
    await Promise.all(this.inflight);
    this.check();
  }
}

/** Turns the pieces of a converted file into feature rows as they arrive. */
interface RowSource {
  push(piece: Buffer): Array<FeatureRowParts | undefined>;
  end(): Array<FeatureRowParts | undefined>;
}

/** The rows of GDAL's CSV (its header first). */
function csvRows(source: SourceLayer, target: LoadTarget): RowSource {
  const decoder = new StringDecoder('utf8');
  const records = new CsvRecords();
  let reader: ((record: string[]) => FeatureRowParts | undefined) | undefined;
  const rows = (batch: string[][]) =>
    batch.flatMap((record) => {
      if (reader) return [reader(record)];
      reader = featureRowReader(source, record, target.feet, target.zInFeet);
      return [];
    });
  return {
    push: (piece) => rows(records.push(decoder.write(piece))),
    end: () => rows(records.push(decoder.end()).concat(records.end())),
  };
}

/** The rows of GDAL's FlatGeobuf. */
function flatGeobufRows(source: SourceLayer, target: LoadTarget): RowSource {
  const reader = new FgbReader();
  let rowOf: ((feature: FgbFeature) => FeatureRowParts | undefined) | undefined;
  return {
    push: (piece) => {
      const features = reader.push(piece);
      if (!reader.header) return [];
      rowOf ??= fgbRowReader(source, reader.header, target.feet, target.zInFeet);
      return features.map(rowOf);
    },
    end: () => [],
  };
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
  // Every row of a group starts and ends alike: organization, project, layer and kind; who made it.
  const rowEnd = `\t${target.accountId}\t${target.accountId}\n`;
  const skipped = new Map<number, number>();
  let badValues = 0;
  let read = 0;

  const take = async (source: SourceLayer, rows: Array<FeatureRowParts | undefined>) => {
    for (const row of rows) {
      read += 1;
      if (!row) {
        skipped.set(source.index, (skipped.get(source.index) ?? 0) + 1);
        continue;
      }
      badValues += row.badValues;
      const key = `${source.index}:${row.kind}`;
      let group = groups.get(key);
      if (!group) {
        const layerId = randomUUID();
        const rowStart = `${target.organizationId}\t${target.projectId}\t${layerId}\t${row.kind}\t`;
        group = { source, kind: row.kind, layerId, count: 0, rowStart };
        groups.set(key, group);
        unrecorded = true;
      }
      group.count += 1;
      copy.push(group.rowStart, row.geometryPrefix, row.geometry, copyText(row.values), rowEnd);
    }
    if (copy.size >= CHUNK_ROWS) {
      if (signal.aborted) throw signal.reason as Error;
      await copy.flush();
      await progress(read);
    }
  };

  for (const source of layers) {
    const file = await conversion.layerFile(source.index);
    const rows = file.endsWith('.fgb') ? flatGeobufRows(source, target) : csvRows(source, target);
    const before = read;
    for await (const piece of conversion.layerBytes(source.index)) await take(source, rows.push(piece));
    await take(source, rows.end());
    // GDAL leaves features without geometry out of FlatGeobuf: they count as skipped too.
    const missing = source.featureCount - (read - before);
    if (missing > 0) {
      skipped.set(source.index, (skipped.get(source.index) ?? 0) + missing);
      read += missing;
    }
  }
  await copy.finish();
  await progress(read);
  return { groups: [...groups.values()], skipped, badValues };
}
