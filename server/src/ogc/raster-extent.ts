import type { Executor } from '../db/types.js';
import { rasterInfoOf } from '../rasters/raster-info.js';
import { layerExtent } from './wfs-query.js';

/** A map layer's extent (EPSG:4326): a raster layer's image, else the bounds of its features (null when empty). */
export async function mapLayerExtent(db: Executor, layerId: string): Promise<[number, number, number, number] | null> {
  const row = await db.selectFrom('layers').select(['type', 'raster']).where('id', '=', layerId).executeTakeFirst();
  const raster = row?.type === 'RASTER' ? rasterInfoOf(row.raster) : null;
  return raster ? raster.extent : layerExtent(db, layerId);
}
