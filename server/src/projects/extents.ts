import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { layerExtentAndCount } from '../ogc/wfs-query.js';
import { rasterInfoOf } from '../rasters/raster-info.js';
import { folderChain, readableProject } from './access.js';
import { layerSharedWithCaller } from './shared-access.js';

export interface Extent {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
  west: number;
  south: number;
  east: number;
  north: number;
  /** Features in the layer: past 50,000 the client draws WMS-TILE instead of WFS pages (spec 3 §4). */
  count: number;
  /** Ids of the dictionary systems its features belong to: the legend lists only these. */
  systems: string[];
}

const asExtent = (
  [minx, miny, maxx, maxy]: [number, number, number, number],
  count: number,
  systems: string[] = [],
): Extent => ({
  minx,
  miny,
  maxx,
  maxy,
  west: minx,
  south: miny,
  east: maxx,
  north: maxy,
  count,
  systems,
});

/** The extent (EPSG:4326) and feature count of a layer the caller may read, or null when it has no features. */
async function readableExtent(deps: Deps, caller: Caller, layerId: string): Promise<Extent | null> {
  const layer = await deps.db
    .selectFrom('layers')
    .innerJoin('folders', 'folders.id', 'layers.folder_id')
    .select(['layers.id', 'layers.project_id', 'layers.folder_id', 'layers.type', 'layers.raster', 'folders.parent_id'])
    .where('layers.id', '=', layerId)
    .executeTakeFirst();
  if (!layer) throw notFound();
  const shared = await layerSharedWithCaller(deps.db, caller, layer.project_id, layer.id);
  const { view } = shared ? { view: () => true } : await readableProject(deps.db, caller, layer.project_id);
  if (
    !view([
      { type: 'layer', id: layer.id },
      ...folderChain(layer.project_id, layer.parent_id ? [layer.folder_id, layer.parent_id] : [layer.folder_id]),
    ])
  )
    throw notFound();
  // A raster layer's extent is its image's, kept at import.
  const raster = layer.type === 'RASTER' ? rasterInfoOf(layer.raster) : null;
  if (raster) return asExtent(raster.extent, 0);
  const { extent, count, systems } = await layerExtentAndCount(deps.db, layer.id);
  return extent ? asExtent(extent, count, systems) : null;
}

export async function layerExtentOf(deps: Deps, caller: Caller, layerId: string) {
  const extent = await readableExtent(deps, caller, layerId);
  if (!extent) throw notFound('app.layer.extent.empty');
  return extent;
}

/** Extents of several layers at once (layers without features or not readable are left out). */
export async function layerExtents(deps: Deps, caller: Caller, layerIds: string[]) {
  const out: Record<string, Extent> = {};
  for (const id of layerIds) {
    const extent = await readableExtent(deps, caller, id).catch(() => null);
    if (extent) out[id] = extent;
  }
  return out;
}
