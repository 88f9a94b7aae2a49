import { sql, type RawBuilder } from 'kysely';
import {
  dateBounds,
  type SearchBoundingBox,
  type SearchDataType,
  type SearchFieldFilter,
  type SearchQuery,
} from '@fieldbook/domain';
import type { PreparedText } from './text.js';

/**
 * A search query (spec 3 §3) as SQL conditions over one layer's `features f` rows: what the search
 * panel lists and what an export of a search writes. Every value is compared through guarded text, so
 * a stray value never makes PostgreSQL fail a cast. Free text is prepared first (./text.ts).
 */

/** What the conditions need of a layer: its typed fields and whether dictionary values apply. */
export interface SearchLayer {
  id: string;
  fields: Array<{ name: string; type: string; order: number }>;
  /** The project's dictionary when the layer's features are classified by it. */
  dictionaryId: string | null;
  /**
   * The free-property names its features hold, when known (./layers.ts): a dictionary column whose name
   * is not among them is read from attributes alone, so its equality can use the attributes index.
   */
  propertyNames?: readonly string[];
}

const NUMBER = `^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]{1,3})?$`;

const TYPE_OF_FIELD: Record<string, SearchDataType> = {
  text: 'text',
  integer: 'number',
  real: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'date',
};

const asObject = (column: RawBuilder<unknown>) =>
  sql`CASE WHEN jsonb_typeof(${column}) = 'object' THEN ${column} ELSE '{}'::jsonb END`;
const asArray = (column: RawBuilder<unknown>) =>
  sql`CASE WHEN jsonb_typeof(${column}) = 'array' THEN ${column} ELSE '[]'::jsonb END`;

/** The name of a system or component by its id, looked up in its small table. */
export const nameById = (kind: 'system' | 'component', id: RawBuilder<unknown>) =>
  kind === 'system'
    ? sql<string>`(SELECT s.name FROM systems s WHERE s.id = ${id})`
    : sql<string>`(SELECT c.alias FROM components c WHERE c.id = ${id})`;
const isoUtc = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Where a column of the search reads its value; unknown names read dictionary values, then properties. */
export type ColumnSource =
  | { kind: 'field'; key: string; type: SearchDataType }
  | { kind: 'computed'; column: 'ogc_fid' | 'created' | 'modified' }
  | { kind: 'system' | 'component' }
  | { kind: 'property'; key: string }
  | { kind: 'dictionary'; name: string; dictionaryId: string };

export function columnSource(layer: SearchLayer, name: string): ColumnSource {
  const lower = name.toLowerCase();
  const field = layer.fields.find((f) => f.name === name) ?? layer.fields.find((f) => f.name.toLowerCase() === lower);
  if (field) return { kind: 'field', key: field.name, type: TYPE_OF_FIELD[field.type] ?? 'text' };
  switch (lower) {
    case 'ogc_fid':
    case '_id':
      return { kind: 'computed', column: 'ogc_fid' };
    case 'system':
    case 'component':
      return { kind: lower };
    case 'created':
    case 'modified':
      return { kind: 'computed', column: lower };
  }
  return layer.dictionaryId
    ? { kind: 'dictionary', name, dictionaryId: layer.dictionaryId }
    : { kind: 'property', key: name };
}

/**
 * The ids of the attributes of that name in a dictionary, looked up once per statement (an uncorrelated
 * subquery is an InitPlan): each feature then only compares its attribute ids with them. Joining
 * `attributes` per feature (by a text cast, so without its index) took ~0.1 ms a feature.
 */
export const attributeIdsNamed = (dictionaryId: string, name: string) =>
  sql`(SELECT coalesce(array_agg(a.id::text), '{}') FROM attributes a
    JOIN components c ON c.id = a.component_id JOIN systems s ON s.id = c.system_id
    WHERE s.dictionary_id = ${dictionaryId} AND a.name = ${name})::text[]`;

const propertyText = (key: string) => sql`${asObject(sql`f.properties`)}->>${key}`;

