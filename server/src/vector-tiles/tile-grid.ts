import { mercatorToLat, mercatorToLon } from '../ogc/wms-params.js';
import { tileBounds } from '../ogc/wmts-routes.js';
import { MVT_BUFFER, MVT_EXTENT } from './mvt-encode.js';

export const MAX_TILE_ZOOM = 30;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** The tile's EPSG:3857 bounds (the WMTS grid: GoogleMapsCompatible, row 0 at the top). */
export const mercatorBounds = (t: TileAddress) => tileBounds(t.z, t.x, t.y);

/**
 * The lon/lat box the features of a tile are looked up in: the tile widened by the buffer, so
 * symbols and lines crossing the edge are in both tiles. Mercator's x and y map to longitude and
 * latitude separately, so the box is exact; the features table is indexed in EPSG:4326.
 */
export function lonLatEnvelope(t: TileAddress): [number, number, number, number] {
  const [minx, miny, maxx, maxy] = mercatorBounds(t);
  const margin = ((maxx - minx) * MVT_BUFFER) / MVT_EXTENT;
  return [
    Math.max(-180, mercatorToLon(minx - margin)),
    mercatorToLat(miny - margin),
    Math.min(180, mercatorToLon(maxx + margin)),
    mercatorToLat(maxy + margin),
  ];
}

/**
 * ST_Affine coefficients from EPSG:3857 to tile coordinates (0..extent, y down), as ST_AsMVTGeom
 * maps them: x' = sx·x − minx·sx, y' = −sy·y + maxy·sy.
 */
export function tileAffine(t: TileAddress): { sx: number; sy: number; xoff: number; yoff: number } {
  const [minx, miny, maxx, maxy] = mercatorBounds(t);
  const sx = MVT_EXTENT / (maxx - minx);
  const sy = MVT_EXTENT / (maxy - miny);
  return { sx, sy, xoff: -minx * sx, yoff: maxy * sy };
}
