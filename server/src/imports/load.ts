import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import { sql, type RawBuilder } from 'kysely';
import { FIELD_LIMITS, FIELD_VALUE_PATTERNS, type FieldType } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { SourceLayer } from './source.js';

/**
 * Staging an import (issue #10 §2). GDAL writes each source layer as CSV with WKT (dump.ts); the
 * database COPYs it into an unlogged table of the job's own, and SQL turns the text into geometries and
 * typed field values as the features are moved into their layer (commit.ts). No feature passes through
 * JavaScript, and nothing is in a layer until the one transaction that creates it.
 */

export type FeatureKind = 'point' | 'line' | 'polygon';

/** Measurement fields (spec 3 §9) whose values are lengths, converted with the Z when the file is in feet. */
const MEASUREMENT_FIELDS = ['elevation', 'altitude', 'antenna', 'depth'];
/** The international foot (exactly 0.3048 m), as the rest of the product converts feet. */
export const FOOT_METRES = 0.3048;

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

const STAGE_PREFIX = 'import_stage_';

/** The staging table of one source layer of a job (a name of ours: hex digits and an index). */
export const stageTable = (jobId: string, layerIndex: number) =>
  `${STAGE_PREFIX}${jobId.replace(/-/g, '')}_${layerIndex}`;

/** Staged column of the layer's i-th field. */
const column = (i: number) => `s${i}`;

/** Creates the (empty) staging table of a source layer: an order, the WKT, each field as text. */
export async function createStage(db: Executor, table: string, layer: SourceLayer): Promise<void> {
  const columns = layer.fields.map((_, i) => `, ${column(i)} text`).join('');
  await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
  await sql`CREATE UNLOGGED TABLE ${sql.id(table)} (ord bigint GENERATED ALWAYS AS IDENTITY, wkt text${sql.raw(columns)})`.execute(
    db,
  );
}

/** The names of a CSV header line (RFC 4180 quoting). */
export function csvHeader(line: string): string[] {
  const names: string[] = [];
  const pattern = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
  for (const m of line.matchAll(pattern)) names.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? ''));
  return names;
}

/** The header of GDAL's CSV and the byte where its rows start. */
async function csvSection(file: string): Promise<{ columns: string[]; start: number; size: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 1 << 20));
    await handle.read(head, 0, head.length, 0);
    const newline = head.indexOf(0x0a);
    if (newline < 0) throw new Error('the converted file has no header');
    return { columns: csvHeader(head.subarray(0, newline).toString('utf8')), start: newline + 1, size };
  } finally {
    await handle.close();
  }
}

/** COPYs the rows GDAL wrote for `layer` into its staging table; returns how many. */
export async function copyIntoStage(deps: Deps, table: string, layer: SourceLayer, csv: string): Promise<number> {
  const section = await csvSection(csv);
  if (section.start >= section.size) return 0;
  const targets = section.columns.map((name, i) => {
    if (i === 0) return 'wkt';
    const index = layer.fields.findIndex((f) => f.source === name);
    if (index < 0) throw new Error(`GDAL wrote a column the source did not describe: ${name}`);
    return column(index);
  });
  const data = (await openAsBlob(csv)).slice(section.start);
  return deps.copyFrom(`${table} (${targets.join(', ')})`, data, 'csv');
}

/** Drops every staging table of a job (after its commit, its failure, or a crash). */
export async function dropStages(db: Executor, jobId: string): Promise<void> {
  const tables = await stagesOf(db, jobId);
  for (const table of tables) await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
}

