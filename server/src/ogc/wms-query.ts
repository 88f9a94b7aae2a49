import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { rasterInfoOf, type RasterInfo } from '../rasters/raster-info.js';
import { lonLatBounds, type MapFrame } from './wms-params.js';

/** What a rendered tile depends on besides its frame: keys the tile cache. */
export interface RenderMeta {
  id: string;
  kind: string | null;
  organizationId: string;
  dataVersion: string;
  styleId: string | null;
  styleFormat: string | null;
  styleBody: string | null;
  styleUpdatedAt: Date | null;
  dictionaryId: string | null;
  dictionaryUpdatedAt: Date | null;
  /** The system/component the whole layer is drawn with (PUT /rest/styles/geo/layer/{id}/style), if any. */
  layerStyle: { systemId: string; componentId: string | null; updatedAt: Date } | null;
  /** A RASTER layer's stored image: drawn from the file instead of features. */
  raster: RasterInfo | null;
}

export async function renderMeta(db: Executor, layerIds: string[]): Promise<Map<string, RenderMeta>> {
  if (layerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('layers')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .leftJoin('styles', 'styles.id', 'layers.style_id')
    .leftJoin('dictionaries', 'dictionaries.id', 'projects.dictionary_id')
    .leftJoin('layer_dictionary_styles as lds', 'lds.layer_id', 'layers.id')
    // A layer style of another dictionary (the project's dictionary changed since) is not applied.
    .leftJoin('systems as lds_system', (j) =>
      j.onRef('lds_system.id', '=', 'lds.system_id').onRef('lds_system.dictionary_id', '=', 'projects.dictionary_id'),
    )
    .select([
      'layers.id',
      'layers.server_name',
      'layers.data_version',
      'layers.type',
      'layers.raster',
      'projects.organization_id',
      'layers.style_id',
      'styles.format as style_format',
      'styles.body as style_body',
      'styles.updated_at as style_updated_at',
      'projects.dictionary_id',
      'dictionaries.updated_at as dictionary_updated_at',
      'lds_system.id as layer_system_id',
      'lds.component_id as layer_component_id',
      'lds.updated_at as layer_style_updated_at',
    ])
    .where('layers.id', 'in', layerIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.server_name,
        organizationId: r.organization_id,
        dataVersion: String(r.data_version),
        styleId: r.style_id,
        styleFormat: r.style_format,
        styleBody: r.style_body,
        styleUpdatedAt: r.style_updated_at,
        dictionaryId: r.dictionary_id,
        dictionaryUpdatedAt: r.dictionary_updated_at,
        layerStyle: r.layer_system_id
          ? { systemId: r.layer_system_id, componentId: r.layer_component_id, updatedAt: r.layer_style_updated_at! }
          : null,
        raster: r.type === 'RASTER' ? rasterInfoOf(r.raster) : null,
      },
    ]),
  );
}