/** The text of a column of the feature and the type it compares as. */
function fieldOf(layer: SearchLayer, name: string): { text: RawBuilder<unknown>; type: SearchDataType } {
  const source = columnSource(layer, name);
  switch (source.kind) {
    case 'field':
      return { text: sql`f.field_values->>${source.key}`, type: source.type };
    case 'computed':
      if (source.column === 'ogc_fid') return { text: sql`f.id::text`, type: 'number' };
      return { text: isoUtc(source.column === 'created' ? sql`f.created_at` : sql`f.updated_at`), type: 'date' };
    case 'system':
      return { text: nameById('system', sql`f.system_id`), type: 'text' };
    case 'component':
      return { text: nameById('component', sql`f.component_id`), type: 'text' };
    case 'property':
      return { text: propertyText(source.key), type: 'text' };
    case 'dictionary': {
      const dictionary = sql`(SELECT av->>'attributeValue' FROM jsonb_array_elements(${asArray(sql`f.attributes`)}) av
        WHERE av->>'attributeId' = ANY(${attributeIdsNamed(source.dictionaryId, source.name)}) LIMIT 1)`;
      return { text: sql`coalesce(${dictionary}, ${propertyText(source.name)})`, type: 'text' };
    }
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (value: string) => `%${escapeLike(value)}%`;

/** `AND lower(text) LIKE 'prefix%'` for values starting with a typed prefix (any case); nothing without one. */
export const startingWith = (text: RawBuilder<unknown>, prefix: string | undefined) =>
  prefix ? sql`AND lower(${text}) LIKE ${`${escapeLike(prefix.toLowerCase())}%`}` : sql``;

function numberOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function booleanOf(value: unknown): 'true' | 'false' | null {
  const text = String(value).toLowerCase();
  return text === 'true' || text === '1' ? 'true' : text === 'false' || text === '0' ? 'false' : null;
}

type Bound = (value: unknown) => RawBuilder<unknown> | null;

/** The filter's operation from its bounds; a value that does not fit the type matches nothing. */
function compare(f: SearchFieldFilter, lower: Bound, upper: Bound, equal: Bound): RawBuilder<unknown> {
  const orFalse = (part: RawBuilder<unknown> | null) => part ?? sql`false`;
  switch (f.operation) {
    case 'eq':
      return orFalse(equal(f.value));
    case 'ne':
      return sql`NOT coalesce(${orFalse(equal(f.value))}, false)`;
    case 'gte':
      return orFalse(lower(f.value));
    case 'lte':
      return orFalse(upper(f.value));
    case 'between':
      return sql`(${orFalse(lower(f.from))} AND ${orFalse(upper(f.to))})`;
    case 'like':
      return sql`false`;
  }
}

/** A bound built from the filter value read by `read`; null (matching nothing) when it does not read. */
const bound =
  <T>(read: (value: unknown) => T | null, build: (p: T) => RawBuilder<unknown> | null): Bound =>
  (value) => {
    const p = read(value);
    return p === null ? null : build(p);
  };

function fieldCondition(layer: SearchLayer, f: SearchFieldFilter): RawBuilder<unknown> {
  const field = fieldOf(layer, f.field);
  const type = f.dataType ?? field.type;
  const v = field.text;
  // A like on a field that is no text compares its text (the panel offers like on text fields only).
  if (f.operation === 'like') return sql`${v} ILIKE ${likePattern(String(f.value))}`;
  if (type === 'number') {
    const n = sql`(CASE WHEN ${v} ~ ${NUMBER} THEN (${v})::numeric END)`;
    return compare(
      f,
      bound(numberOf, (p) => sql`${n} >= ${p}::numeric`),
      bound(numberOf, (p) => sql`${n} <= ${p}::numeric`),
      bound(numberOf, (p) => sql`${n} = ${p}::numeric`),
    );
  }
  if (type === 'date') {
    const after = bound(dateBounds, (b) => sql`${v} >= ${b.first}`);
    const before = bound(dateBounds, (b) => (b.lastInclusive ? sql`${v} <= ${b.last}` : sql`${v} < ${b.last}`));
    const within = (x: unknown) => {
      const [a, b] = [after(x), before(x)];
      return a && b && sql`(${a} AND ${b})`;
    };
    return compare(f, after, before, within);
  }
  if (type === 'boolean') {
    const none = () => null;
    return compare(
      f,
      none,
      none,
      bound(booleanOf, (p) => sql`lower(${v}) = ${p}`),
    );
  }
  const textOf = (x: unknown) => (x === undefined ? null : String(x));
  const source = columnSource(layer, f.field);
  if (f.operation === 'eq' && f.value !== undefined && source.kind === 'dictionary') {
    const indexed = attributeValueIndexed(layer, source.name, String(f.value));
    if (indexed) return sql`(${indexed} AND ${v} = ${String(f.value)})`;
  }
  return compare(
    f,
    bound(textOf, (p) => sql`${v} >= ${p}`),
    bound(textOf, (p) => sql`${v} <= ${p}`),
    bound(textOf, (p) => sql`${v} = ${p}`),
  );
}

/**
 * Features holding an attribute of this text value, through the attributes index (migration 022): a
 * superset (any attribute of that value) the exact condition then narrows. A number's text also matches
 * the number stored as one. Null when features of the layer may hold the column as a free property
 * instead, or when which names they hold is not known.
 */
function attributeValueIndexed(layer: SearchLayer, name: string, value: string): RawBuilder<unknown> | null {
  if (!layer.propertyNames || layer.propertyNames.includes(name)) return null;
  const alternatives = [`@.attributeValue == ${JSON.stringify(value)}`];
  if (new RegExp(NUMBER).test(value.trim()) && Number.isFinite(Number(value)))
    alternatives.push(`@.attributeValue == ${Number(value)}`);
  if (value === 'true' || value === 'false') alternatives.push(`@.attributeValue == ${value}`);
  // The index leaves out features without attributes; saying so lets PostgreSQL use it.
  return sql`(f.attributes <> '[]'::jsonb AND f.attributes @? ${`$[*] ? (${alternatives.join(' || ')})`}::jsonpath)`;
}

function boxCondition(box: SearchBoundingBox): RawBuilder<unknown> {
  const { topLeft: tl, bottomRight: br } = box;
  const envelope = (west: number, east: number) =>
    sql`ST_Intersects(f.geom, ST_MakeEnvelope(${west}::float8, ${br.lat}::float8, ${east}::float8, ${tl.lat}::float8, 4326))`;
  // A box whose west edge is east of its east edge crosses the antimeridian.
  return tl.lon <= br.lon ? envelope(tl.lon, br.lon) : sql`(${envelope(tl.lon, 180)} OR ${envelope(-180, br.lon)})`;
}

/** The attachment kinds of the quick filters (spec §3), as File_List entries of the feature's metadata. */
const QUICK_FILTERS = [
  ['hasPhotos', ['Photo']],
  ['hasFiles', ['File']],
  ['hasForms', ['Form']],
] as const;

function attachmentCondition(types: readonly string[]): RawBuilder<unknown> {
  const kinds = types.map((t) => `@.File_Type == "${t}"`).join(' || ');
  return sql`jsonb_path_exists(f.metadata, ${`lax $.File_List[*] ? (${kinds})`}::jsonpath)`;
}

/**
 * Every word of the free text in the feature: in its search words (migration 019, GIN-indexed), or
 * naming its system or component. Words with nothing to search by match nothing.
 */
function textCondition(text: PreparedText): RawBuilder<unknown>[] {
  return text.words.map((w) => {
    if (!w.tsquery) return sql`false`;
    const alternatives = [sql`f.search_text @@ ${w.tsquery}::tsquery`];
    if (w.systemIds.length) alternatives.push(sql`f.system_id = ANY(${w.systemIds}::uuid[])`);
    if (w.componentIds.length) alternatives.push(sql`f.component_id = ANY(${w.componentIds}::uuid[])`);
    return sql`(${sql.join(alternatives, sql` OR `)})`;
  });
}

/** The query's conditions on one layer's features (none when it selects everything). */
export function searchConditions(layer: SearchLayer, query: SearchQuery, text: PreparedText): RawBuilder<unknown>[] {
  const parts = textCondition(text);
  for (const filter of query.filters ?? [])
    parts.push(sql`(${filter.type === 'bb' ? boxCondition(filter) : fieldCondition(layer, filter)})`);
  for (const [flag, types] of QUICK_FILTERS) if (query[flag]) parts.push(attachmentCondition(types));
  return parts;
}

/** Conditions that read no layer field, so one query can count many layers at once. */
export const layerIndependent = (query: SearchQuery): boolean => (query.filters ?? []).every((f) => f.type === 'bb');

/** The text of a column for sorting or aggregating, and the type it compares as. */
export const columnText = (layer: SearchLayer, name: string) => fieldOf(layer, name);