/** The staging tables a job has now. */
export async function stagesOf(db: Executor, jobId: string): Promise<string[]> {
  const r = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema() AND tablename LIKE ${`${STAGE_PREFIX}${jobId.replace(/-/g, '')}\\_%`}`.execute(
    db,
  );
  return r.rows.map((row) => row.name);
}

/** The kind of a staged WKT, read from its first word; NULL for none or a collection (skipped). */
export const kindOf = (
  wkt: RawBuilder<unknown>,
) => sql<FeatureKind | null>`CASE upper(substring(${wkt} from '^[A-Za-z]+'))
  WHEN 'POINT' THEN 'point' WHEN 'MULTIPOINT' THEN 'point'
  WHEN 'LINESTRING' THEN 'line' WHEN 'MULTILINESTRING' THEN 'line'
  WHEN 'POLYGON' THEN 'polygon' WHEN 'MULTIPOLYGON' THEN 'polygon' END`;

/**
 * A staged text column as the typed JSON value its field stores, or NULL when it does not fit: the
 * domain's FIELD_VALUE_PATTERNS and the limits of coerceFieldValue, in SQL. GDAL writes dates as
 * YYYY/MM/DD and offsets as +HH or +HHMM, normalised first. Feet columns become metres. Every cast is
 * behind its pattern and range check, so no value can make the statement fail.
 */
export function typedValue(type: FieldType, text: RawBuilder<unknown>, feet: boolean): RawBuilder<unknown> {
  const scale = feet ? sql` * ${FOOT_METRES}::float8` : sql``;
  const matches = (pattern: RegExp) => sql`${text} ~ ${pattern.source}`;
  switch (type) {
    case 'text':
      return sql`CASE WHEN length(${text}) <= ${FIELD_LIMITS.textMax} THEN to_jsonb(${text}) END`;
    case 'integer':
      return sql`CASE WHEN ${matches(FIELD_VALUE_PATTERNS.integer)} AND abs(${text}::numeric) <= ${Number.MAX_SAFE_INTEGER}
        THEN to_jsonb(${text}::${sql.raw(feet ? 'float8' : 'bigint')}${scale}) END`;
    case 'real':
      // Exponents of four digits and more would overflow numeric's range before the float8 check.
      return sql`CASE WHEN ${matches(FIELD_VALUE_PATTERNS.real)} AND ${text} !~ '[eE][+-]?\\d{4}'
        AND abs(${text}::numeric) <= ${Number.MAX_VALUE}::numeric THEN to_jsonb(${text}::float8${scale}) END`;
    case 'boolean':
      return sql`CASE lower(${text}) WHEN 't' THEN 'true'::jsonb WHEN 'true' THEN 'true'::jsonb WHEN '1' THEN 'true'::jsonb
        WHEN 'f' THEN 'false'::jsonb WHEN 'false' THEN 'false'::jsonb WHEN '0' THEN 'false'::jsonb END`;
    case 'date':
      return sql`CASE WHEN ${matches(FIELD_VALUE_PATTERNS.date)} THEN to_jsonb(translate(${text}, '/', '-')) END`;
    case 'datetime': {
      const iso = sql`regexp_replace(regexp_replace(regexp_replace(translate(${text}, '/ ', '-T'),
        '[+-]00(:?00)?$', 'Z'), '([+-]\\d{2})(\\d{2})$', '\\1:\\2'), '([+-]\\d{2})$', '\\1:00')`;
      return sql`CASE WHEN ${iso} ~ ${FIELD_VALUE_PATTERNS.datetime.source} THEN to_jsonb(${iso}) END`;
    }
  }
}

/** The staged columns of `layer` as its `field_values` object, and the number of values that did not fit. */
export function fieldValuesOf(
  layer: SourceLayer,
  feet: Set<string>,
): { values: RawBuilder<unknown>; bad: RawBuilder<number> } {
  if (!layer.fields.length) return { values: sql`'{}'::jsonb`, bad: sql<number>`0` };
  const typed = layer.fields.map((f, i) => typedValue(f.type, sql.ref(column(i)), feet.has(f.source.toLowerCase())));
  // jsonb_build_object takes at most 100 arguments: 50 fields per call, joined with ||.
  const parts: RawBuilder<unknown>[] = [];
  for (let from = 0; from < layer.fields.length; from += 50) {
    const pairs = layer.fields.slice(from, from + 50).map((f, k) => sql`${f.name}::text, ${typed[from + k]!}`);
    parts.push(sql`jsonb_build_object(${sql.join(pairs)})`);
  }
  const bad = typed.map((expr, i) => sql`(${sql.ref(column(i))} IS NOT NULL AND (${expr}) IS NULL)::int`);
  return { values: sql.join(parts, sql` || `), bad: sql<number>`${sql.join(bad, sql` + `)}` };
}