/** A style named in STYLES: by id or name, of the layer's organization. */
export async function namedStyle(db: Executor, organizationId: string, nameOrId: string) {
  const uuid = /^[0-9a-f-]{36}$/i.test(nameOrId);
  return db
    .selectFrom('styles')
    .select(['id', 'format', 'body', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where((eb) => (uuid ? eb.or([eb('id', '=', nameOrId), eb('name', '=', nameOrId)]) : eb('name', '=', nameOrId)))
    .executeTakeFirst();
}

/** Symbol classes of the features drawn: the system and component that pick their dictionary style. */
export interface ClassRow {
  system_id: string | null;
  component_id: string | null;
}
export interface PointClassRow extends ClassRow {
  xy: Uint8Array;
  n: number;
}
export interface ShapeClassRow extends ClassRow {
  wkb: Uint8Array;
}

const MAX_MERCATOR = 20037508.342789244;

/** Pixel column and row of a feature's first coordinate, computed in SQL (no per-feature JS). */
function pixelExprs(frame: MapFrame): { px: RawBuilder<number>; py: RawBuilder<number> } {
  const [minx, miny, maxx, maxy] = frame.bbox;
  const rx = (maxx - minx) / frame.width;
  const ry = (maxy - miny) / frame.height;
  if (frame.crs === 'EPSG:3857') {
    return {
      px: sql<number>`floor((ST_X(f.geom) * ${MAX_MERCATOR / 180}::float8 - ${minx}::float8) / ${rx}::float8)`,
      py: sql<number>`floor((${maxy}::float8 - ln(tan(radians(45 + ST_Y(f.geom) / 2))) * 6378137) / ${ry}::float8)`,
    };
  }
  return {
    px: sql<number>`floor((ST_X(f.geom) - ${minx}::float8) / ${rx}::float8)`,
    py: sql<number>`floor((${maxy}::float8 - ST_Y(f.geom)) / ${ry}::float8)`,
  };
}

/** Geometry in pixel space: y down, origin at the top-left corner of the image. */
function pixelGeometry(frame: MapFrame): RawBuilder<unknown> {
  const [minx, miny, maxx, maxy] = frame.bbox;
  const sx = frame.width / (maxx - minx);
  const sy = frame.height / (maxy - miny);
  const g = frame.crs === 'EPSG:3857' ? sql`ST_Transform(f.geom, 3857)` : sql`f.geom`;
  return sql`ST_Affine(${g}, ${sx}::float8, 0, 0, ${-sy}::float8, ${-minx * sx}::float8, ${maxy * sy}::float8)`;
}

function layerRows(layerId: string, frame: MapFrame, marginPx: number): RawBuilder<unknown> {
  const [x1, y1, x2, y2] = lonLatBounds(frame, marginPx);
  return sql`f.layer_id = ${layerId} AND f.deleted_at IS NULL AND f.geom && ST_MakeEnvelope(${x1}::float8, ${y1}::float8, ${x2}::float8, ${y2}::float8, 4326)`;
}

/**
 * The points of a layer in the frame, snapped to pixels and made distinct in SQL, so a tile never
 * carries more rows than it has pixels: one row per symbol class with packed int16 x,y pairs.
 */
export async function pointPixels(
  db: Executor,
  layerId: string,
  frame: MapFrame,
  marginPx: number,
  byClass: boolean,
  pointLayer: boolean,
): Promise<PointClassRow[]> {
  const { px, py } = pixelExprs(frame);
  const cls = byClass ? sql`f.system_id, f.component_id` : sql`NULL::uuid AS system_id, NULL::uuid AS component_id`;
  const filter = pointLayer ? sql`` : sql`AND ST_GeometryType(f.geom) = 'ST_Point'`;
  const r = await sql<PointClassRow>`
    SELECT system_id, component_id, string_agg(int2send(px::int2) || int2send(py::int2), ''::bytea) AS xy, count(*)::int AS n
    FROM (SELECT DISTINCT ${cls}, ${px} AS px, ${py} AS py FROM features f WHERE ${layerRows(layerId, frame, marginPx)} ${filter}) p
    GROUP BY system_id, component_id`.execute(db);
  return r.rows;
}

/**
 * Lines, polygons and multi-points of a layer in pixel space, simplified to half a pixel, as
 * concatenated little-endian WKB per symbol class (WKB is self-delimiting).
 */
export async function shapeWkb(
  db: Executor,
  layerId: string,
  frame: MapFrame,
  marginPx: number,
  byClass: boolean,
): Promise<ShapeClassRow[]> {
  const cls = byClass ? sql`f.system_id, f.component_id` : sql`NULL::uuid AS system_id, NULL::uuid AS component_id`;
  const r = await sql<ShapeClassRow>`
    SELECT system_id, component_id, string_agg(ST_AsBinary(g, 'NDR'), ''::bytea) AS wkb
    FROM (SELECT ${cls}, ST_Simplify(${pixelGeometry(frame)}, 0.5, true) AS g
          FROM features f WHERE ${layerRows(layerId, frame, marginPx)} AND ST_GeometryType(f.geom) <> 'ST_Point') s
    WHERE g IS NOT NULL GROUP BY system_id, component_id`.execute(db);
  return r.rows;
}

/** Dictionary styling of every system and component of a dictionary (cached by its version). */
export async function dictionaryStyling(db: Executor, dictionaryId: string) {
  const rows = await db
    .selectFrom('systems')
    .leftJoin('components', 'components.system_id', 'systems.id')
    .select([
      'systems.id as system_id',
      'systems.color',
      'components.id as component_id',
      'components.component_styling',
      'components.style',
    ])
    .where('systems.dictionary_id', '=', dictionaryId)
    .execute();
  return rows;
}
