import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { SourceLayer } from './source.js';
import { CsvRecords } from './csv-records.js';
import { StringDecoder } from 'node:string_decoder';
import { CopyBuffer } from './copy-buffer.js';
import { featureRowReader, type FeatureKind, type RowReader } from './feature-rows.js';
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
const CHUNK_ROWS = 10_000;

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
  /** The row's bytes before the geometry. */
  rowStart: Buffer;
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
  /** The rows of the chunk being built. */
  readonly out = new CopyBuffer();
  private readonly inflight = new Set<Promise<void>>();
  private failure: unknown;
  private readonly parallel: number;

  constructor(
    private readonly deps: Deps,
    private readonly beforeCopy: () => Promise<void>,
  ) {
    this.parallel = deps.dbKind === 'postgres' ? 2 : 1;
  }

  private check() {
    if (this.failure) throw this.failure as Error;
  }

  async flush(): Promise<void> {
    while (this.inflight.size >= this.parallel) await Promise.race(this.inflight);
    this.check();
    if (!this.out.rows) return;
    await this.beforeCopy();
    const data = this.out.take();
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

/** Writes the rows of the pieces of a converted file as they arrive. */
interface RowSource {
  /** Writes the rows completed by `piece` (`start` begins each); returns what each did (see RowReader). */
  push(piece: Buffer, write: (read: (out: CopyBuffer) => number | undefined) => void): void;
  end(write: (read: (out: CopyBuffer) => number | undefined) => void): void;
}

type Start = (kind: FeatureKind) => void;

/** The rows of GDAL's CSV (its header first). */
function csvRows(source: SourceLayer, target: LoadTarget, start: Start): RowSource {
  const decoder = new StringDecoder('utf8');
  const records = new CsvRecords();
  let reader: RowReader<string[]> | undefined;
  const rows = (batch: string[][], write: (read: (out: CopyBuffer) => number | undefined) => void) => {
    for (const record of batch) {
      if (!reader) reader = featureRowReader(source, record, target.feet, target.zInFeet);
      else write((out) => reader!(record, out, start));
    }
  };
  return {
    push: (piece, write) => rows(records.push(decoder.write(piece)), write),
    end: (write) => rows(records.push(decoder.end()).concat(records.end()), write),
  };
}

/** The rows of GDAL's FlatGeobuf. */
function flatGeobufRows(source: SourceLayer, target: LoadTarget, start: Start): RowSource {
  const reader = new FgbReader();
  let rowOf: RowReader<FgbFeature> | undefined;
  return {
    push: (piece, write) => {
      const features = reader.push(piece);
      if (!reader.header) return;
      rowOf ??= fgbRowReader(source, reader.header, target.feet, target.zInFeet);
      for (const feature of features) write((out) => rowOf!(feature, out, start));
    },
    end: () => undefined,
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
  const rowEnd = Buffer.from(`\t${target.accountId}\t${target.accountId}`);
  const skipped = new Map<number, number>();
  let badValues = 0;
  let read = 0;

  for (const source of layers) {
    let group: LoadedGroup | undefined;
    const start: Start = (kind) => {
      const key = `${source.index}:${kind}`;
      group = groups.get(key);
      if (!group) {
        const layerId = randomUUID();
        const rowStart = Buffer.from(`${target.organizationId}\t${target.projectId}\t${layerId}\t${kind}\t`);
        group = { source, kind, layerId, count: 0, rowStart };
        groups.set(key, group);
        unrecorded = true;
      }
      copy.out.bytes(group.rowStart);
    };
    const write = (row: (out: CopyBuffer) => number | undefined) => {
      read += 1;
      const bad = row(copy.out);
      if (bad === undefined) {
        skipped.set(source.index, (skipped.get(source.index) ?? 0) + 1);
        return;
      }
      badValues += bad;
      group!.count += 1;
      copy.out.bytes(rowEnd);
      copy.out.endRow();
    };
    const file = await conversion.layerFile(source.index);
    const rows = file.endsWith('.fgb') ? flatGeobufRows(source, target, start) : csvRows(source, target, start);
    const before = read;
    for await (const piece of conversion.layerBytes(source.index)) {
      rows.push(piece, write);
      if (copy.out.rows >= CHUNK_ROWS) {
        if (signal.aborted) throw signal.reason as Error;
        await copy.flush();
        await progress(read);
      }
    }
    rows.end(write);
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
