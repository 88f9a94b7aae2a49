import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { attributeValuesSql, columnJson, columnXmlText, type WfsColumn } from './wfs-columns.js';

/** WFS paging: at most this many features per GetFeature response (spec 3 §7: 3000 per page). */
export const WFS_PAGE_SIZE = 3000;

export interface FeatureQuery {
  layerId: string;
  /** lon/lat bounds in EPSG:4326. */
  bbox?: [number, number, number, number];
  featureIds?: string[];
  startIndex: number;
  count: number;
  /** Output SRID: 4326 or 3857. */
  srid: number;
  /** A compiled cql_filter (parameterized SQL on features f with s, c, ca joined). */
  filter?: RawBuilder<unknown>;
  /** propertyName: the properties to output (all when absent). */
  properties?: string[];
  /** The layer's typed columns (wfs-columns.ts), output after the fixed properties. */
  columns: WfsColumn[];
  /**
   * Keyset paging (OGC API): only ids after `afterId`, or the last `count` ids before `beforeId`.
   * The (layer_id, id) index finds the page directly, where OFFSET walks every skipped row.
   */
  afterId?: string;
  beforeId?: string;
  /** OGC API: the Feature's `id` is the bare number (GDAL takes an integer id as the FID; `/items/{id}` needs no kind). */
  numericIds?: boolean;
  /**
   * GeoJSON with the axes swapped: EPSG:4326 in its own latitude/longitude order (OGC API Part 2;
   * WFS GeoJSON when the request asked, explicitly or by default, for the EPSG:4326 URN).
   */
  latLon?: boolean;
}

/** The properties of a feature in WFS output, in order; `geometry` is the geometry property. */
export const WFS_PROPERTIES = [
  'geometry',
  'ogc_fid',
  'system',
  'component',
  'attributes',
  'created',
  'modified',
  'created_by_email',
] as const;
export const wants = (q: FeatureQuery, name: string) => !q.properties || q.properties.includes(name);

function where(q: FeatureQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`f.layer_id = ${q.layerId}`, sql`f.deleted_at IS NULL`];
  if (q.bbox) parts.push(sql`f.geom && ST_MakeEnvelope(${q.bbox[0]}, ${q.bbox[1]}, ${q.bbox[2]}, ${q.bbox[3]}, 4326)`);
  // An id list that named no valid id matches nothing (never the whole layer).
  if (q.featureIds)
    parts.push(
      q.featureIds.length ? sql`f.id IN (${sql.join(q.featureIds.map((id) => sql`${id}::bigint`))})` : sql`false`,
    );
  if (q.filter) parts.push(q.filter);
  if (q.afterId) parts.push(sql`f.id > ${q.afterId}::bigint`);
  if (q.beforeId) parts.push(sql`f.id < ${q.beforeId}::bigint`);
  return sql.join(parts, sql` AND `);
}

