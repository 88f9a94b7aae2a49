import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { coerceFieldValue, type FieldValue } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { SourceLayer } from './source.js';

/**
 * Reading an import into `import_rows`: one short INSERT per batch and no transaction, so on the
 * embedded database other requests are served between batches while the file is parsed.
 */

export const STAGE_BATCH = 2000;
const RECORD_SEPARATOR = String.fromCharCode(0x1e);

export type FeatureKind = 'point' | 'line' | 'polygon';

const KIND_OF_GEOMETRY: Record<string, FeatureKind> = {
  Point: 'point',
  MultiPoint: 'point',
  LineString: 'line',
  MultiLineString: 'line',
  Polygon: 'polygon',
  MultiPolygon: 'polygon',
};

/** Measurement fields (spec 3 §9) whose values are lengths, converted with the Z when the file is in feet. */
const MEASUREMENT_FIELDS = ['elevation', 'altitude', 'antenna', 'depth'];
/** The international foot (exactly 0.3048 m), as the rest of the product converts feet. */
export const FOOT_METRES = 0.3048;

export interface StageOptions {
  jobId: string;
  layer: SourceLayer;
  convertFromFeet: boolean;
  measurementFields: string[];
  signal: AbortSignal;
  onBatch: (staged: number) => Promise<void>;
}

export interface StageResult {
  staged: number;
  /** Features without a geometry we can store (none, or a geometry collection). */
  skipped: number;
  /** Values that did not fit their field's type, stored as null. */
  badValues: number;
}

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

/** Stages the features of one GeoJSON text sequence file (source.ts) for `options.layer`. */
export async function stageFeatures(deps: Deps, file: string, options: StageOptions): Promise<StageResult> {
  const { layer } = options;
  const feet = feetFields(options.convertFromFeet, options.measurementFields);
  const result: StageResult = { staged: 0, skipped: 0, badValues: 0 };
  let kinds: string[] = [];
  let geometries: string[] = [];
  let values: string[] = [];
  const flush = async () => {
    if (!kinds.length) return;
    const first = result.staged;
    await sql`INSERT INTO import_rows (job_id, source_layer, ord, kind, geom, field_values)
      SELECT ${options.jobId}::uuid, ${layer.index}::int, ${first}::bigint + t.ord, t.kind,
        ST_SetSRID(ST_GeomFromGeoJSON(t.geojson), 4326), t.field_values
      FROM unnest(${kinds}::text[], ${geometries}::text[], ${values}::jsonb[])
        WITH ORDINALITY AS t(kind, geojson, field_values, ord)`.execute(deps.db);
    result.staged += kinds.length;
    kinds = [];
    geometries = [];
    values = [];
    await options.onBatch(result.staged);
  };
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (options.signal.aborted) throw options.signal.reason;
    // RFC 8142 record separators, when a writer adds them.
    const text = (line.startsWith(RECORD_SEPARATOR) ? line.slice(1) : line).trim();
    if (!text) continue;
    const feature = JSON.parse(text) as { geometry?: { type?: string } | null; properties?: Record<string, unknown> };
    const kind = feature.geometry?.type ? KIND_OF_GEOMETRY[feature.geometry.type] : undefined;
    if (!kind) {
      result.skipped += 1;
      continue;
    }
    const row: Record<string, FieldValue> = {};
    for (const field of layer.fields) {
      let raw = feature.properties?.[field.source];
      if (typeof raw === 'number' && feet.has(field.source.toLowerCase())) raw = raw * FOOT_METRES;
      const value = coerceFieldValue(field, raw);
      if (value === undefined) result.badValues += 1;
      row[field.name] = value ?? null;
    }
    kinds.push(kind);
    geometries.push(JSON.stringify(feature.geometry));
    values.push(JSON.stringify(row));
    if (kinds.length >= STAGE_BATCH) await flush();
  }
  await flush();
  return result;
}

export async function dropStagedRows(deps: Deps, jobId: string): Promise<void> {
  await deps.db.deleteFrom('import_rows').where('job_id', '=', jobId).execute();
}
