import { getArea, getDistance } from 'ol/sphere';
import type { Geometry } from '@fieldbook/domain';
import { toOlGeometry, vertices } from '../geo';

/** Spec 3 §9 conversion factors. */
export const M_TO_FT = 3.2808399;
export const M2_TO_FT2 = 10.764;
/** Earth radius used for distances (spec 3 §9: 6371.071 km). */
const EARTH_RADIUS_M = 6_371_071;

export interface ProfilePoint {
  /** Distance from the first vertex, metres. */
  distance: number;
  /** Altitude from the z coordinate, metres, when present. */
  altitude: number | null;
}

/** Distance along the vertices and the altitude at each (z coordinates where the data has them). */
export function profileOf(g: Geometry): ProfilePoint[] {
  const vs = vertices(g);
  let total = 0;
  return vs.map((v, i) => {
    if (i > 0) total += getDistance(vs[i - 1], v, EARTH_RADIUS_M);
    return { distance: total, altitude: v.length > 2 && Number.isFinite(v[2]) ? v[2] : null };
  });
}

/** Geodesic area in square metres for polygons, else null. */
export function areaOf(g: Geometry): number | null {
  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') return null;
  return getArea(toOlGeometry(g), { projection: 'EPSG:3857' });
}

export const lengthIn = (m: number, metric: boolean) => (metric ? m : m * M_TO_FT);
export const areaIn = (m2: number, metric: boolean) => (metric ? m2 : m2 * M2_TO_FT2);