export async function countFeatures(db: Executor, q: FeatureQuery): Promise<number> {
  const r = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM features f ${q.filter ? FILTER_JOINS : sql``} WHERE ${where(q)}`.execute(db);
  return Number(r.rows[0].n);
}

const columns = sql`
  f.id, f.kind, f.created_at, f.updated_at, f.attributes, s.name AS system_name, c.alias AS component_alias,
  ca.email AS created_by_email`;
/** The typed columns' sources: field_values and, when the layer publishes dictionary attributes, their object. */
const columnSources = (q: FeatureQuery) =>
  sql`f.field_values, ${attributeValuesSql(q.columns) ?? sql`NULL::jsonb`} AS attribute_values`;
const wantedColumns = (q: FeatureQuery) => q.columns.filter((c) => wants(q, c.name));

/**
 * The properties object's text: the fixed properties by json_build_object, then each typed column
 * appended as text (`"name":<json>`), since one function call takes at most 100 arguments.
 */
function propertiesJson(q: FeatureQuery): RawBuilder<unknown> {
  const fixed = JSON_PROPERTIES.filter(([k]) => wants(q, k));
  const base = fixed.length
    ? sql`json_build_object(${sql.join(fixed.map(([k, e]) => sql`${sql.lit(k)}, ${e}`))})::text`
    : sql`'{}'`;
  const extra = wantedColumns(q);
  if (extra.length === 0) return base;
  const parts = extra.map(
    (c, i) =>
      sql`${(i > 0 || fixed.length ? ',' : '') + JSON.stringify(c.name) + ':'}::text || coalesce((${columnJson(c, 'p')})::text, 'null')`,
  );
  return sql`left(${base}, -1) || ${sql.join(parts, sql` || `)} || '}'`;
}
/** What a compiled filter (cql-sql.ts) may refer to besides `features f`. */
export const FILTER_JOINS = sql`
  LEFT JOIN systems s ON s.id = f.system_id
  LEFT JOIN components c ON c.id = f.component_id
  LEFT JOIN accounts ca ON ca.id = f.created_by`;

const JSON_PROPERTIES: Array<[string, RawBuilder<unknown>]> = [
  ['ogc_fid', sql`p.id`],
  ['system', sql`p.system_name`],
  ['component', sql`p.component_alias`],
  ['attributes', sql`p.attributes::text`],
  ['created', sql`p.created_at`],
  ['modified', sql`p.updated_at`],
  ['created_by_email', sql`p.created_by_email`],
];

/**
 * A page of a layer as one GeoJSON FeatureCollection string, built in SQL (no per-feature objects in
 * JS) by concatenating text: ST_AsGeoJSON's text goes in as it is, not parsed again as json, which
 * saved a fifth of the query's time. In a stable order (by id) so paging with startIndex is exact. The page is cut from the features
 * table alone (with the matched count as a window when the rows are narrowed, saving a second query)
 * and only its rows are joined and serialized. `matched` is null when the caller must count; a keyset
 * page never counts (its window would see only the rows past the cursor). `first`/`last` are the
 * page's lowest and highest ids (null when empty), the cursors of the neighbouring pages.
 */
export async function featureCollectionJson(
  db: Executor,
  q: FeatureQuery,
): Promise<{ json: string; matched: number | null; returned: number; first: string | null; last: string | null }> {
  const projected = q.srid === 4326 ? sql`f.geom` : sql`ST_Transform(f.geom, ${q.srid}::int)`;
  const geom = q.latLon ? sql`ST_FlipCoordinates(${projected})` : projected;
  // A bbox, id list or filter narrows the rows: count them in the same scan, and order by an
  // expression so the planner reads the narrowing index rather than walking the primary key (a
  // LIMIT 1 page once took 580 ms that way on a million points). A whole-layer page keeps the key order.
  const narrowed = !!(q.bbox || q.filter || q.featureIds);
  const keyset = !!(q.afterId || q.beforeId);
  // A page before a cursor is the last `count` rows below it: read downwards, aggregated upwards.
  const direction = q.beforeId ? sql`DESC` : sql`ASC`;
  const id = q.numericIds ? sql`p.id::text` : sql`'"' || p.kind || '.' || p.id || '"'`;
  const r = await sql<{
    fc: string;
    matched: string | null;
    returned: string;
    first: string | null;
    last: string | null;
  }>`
    SELECT max(p.matched)::text AS matched, count(*)::text AS returned, min(p.id)::text AS first, max(p.id)::text AS last,
      '{"type":"FeatureCollection","features":[' || coalesce(string_agg(
        '{"type":"Feature","id":' || ${id} || ',"geometry":' || ${wants(q, 'geometry') ? sql`coalesce(ST_AsGeoJSON(p.g, 9), 'null')` : sql`'null'`}
        || ',"properties":' || ${propertiesJson(q)} || '}',
        ',' ORDER BY p.id), '') || ']}' AS fc
    FROM (
      SELECT ${columns}, ${columnSources(q)}, ${geom} AS g, f.matched
      FROM (SELECT f.id, f.kind, f.geom, f.attributes, f.field_values, f.created_at, f.updated_at, f.system_id, f.component_id, f.created_by, ${narrowed && !keyset ? sql`count(*) OVER ()` : sql`NULL::bigint`} AS matched FROM features f ${q.filter ? FILTER_JOINS : sql``} WHERE ${where(q)}
            ORDER BY ${narrowed ? sql`f.id + 0` : sql`f.id`} ${direction} LIMIT ${q.count} OFFSET ${q.startIndex}) f
      ${FILTER_JOINS}
    ) p`.execute(db);
  const row = r.rows[0];
  return {
    json: row.fc,
    matched: row.matched === null ? null : Number(row.matched),
    returned: Number(row.returned),
    first: row.first,
    last: row.last,
  };
}

export interface GmlRow {
  id: string;
  kind: string;
  gml: string;
  system_name: string | null;
  component_alias: string | null;
  attributes: unknown;
  created_at: Date;
  updated_at: Date;
  created_by_email: string | null;
  /** The typed columns as GML property elements, built in SQL. */
  columns_xml: string;
}

/** Each wanted typed column as `<fb:name>text</fb:name>` or a nil element, concatenated in SQL. */
function columnsXml(q: FeatureQuery): RawBuilder<unknown> {
  const extra = wantedColumns(q);
  if (extra.length === 0) return sql`''`;
  return sql.join(
    extra.map(
      (c) =>
        sql`coalesce(${`\n    <fb:${c.name}>`}::text || ${columnXmlText(c, 'p')} || ${`</fb:${c.name}>`}::text, ${`\n    <fb:${c.name} xsi:nil="true"/>`}::text)`,
    ),
    sql` || `,
  );
}

/** A page as GML 3.2 geometries (EPSG:4326 with lat/lon axis order as WFS 2.0 requires for the URN). */
export async function gmlRows(db: Executor, q: FeatureQuery): Promise<GmlRow[]> {
  const gml =
    q.srid === 4326
      ? sql`ST_AsGML(3, f.geom, 9, 17, 'gml', 'g.' || f.id)`
      : sql`ST_AsGML(3, ST_Transform(f.geom, ${q.srid}::int), 9, 1, 'gml', 'g.' || f.id)`;
  const r = await sql<GmlRow>`SELECT p.*, ${columnsXml(q)} AS columns_xml FROM (
      SELECT ${columns}, ${columnSources(q)}, ${gml} AS gml FROM features f ${FILTER_JOINS} WHERE ${where(q)} ORDER BY f.id LIMIT ${q.count} OFFSET ${q.startIndex}
    ) p ORDER BY p.id`.execute(db);
  return r.rows;
}

/** A layer's extent (EPSG:4326) and feature count from one aggregate over its rows; null extent when empty. */
export async function layerExtentAndCount(
  db: Executor,
  layerId: string,
): Promise<{ extent: [number, number, number, number] | null; count: number; systems: string[] }> {
  // One scan gives the extent, the count and the dictionary systems present (the legend lists those).
  const r = await sql<{
    minx: number | null;
    miny: number;
    maxx: number;
    maxy: number;
    n: string;
    systems: string[] | null;
  }>`
    SELECT ST_XMin(e) AS minx, ST_YMin(e) AS miny, ST_XMax(e) AS maxx, ST_YMax(e) AS maxy, n, systems
    FROM (SELECT ST_Extent(geom)::geometry AS e, count(*) AS n,
                 array_agg(DISTINCT system_id) FILTER (WHERE system_id IS NOT NULL) AS systems
          FROM features WHERE layer_id = ${layerId} AND deleted_at IS NULL) x`.execute(db);
  const e = r.rows[0];
  return {
    extent: e && e.minx !== null ? [Number(e.minx), Number(e.miny), Number(e.maxx), Number(e.maxy)] : null,
    count: Number(e?.n ?? 0),
    systems: e?.systems ?? [],
  };
}

export async function layerExtent(db: Executor, layerId: string): Promise<[number, number, number, number] | null> {
  return (await layerExtentAndCount(db, layerId)).extent;
}
