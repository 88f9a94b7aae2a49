import { sql } from 'kysely';
import type { FieldType } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { MVT_BUFFER, MVT_EXTENT, MvtLayerEncoder, type MvtValue } from './mvt-encode.js';
import { pointGeometry, wkbGeometry } from './mvt-geometry.js';
import { tileColumns, tileRows, type TileLayer } from './tile-columns.js';
import { tileAffine, type TileAddress } from './tile-grid.js';

interface Row {
  id: string;
  system: string | null;
  component: string | null;
  px: number | null;
  py: number | null;
  wkb: Uint8Array | null;
  [column: `c${number}`]: unknown;
}

/** A typed column's value (typed in SQL by tile-columns.ts) as an MVT value, as ST_AsMVT would write it. */
function mvtValue(type: FieldType, v: unknown): MvtValue | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'integer':
      return { kind: 'int', value: Number(v) };
    case 'real':
      return { kind: 'double', value: Number(v) };
    case 'boolean':
      return { kind: 'bool', value: v === true };
    default:
      return { kind: 'string', value: String(v) };
  }
}

const text = (v: string | null): MvtValue | null => (v === null ? null : { kind: 'string', value: v });

/**
 * One layer of a tile on the embedded database, whose PostGIS has neither ST_AsMVT nor ST_AsMVTGeom
 * (built without protobuf-c). SQL does what ST_AsMVTGeom does: transform to EPSG:3857, map to tile
 * coordinates (ST_Affine), clip to the tile and its buffer (ST_ClipByBox2D) and snap to the integer
 * grid (ST_SnapToGrid also drops repeated vertices and collapsed parts). A single point comes as its
 * two coordinates, anything else as WKB; JavaScript writes the commands and the layer.
 */
export async function embeddedLayerTile(db: Executor, layer: TileLayer, t: TileAddress): Promise<MvtLayerEncoder> {
  const { columns, typed } = await tileColumns(db, layer);
  const { sx, sy, xoff, yoff } = tileAffine(t);
  const lo = -MVT_BUFFER;
  const hi = MVT_EXTENT + MVT_BUFFER;
  const extra = typed.map((expr, i) => sql`, ${expr} AS ${sql.id(`c${i}`)}`);
  const r = await sql<Row>`
    SELECT q.id, q.system, q.component ${sql.join(
      columns.map((_, i) => sql`, ${sql.ref(`q.c${i}`)}`),
      sql``,
    )},
      CASE WHEN q.single THEN round(ST_X(q.g))::int END AS px,
      CASE WHEN q.single THEN round(ST_Y(q.g))::int END AS py,
      CASE WHEN NOT q.single THEN ST_AsBinary(ST_SnapToGrid(ST_ClipByBox2D(q.g, ST_MakeEnvelope(${lo}, ${lo}, ${hi}, ${hi})), 1), 'NDR') END AS wkb
    FROM (
      SELECT p.id::text AS id, p.system, p.component ${sql.join(extra, sql``)},
        GeometryType(p.geom) = 'POINT' AS single,
        ST_Affine(ST_Transform(p.geom, 3857), ${sx}::float8, 0, 0, ${-sy}::float8, ${xoff}::float8, ${yoff}::float8) AS g
      FROM ${tileRows(layer.id, t, columns)}
    ) q`.execute(db);
  const encoder = new MvtLayerEncoder(layer.name, MVT_EXTENT);
  for (const row of r.rows) {
    const geometry =
      row.px !== null && row.py !== null ? pointGeometry(row.px, row.py) : row.wkb ? wkbGeometry(row.wkb) : null;
    if (!geometry) continue;
    const id = Number(row.id);
    encoder.add(id, geometry, [
      ['ogc_fid', { kind: 'int', value: id }],
      ['system', text(row.system)],
      ['component', text(row.component)],
      ...columns.map((c, i): [string, MvtValue | null] => [c.name, mvtValue(c.type, row[`c${i}`])]),
    ]);
  }
  return encoder;
}
