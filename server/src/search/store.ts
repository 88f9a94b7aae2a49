import { sql, type RawBuilder } from 'kysely';
import { SEARCH_TRACK_TOTAL, type SearchQuery } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import {
  columnSource,
  columnText,
  layerIndependent,
  nameById,
  searchConditions,
  startingWith,
  type SearchLayer,
} from './conditions.js';
import { SEARCH_CONFIG, type PreparedText } from './text.js';
import { countedValueBuckets } from './value-counts.js';

/**
 * The search's SQL over `features`: which rows match (per layer, since field filters read each layer's
 * own fields), a page of them in order, how many, and per-layer counts. Rows are always a layer's
 * features that are not deleted; the caller decided which layers (./layers.ts).
 */

export interface Matching<L extends SearchLayer = SearchLayer> {
  layers: L[];
  query: SearchQuery;
  text: PreparedText;
}

const NUMBER = `^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]{1,3})?$`;

/** The rows of some layers that a query matches, one query per layer unless no condition reads a field. */
function branches(m: Matching, select: (layer: SearchLayer | null) => RawBuilder<unknown>): RawBuilder<unknown>[] {
  const where = (layerIds: string[], conditions: RawBuilder<unknown>[]) =>
    sql.join(
      [
        layerIds.length === 1 ? sql`f.layer_id = ${layerIds[0]}` : sql`f.layer_id = ANY(${layerIds}::uuid[])`,
        sql`f.deleted_at IS NULL`,
        ...conditions,
      ],
      sql` AND `,
    );
  if (m.layers.length > 1 && layerIndependent(m.query)) {
    // Text, box and quick filters read no field: one query over all the layers.
    const conditions = searchConditions(m.layers[0]!, m.query, m.text);
    return [
      sql`${select(null)} WHERE ${where(
        m.layers.map((l) => l.id),
        conditions,
      )}`,
    ];
  }
  return m.layers.map(
    (layer) => sql`${select(layer)} WHERE ${where([layer.id], searchConditions(layer, m.query, m.text))}`,
  );
}

const unionAll = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` UNION ALL `);

/** True when the query narrows nothing: a layer's whole attribute table. */
export const selectsEverything = (m: Matching) => searchConditions(m.layers[0]!, m.query, m.text).length === 0;

/**
 * How many rows match: exactly up to SEARCH_TRACK_TOTAL, past it 'gte' (an unnarrowed single layer is
 * counted exactly, through its id index).
 */
export async function countMatches(db: Executor, m: Matching): Promise<{ value: number; relation: 'eq' | 'gte' }> {
  if (!m.layers.length) return { value: 0, relation: 'eq' };
  const exact = m.layers.length === 1 && selectsEverything(m);
  const limit = exact ? sql`` : sql`LIMIT ${SEARCH_TRACK_TOTAL + 1}`;
  const rows = unionAll(branches(m, () => sql`(SELECT 1 FROM features f`).map((b) => sql`${b} ${limit})`));
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM (${rows}) u ${limit}) m`.execute(db);
  const n = Number(r.rows[0]?.n ?? 0);
  return n > SEARCH_TRACK_TOTAL && !exact
    ? { value: SEARCH_TRACK_TOTAL, relation: 'gte' }
    : { value: n, relation: 'eq' };
}

export interface PageRequest {
  offset: number;
  limit: number;
  orderBy?: string;
  direction: 'asc' | 'desc';
}

/** The sort key of a row: numbers and dates by value, text by its characters; absent values last. */
function sortKeys(layer: SearchLayer | null, orderBy: string | undefined) {
  if (!layer || !orderBy) return { num: sql`NULL::numeric`, text: sql`NULL::text` };
  const column = columnText(layer, orderBy);
  if (column.type === 'number')
    return {
      num: sql`(CASE WHEN ${column.text} ~ ${NUMBER} THEN (${column.text})::numeric END)`,
      text: sql`NULL::text`,
    };
  return { num: sql`NULL::numeric`, text: sql`(${column.text})::text` };
}

/** The query of a page: the matching rows with their sort keys (one part per layer or one for all) and their order. */
function pageParts(m: Matching, page: PageRequest) {
  const byColumn = !!page.orderBy && !['ogc_fid', '_id'].includes(page.orderBy.toLowerCase());
  const select = (layer: SearchLayer | null) => {
    const keys = sortKeys(layer, byColumn ? page.orderBy : undefined);
    return sql`SELECT f.id, f.layer_id, ${keys.num} AS sort_num, ${keys.text} AS sort_text FROM features f`;
  };
  // A sort by column needs each layer's own expression for it, so that case always queries per layer.
  const parts = byColumn
    ? m.layers.flatMap((layer) => branches({ ...m, layers: [layer] }, select))
    : branches(m, select);
  const dir = page.direction === 'desc' ? sql`DESC` : sql`ASC`;
  // Qualified: a bare "id" would name the text id of the output and sort "10" before "9".
  const order = (t: RawBuilder<unknown>) =>
    byColumn
      ? sql`${t}.sort_num ${dir} NULLS LAST, ${t}.sort_text ${dir} NULLS LAST, ${t}.id ${dir}`
      : sql`${t}.id ${dir}`;
  return { rows: unionAll(parts), order };
}

/** One page of matching feature ids (with their layer), in the requested order, then by id. */
export async function pageOfMatches(
  db: Executor,
  m: Matching,
  page: PageRequest,
): Promise<Array<{ id: string; layer_id: string }>> {
  if (!m.layers.length) return [];
  const { rows, order } = pageParts(m, page);
  const r = await sql<{ id: string; layer_id: string }>`
    SELECT m.id::text AS id, m.layer_id FROM (${rows}) m
    ORDER BY ${order(sql`m`)} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return r.rows;
}

