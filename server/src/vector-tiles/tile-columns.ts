import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { attributeValuesSql, columnJson, wfsColumns, type WfsColumn } from '../ogc/wfs-columns.js';
import type { TileAddress } from './tile-grid.js';
import { lonLatEnvelope } from './tile-grid.js';

/**
 * What a vector tile carries per feature, kept light: the feature id as the MVT feature id, then
 * ogc_fid, system and component (what the map styles and labels by), then the layer's typed columns
 * as WFS publishes them (wfs-columns.ts). Dates and date-times travel as their ISO text.
 */
export interface TileLayer {
  id: string;
  /** The MVT layer name: the published name (published-names.ts). */
  name: string;
  kind: string | null;
  /** What its columns depend on (service.ts); the columns are kept by it. */
  columnsVersion?: string;
}

export interface TileColumns {
  columns: WfsColumn[];
  /** SQL of each typed column's value (typed: bigint, float8, boolean or text) from the row alias `p`. */
  typed: RawBuilder<unknown>[];
}

const known = new Map<string, TileColumns>();

/**
 * A layer's tile columns, kept by its `columnsVersion` (its field list and its dictionary's version,
 * all they depend on: service.ts): reading them takes two queries, half of a small tile's time.
 */
export async function tileColumns(db: Executor, layer: TileLayer): Promise<TileColumns> {
  const key = `${layer.id}:${layer.columnsVersion}`;
  let found = layer.columnsVersion === undefined ? undefined : known.get(key);
  if (!found) {
    const columns = await wfsColumns(db, layer);
    found = { columns, typed: columns.map((c) => typedValue(c)) };
    if (known.size >= 1000) known.clear();
    known.set(key, found);
  }
  return found;
}

/**
 * A column's value typed for the tile. Each cast sits in its own CASE so it only sees values of its
 * JSON type (PostgreSQL does not promise the order of AND); out-of-range integers are left out.
 */
function typedValue(c: WfsColumn): RawBuilder<unknown> {
  const v = columnJson(c, 'p');
  switch (c.type) {
    case 'integer':
      return sql`CASE WHEN jsonb_typeof(${v}) = 'number' THEN CASE WHEN abs((${v})::numeric) < 9e18 THEN round((${v})::numeric)::bigint END END`;
    case 'real':
      return sql`CASE WHEN jsonb_typeof(${v}) = 'number' THEN (${v})::float8 END`;
    case 'boolean':
      return sql`CASE WHEN jsonb_typeof(${v}) = 'boolean' THEN (${v})::boolean END`;
    default:
      return sql`(${v}) #>> '{}'`;
  }
}

/**
 * The rows of a layer in a tile (alias `p`): the feature's id, geometry, system and component names,
 * and the sources of its typed columns. The lon/lat box uses the (layer_id, geom) GiST index.
 * OFFSET 0 keeps the subquery from being flattened: flattened, PostgreSQL copied the dictionary
 * attributes' subquery into every column that reads it (one SubPlan per column).
 */
export function tileRows(layerId: string, t: TileAddress, columns: WfsColumn[]): RawBuilder<unknown> {
  const [w, s, e, n] = lonLatEnvelope(t);
  const attributes = attributeValuesSql(columns) ?? sql`NULL::jsonb`;
  return sql`(SELECT f.id, f.geom, s.name AS system, c.alias AS component, f.field_values, ${attributes} AS attribute_values
    FROM features f
    LEFT JOIN systems s ON s.id = f.system_id
    LEFT JOIN components c ON c.id = f.component_id
    WHERE f.layer_id = ${layerId} AND f.deleted_at IS NULL
      AND f.geom && ST_MakeEnvelope(${w}::float8, ${s}::float8, ${e}::float8, ${n}::float8, 4326)
    OFFSET 0) p`;
}
