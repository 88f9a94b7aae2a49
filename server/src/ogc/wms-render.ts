import { performance } from 'node:perf_hooks';
import type { Executor } from '../db/types.js';
import { blankPng, encodePng } from './png.js';
import { colourSymbolizers, dictionarySymbolizers, reachOf, type Symbolizers } from './styles-for-render.js';
import { Raster } from './wms-draw.js';
import type { GetMapRequest, MapFrame } from './wms-params.js';
import { dictionaryStyling, pointPixels, shapeWkb, type RenderMeta } from './wms-query.js';
import { packPixels, readWkb } from './wkb.js';
import { scheduleSnapshot, snapshotPixels } from './point-snapshot.js';
import { drawRasterLayer } from './raster-tiles.js';
import { rasterPath, type RasterInfo } from '../rasters/raster-info.js';

/** A point tile slower than this from SQL makes the layer worth an in-memory snapshot. */
const SLOW_SQL_MS = 40;

/** Picks the symbolizers of a feature class (system, component). */
export interface LayerLook {
  /** One look for every feature (the layer's SLD/CSS style or the STYLES parameter), else per class. */
  fixed: Symbolizers | null;
  of(systemId: string | null, componentId: string | null): Symbolizers;
  /** Pixels the largest point symbol reaches beyond its centre. */
  reach: number;
}

const dictionaryLooks = new Map<string, { look: LayerLook }>();

/** The dictionary look of a project's features, kept per dictionary version (any edit touches it). */
export async function dictionaryLook(db: Executor, meta: RenderMeta): Promise<LayerLook> {
  const key = `${meta.dictionaryId}:${meta.dictionaryUpdatedAt?.getTime() ?? 0}`;
  const cached = dictionaryLooks.get(key);
  if (cached) return cached.look;
  const rows = meta.dictionaryId ? await dictionaryStyling(db, meta.dictionaryId) : [];
  const colours = new Map(rows.map((r) => [r.system_id, r.color]));
  const components = new Map(rows.filter((r) => r.component_id).map((r) => [r.component_id!, r]));
  const memo = new Map<string, Symbolizers>();
  const fallback = colourSymbolizers();
  const of = (systemId: string | null, componentId: string | null) => {
    const k = `${systemId}/${componentId}`;
    let s = memo.get(k);
    if (!s) {
      const c = componentId ? components.get(componentId) : undefined;
      const colour = (systemId && colours.get(systemId)) ?? c?.color ?? null;
      s = colour || c ? dictionarySymbolizers(colour, c?.component_styling ?? null, c?.style ?? null) : fallback;
      memo.set(k, s);
    }
    return s;
  };
  let reach = reachOf(fallback);
  for (const r of rows) reach = Math.max(reach, reachOf(of(r.system_id, r.component_id)));
  const look: LayerLook = { fixed: null, of, reach };
  if (dictionaryLooks.size > 200) dictionaryLooks.clear();
  dictionaryLooks.set(key, { look });
  return look;
}

export const fixedLook = (s: Symbolizers): LayerLook => ({ fixed: s, of: () => s, reach: reachOf(s) });

async function drawLayer(
  db: Executor,
  raster: Raster,
  frame: MapFrame,
  meta: RenderMeta,
  look: LayerLook,
): Promise<boolean> {
  const byClass = look.fixed === null;
  const wantPoints = meta.kind !== 'line' && meta.kind !== 'polygon';
  const wantShapes = meta.kind !== 'point';
  const fromMemory = wantPoints ? snapshotPixels(meta.id, meta.dataVersion, frame, look.reach, byClass) : null;
  const started = performance.now();
  const [points, shapes] = await Promise.all([
    fromMemory ?? (wantPoints ? pointPixels(db, meta.id, frame, look.reach, byClass, meta.kind === 'point') : []),
    wantShapes ? shapeWkb(db, meta.id, frame, Math.max(look.reach, 12), byClass) : [],
  ]);
  // A point layer whose tile was slow from SQL gets an in-memory snapshot for its next tiles.
  if (!fromMemory && meta.kind === 'point' && performance.now() - started > SLOW_SQL_MS) scheduleSnapshot(db, meta.id);
  let drawn = false;
  // Polygons below lines below points, as map readers expect.
  const parsed = shapes.map((row) => ({ row, shapes: readWkb(row.wkb) }));
  for (const { row, shapes: s } of parsed) {
    const sym = look.of(row.system_id, row.component_id);
    if (s.polygons.length) {
      raster.drawPolygons(s.polygons, sym.polygon.fill, sym.polygon.stroke);
      drawn = true;
    }
  }
  for (const { row, shapes: s } of parsed) {
    const sym = look.of(row.system_id, row.component_id);
    if (s.lines.length) {
      raster.drawPaths(s.lines, false, null, sym.line);
      drawn = true;
    }
  }
  for (const { row, shapes: s } of parsed) {
    if (s.points.length) {
      raster.stampPoints(packPixels(s.points), look.of(row.system_id, row.component_id).point);
      drawn = true;
    }
  }
  for (const row of points) {
    if (row.n > 0) {
      raster.stampPoints(row.xy, look.of(row.system_id, row.component_id).point);
      drawn = true;
    }
  }
  return drawn;
}

/** A layer to draw: features in their look, or a raster layer's image (meta.raster). */
export type MapPart = { meta: RenderMeta; look: LayerLook } | { meta: RenderMeta & { raster: RasterInfo }; look: null };

/**
 * Draws the layers bottom to top (LAYERS order) and encodes the PNG; an empty map is a kept blank image.
 * Raster layers are read from their file under `dataDir`.
 */
export async function renderMap(db: Executor, dataDir: string, req: GetMapRequest, layers: MapPart[]): Promise<Buffer> {
  const jpeg = req.format === 'image/jpeg';
  const background = req.transparent && !jpeg ? undefined : req.bgcolor;
  const raster = new Raster(req.width, req.height, background);
  let drawn = false;
  for (const l of layers) {
    const made =
      l.look === null
        ? await drawRasterLayer(raster.settle(), req, l.meta.raster, rasterPath(dataDir, l.meta.raster))
        : await drawLayer(db, raster, req, l.meta, l.look);
    drawn = made || drawn;
  }
  if (jpeg) return raster.jpeg();
  if (!drawn) return blankPng(req.width, req.height, background === undefined ? 0 : ((background << 8) | 0xff) >>> 0);
  return encodePng(raster.settle(), req.width, req.height);
}