/**
 * How many rows match (countMatches) and one page of them (pageOfMatches). A narrowed search reads its
 * matching rows once, up to SEARCH_TRACK_TOTAL + 1 with their sort keys, and counts and pages them in
 * the same statement: each matching row is fetched and its conditions evaluated once, not once for the
 * count and again for the page. Past SEARCH_TRACK_TOTAL matches the page is read on its own (it can
 * then stop early through an index); a layer's whole attribute table is counted exactly, beside its page.
 */
export async function matchesAndPage(
  db: Executor,
  m: Matching,
  page: PageRequest,
): Promise<{ total: { value: number; relation: 'eq' | 'gte' }; ids: Array<{ id: string; layer_id: string }> }> {
  if (!m.layers.length) return { total: { value: 0, relation: 'eq' }, ids: [] };
  if (m.layers.length === 1 && selectsEverything(m)) {
    const [total, ids] = await Promise.all([countMatches(db, m), pageOfMatches(db, m, page)]);
    return { total, ids };
  }
  const { rows, order } = pageParts(m, page);
  const r = await sql<{ n: string; id: string | null; layer_id: string | null }>`
    WITH m AS MATERIALIZED (SELECT * FROM (${rows}) u LIMIT ${SEARCH_TRACK_TOTAL + 1}),
      c AS (SELECT count(*) AS n FROM m)
    SELECT c.n, p.id::text AS id, p.layer_id FROM c
    LEFT JOIN LATERAL (SELECT m.* FROM m ORDER BY ${order(sql`m`)} LIMIT ${page.limit} OFFSET ${page.offset}) p ON true
    ORDER BY ${order(sql`p`)}`.execute(db);
  const n = Number(r.rows[0]?.n ?? 0);
  if (n > SEARCH_TRACK_TOTAL)
    return { total: { value: SEARCH_TRACK_TOTAL, relation: 'gte' }, ids: await pageOfMatches(db, m, page) };
  return {
    total: { value: n, relation: 'eq' },
    ids: r.rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, layer_id: row.layer_id! }])),
  };
}

/** Matches per layer id. */
export async function countsByLayer(db: Executor, m: Matching): Promise<Map<string, number>> {
  if (!m.layers.length) return new Map();
  const parts = branches(m, () => sql`SELECT f.layer_id FROM features f`);
  const r = await sql<{ layer_id: string; n: string }>`
    SELECT layer_id, count(*) AS n FROM (${unionAll(parts)}) m GROUP BY layer_id`.execute(db);
  return new Map(r.rows.map((row) => [row.layer_id, Number(row.n)]));
}

/**
 * The commonest values of one field among a layer's matches (ties by value), optionally only values
 * starting with `prefix`. A whole layer's come from the counts kept on write (./value-counts.ts).
 */
