import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';

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
}

function where(q: FeatureQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`f.layer_id = ${q.layerId}`, sql`f.deleted_at IS NULL`];
  if (q.bbox) parts.push(sql`f.geom && ST_MakeEnvelope(${q.bbox[0]}, ${q.bbox[1]}, ${q.bbox[2]}, ${q.bbox[3]}, 4326)`);
  if (q.featureIds?.length) parts.push(sql`f.id IN (${sql.join(q.featureIds.map((id) => sql`${id}::bigint`))})`);
  return sql.join(parts, sql` AND `);
}

export async function countFeatures(db: Executor, q: FeatureQuery): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM features f WHERE ${where(q)}`.execute(db);
  return Number(r.rows[0].n);
}

const columns = sql`
  f.id, f.kind, f.created_at, f.updated_at, f.attributes, s.name AS system_name, c.alias AS component_alias,
  ca.email AS created_by_email`;
const joins = sql`
  LEFT JOIN systems s ON s.id = f.system_id
  LEFT JOIN components c ON c.id = f.component_id
  LEFT JOIN accounts ca ON ca.id = f.created_by`;

/**
 * A page of a layer as one GeoJSON FeatureCollection string, built in SQL (no per-feature objects in
 * JS), in a stable order (by id) so paging with startIndex is exact.
 */
export async function featureCollectionJson(db: Executor, q: FeatureQuery): Promise<string> {
  const geom = q.srid === 4326 ? sql`f.geom` : sql`ST_Transform(f.geom, ${q.srid})`;
  const r = await sql<{ fc: string }>`
    SELECT json_build_object(
      'type', 'FeatureCollection',
      'features', coalesce(json_agg(json_build_object(
        'type', 'Feature',
        'id', p.kind || '.' || p.id,
        'geometry', ST_AsGeoJSON(p.g, 9)::json,
        'properties', json_build_object(
          'ogc_fid', p.id, 'system', p.system_name, 'component', p.component_alias, 'attributes', p.attributes::text,
          'created', p.created_at, 'modified', p.updated_at, 'created_by_email', p.created_by_email)
      ) ORDER BY p.id), '[]'::json)
    )::text AS fc
    FROM (SELECT ${columns}, ${geom} AS g FROM features f ${joins} WHERE ${where(q)} ORDER BY f.id LIMIT ${q.count} OFFSET ${q.startIndex}) p`.execute(db);
  return r.rows[0].fc;
}

export interface GmlRow {
  id: string; kind: string; gml: string; system_name: string | null; component_alias: string | null; attributes: unknown;
  created_at: Date; updated_at: Date; created_by_email: string | null;
}

/** A page as GML 3.2 geometries (EPSG:4326 with lat/lon axis order as WFS 2.0 requires for the URN). */
export async function gmlRows(db: Executor, q: FeatureQuery): Promise<GmlRow[]> {
  const gml = q.srid === 4326
    ? sql`ST_AsGML(3, f.geom, 9, 17, 'gml', 'g.' || f.id)`
    : sql`ST_AsGML(3, ST_Transform(f.geom, ${q.srid}), 9, 1, 'gml', 'g.' || f.id)`;
  const r = await sql<GmlRow>`SELECT ${columns}, ${gml} AS gml FROM features f ${joins} WHERE ${where(q)} ORDER BY f.id LIMIT ${q.count} OFFSET ${q.startIndex}`.execute(db);
  return r.rows;
}

export async function layerExtent(db: Executor, layerId: string): Promise<[number, number, number, number] | null> {
  const r = await sql<{ minx: number | null; miny: number; maxx: number; maxy: number }>`
    SELECT ST_XMin(e) AS minx, ST_YMin(e) AS miny, ST_XMax(e) AS maxx, ST_YMax(e) AS maxy
    FROM (SELECT ST_Extent(geom)::geometry AS e FROM features WHERE layer_id = ${layerId} AND deleted_at IS NULL) x`.execute(db);
  const e = r.rows[0];
  return e && e.minx !== null ? [Number(e.minx), Number(e.miny), Number(e.maxx), Number(e.maxy)] : null;
}
