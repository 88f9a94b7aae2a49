import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { drawLegend, type LegendEntry, type LegendOptions } from './legend-draw.js';
import { tileCache } from './tile-cache.js';
import type { WfsLayer } from './wfs.js';
import type { RenderMeta } from './wms-query.js';
import type { MapPart } from './wms-render.js';
import { OgcError, xmlEscape } from './xml.js';

/** More classes than this in one layer make a legend nobody reads; the most common ones are shown. */
const MAX_CLASSES = 50;

type Shape = LegendEntry['shape'];
const KIND_SHAPES: Record<string, Shape> = { point: 'point', line: 'line', polygon: 'polygon' };
const DIMENSION_SHAPES: Shape[] = ['point', 'line', 'polygon'];

interface ClassRow {
  system_id: string | null;
  component_id: string | null;
  system: string | null;
  component: string | null;
  dim: number | null;
}

/**
 * The symbol classes (system, component) a layer's features use, most common first, with their names;
 * the geometry dimension too when the layer's kind does not say it (imported layers mix types).
 */
async function classesOf(db: Executor, meta: RenderMeta): Promise<ClassRow[]> {
  const dim = KIND_SHAPES[meta.kind ?? ''] ? sql`NULL::int` : sql`max(ST_Dimension(f.geom))`;
  const r = await sql<ClassRow>`
    SELECT k.system_id, k.component_id, s.name AS system, c.alias AS component, k.dim
    FROM (SELECT f.system_id, f.component_id, ${dim} AS dim, count(*) AS n FROM features f
          WHERE f.layer_id = ${meta.id} AND f.deleted_at IS NULL
          GROUP BY f.system_id, f.component_id ORDER BY n DESC LIMIT ${MAX_CLASSES}) k
    LEFT JOIN systems s ON s.id = k.system_id
    LEFT JOIN components c ON c.id = k.component_id
    ORDER BY s.name NULLS LAST, c.alias NULLS FIRST`.execute(db);
  return r.rows;
}

const shapeOf = (meta: RenderMeta, dim: number | null): Shape =>
  KIND_SHAPES[meta.kind ?? ''] ?? DIMENSION_SHAPES[Number(dim ?? 0)] ?? 'point';

/** The name of the dictionary class a whole layer is drawn with (its layer style). */
async function layerStyleLabel(db: Executor, systemId: string, componentId: string | null): Promise<string | null> {
  const system = await db.selectFrom('systems').select('name').where('id', '=', systemId).executeTakeFirst();
  const component = componentId
    ? await db.selectFrom('components').select('alias').where('id', '=', componentId).executeTakeFirst()
    : undefined;
  return [system?.name, component?.alias].filter(Boolean).join(' / ') || null;
}

/**
 * What GetMap draws for the layer, one entry per look: the image of a raster layer, the one look of a
 * style (SLD/CSS, a STYLE parameter, a dictionary class chosen for the layer), else one entry per
 * dictionary class its features use, in its colour or its component's styling.
 */
export async function legendEntries(db: Executor, layer: WfsLayer, part: MapPart): Promise<LegendEntry[]> {
  const { meta } = part;
  if (part.look === null) return [{ label: layer.name, symbols: null, shape: 'polygon' }];
  const { look } = part;
  if (look.fixed) {
    const ls = meta.layerStyle;
    const label = (ls && (await layerStyleLabel(db, ls.systemId, ls.componentId))) ?? layer.name;
    // A layer of no declared kind shows the geometry most of its features have.
    const dim = KIND_SHAPES[meta.kind ?? ''] ? null : ((await classesOf(db, meta))[0]?.dim ?? null);
    return [{ label, symbols: look.fixed, shape: shapeOf(meta, dim) }];
  }
  const classes = await classesOf(db, meta);
  if (classes.length === 0) return [{ label: layer.name, symbols: look.of(null, null), shape: shapeOf(meta, null) }];
  return classes.map((c) => ({
    label: [c.system, c.component].filter(Boolean).join(' / ') || layer.name,
    symbols: look.of(c.system_id, c.component_id),
    shape: shapeOf(meta, c.dim),
  }));
}

const size = (v: string | undefined, fallback: number) => {
  const n = Number(v ?? fallback);
  if (!Number.isInteger(n) || n < 8 || n > 128)
    throw new OgcError('InvalidParameterValue', 'WIDTH', 'WIDTH and HEIGHT of a legend symbol are 8 to 128 pixels');
  return n;
};

/** GetLegendGraphic's own parameters: FORMAT (PNG only), WIDTH/HEIGHT of a swatch, TRANSPARENT. */
export function legendOptionsOf(params: Record<string, string>): LegendOptions {
  const format = (params.format ?? 'image/png').toLowerCase();
  if (!format.startsWith('image/png'))
    throw new OgcError('InvalidFormat', 'FORMAT', `FORMAT ${params.format} is not supported; use image/png`);
  return {
    swatchWidth: size(params.width, 20),
    swatchHeight: size(params.height, 20),
    transparent: (params.transparent ?? 'false').toLowerCase() === 'true',
  };
}

/**
 * GetLegendGraphic of a resolved layer and its look (`part` as GetMap builds it). Kept in the tile
 * cache under the look's key, which carries the data, style and dictionary versions, so an edit that
 * changes the classes or colours misses, like a tile.
 */
export async function legendGraphic(
  db: Executor,
  layer: WfsLayer,
  part: MapPart & { key: string },
  params: Record<string, string>,
): Promise<{ png: Buffer; etag: string }> {
  const o = legendOptionsOf(params);
  const key = `legend|${part.key}|${o.swatchWidth}x${o.swatchHeight}|${o.transparent ? 't' : 'o'}`;
  const etag = `"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
  const cached = tileCache.get(key);
  if (cached) return { png: cached, etag };
  const png = drawLegend(await legendEntries(db, layer, part), o);
  tileCache.set(key, png);
  return { png, etag };
}

/** The capabilities' default style of a layer with its LegendURL (a GetLegendGraphic on this service). */
export function legendStyleXml(layerName: string, serviceUrl: string): string {
  const href = `${serviceUrl}${serviceUrl.includes('?') ? '&' : '?'}SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER=${encodeURIComponent(layerName)}&STYLE=default`;
  return `<Style><Name>default</Name><Title>Layer style or dictionary colours</Title><LegendURL><Format>image/png</Format><OnlineResource xlink:type="simple" xlink:href="${xmlEscape(href)}"/></LegendURL></Style>`;
}