export async function fieldValueBuckets(
  db: Executor,
  m: Matching & { layers: [SearchLayer] },
  field: string,
  prefix: string | undefined,
  size: number,
): Promise<Array<{ key: string; n: number }>> {
  if (selectsEverything(m)) {
    const counted = await countedValueBuckets(db, m.layers[0], field, prefix, size);
    if (counted) return counted;
  }
  // A system or component groups by its id first: its name is looked up once per group, not per feature.
  const source = columnSource(m.layers[0], field);
  const named = source.kind === 'system' || source.kind === 'component' ? source.kind : null;
  const value =
    named === 'system'
      ? sql`f.system_id`
      : named === 'component'
        ? sql`f.component_id`
        : columnText(m.layers[0], field).text;
  const [rows] = branches(m, () => sql`SELECT ${value} AS k FROM features f`);
  const key = named ? nameById(named, sql`g.k`) : sql`g.k::text`;
  const r = await sql<{ key: string; n: string }>`
    SELECT key, n FROM (
      SELECT ${key} AS key, g.n FROM (SELECT k, count(*) AS n FROM (${rows!}) m WHERE k IS NOT NULL GROUP BY k) g
    ) v WHERE key IS NOT NULL ${startingWith(key, prefix)}
    ORDER BY n DESC, key LIMIT ${size}`.execute(db);
  return r.rows.map((row) => ({ key: row.key, n: Number(row.n) }));
}

/**
 * Values completing a typed text: features holding the text's words (GIN) give candidate values of
 * their fields and dictionary attributes; those holding the words are ranked by pg_trgm's word
 * similarity to the typed text (so "hydr" offers "Hydrant" before "Fire hydrant relocated"), then by
 * how many features carry them. Reading a bounded sample of candidates keeps it fast on common words.
 */
export async function suggestedValues(
  db: Executor,
  layerIds: string[],
  tsquery: string,
  typed: string,
  size: number,
): Promise<Array<{ text: string; field: string; layer_id: string }>> {
  if (!layerIds.length) return [];
  const r = await sql<{ text: string; field: string; layer_id: string }>`
    WITH candidates AS (
      SELECT f.layer_id, f.field_values, f.properties, f.attributes FROM features f
      WHERE f.layer_id = ANY(${layerIds}::uuid[]) AND f.deleted_at IS NULL AND f.search_text @@ ${tsquery}::tsquery
      LIMIT 1000
    ), vals AS (
      SELECT c.layer_id, e.key AS field, e.value AS text FROM candidates c,
        jsonb_each_text(CASE WHEN jsonb_typeof(c.field_values) = 'object' THEN c.field_values ELSE '{}' END) e
      UNION ALL
      SELECT c.layer_id, e.key, e.value FROM candidates c,
        jsonb_each_text(CASE WHEN jsonb_typeof(c.properties) = 'object' THEN c.properties ELSE '{}' END) e
      UNION ALL
      SELECT c.layer_id, a.name, av->>'attributeValue' FROM candidates c,
        jsonb_array_elements(CASE WHEN jsonb_typeof(c.attributes) = 'array' THEN c.attributes ELSE '[]' END) av
        JOIN attributes a ON a.id::text = av->>'attributeId'
    )
    SELECT text, field, min(layer_id::text) AS layer_id FROM vals
    WHERE text IS NOT NULL AND length(text) <= 200 AND to_tsvector(${SEARCH_CONFIG}, text) @@ ${tsquery}::tsquery
    GROUP BY text, field
    ORDER BY max(word_similarity(${typed}, text)) DESC, count(*) DESC, text
    LIMIT ${size}`.execute(db);
  return r.rows;
}

/** Hits' details for the ids of one layer: values, place and times. */
export async function hitRows(
  db: Executor,
  ids: string[],
  attributeValues: RawBuilder<unknown> | null,
): Promise<HitRow[]> {
  const r = await sql<HitRow>`
    SELECT f.id::text AS id, f.kind, f.layer_id, f.field_values, f.properties,
      ${attributeValues ?? sql`NULL::jsonb`} AS attribute_values,
      s.name AS system_name, c.alias AS component_alias,
      ST_Y(p.g) AS lat, ST_X(p.g) AS lon,
      ST_XMin(f.geom) AS xmin, ST_YMin(f.geom) AS ymin, ST_XMax(f.geom) AS xmax, ST_YMax(f.geom) AS ymax,
      ST_GeometryType(f.geom) AS geometry_type,
      to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created,
      to_char(f.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS modified
    FROM features f
    CROSS JOIN LATERAL (SELECT ST_PointOnSurface(ST_Force2D(f.geom)) AS g) p
    LEFT JOIN systems s ON s.id = f.system_id
    LEFT JOIN components c ON c.id = f.component_id
    WHERE f.id = ANY(${ids}::bigint[]) AND f.deleted_at IS NULL`.execute(db);
  return r.rows;
}

export interface HitRow {
  id: string;
  kind: string;
  layer_id: string;
  field_values: Record<string, string | number | boolean | null> | null;
  properties: Record<string, unknown> | null;
  attribute_values: Record<string, string | number | boolean | null> | null;
  system_name: string | null;
  component_alias: string | null;
  lat: number;
  lon: number;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
  geometry_type: string;
  created: string;
  modified: string;
}
