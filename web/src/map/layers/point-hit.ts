import type Feature from 'ol/Feature';
import type { Coordinate } from 'ol/coordinate';
import type { Point } from 'ol/geom';
import type VectorSource from 'ol/source/Vector';

export interface PointNear {
  feature: Feature;
  geometry: Point;
  /** Distance from the coordinate to the point, in pixels. */
  distance: number;
}

/**
 * The point features of a source within `radius` pixels of a coordinate at a resolution, nearest
 * first, found through the source's spatial index (what a click on a drawn point layer hits).
 */
export function pointsNear(
  source: VectorSource,
  coordinate: Coordinate,
  resolution: number,
  radius: number,
): PointNear[] {
  const r = radius * resolution;
  const [cx, cy] = coordinate;
  const found: PointNear[] = [];
  source.forEachFeatureInExtent([cx - r, cy - r, cx + r, cy + r], (feature) => {
    const geometry = feature.getGeometry();
    if (geometry?.getType() !== 'Point') return;
    const [x, y] = (geometry as Point).getFlatCoordinates();
    const distance = Math.hypot(x - cx, y - cy) / resolution;
    if (distance <= radius) found.push({ feature, geometry: geometry as Point, distance });
  });
  return found.sort((p, q) => p.distance - q.distance);
}

/** Indexes of the packed points (x,y pairs) within `radius` pixels of a coordinate, nearest first (a scan: well under a millisecond for 50,000). */
export function packedPointsNear(
  coords: Float64Array,
  coordinate: Coordinate,
  resolution: number,
  radius: number,
): Array<{ index: number; distance: number }> {
  const r = radius * resolution;
  const [cx, cy] = coordinate;
  const found: Array<{ index: number; distance: number }> = [];
  for (let i = 0; i < coords.length; i += 2) {
    const dx = coords[i] - cx;
    const dy = coords[i + 1] - cy;
    if (dx > r || dx < -r || dy > r || dy < -r) continue;
    const distance = Math.hypot(dx, dy) / resolution;
    if (distance <= radius) found.push({ index: i / 2, distance });
  }
  return found.sort((p, q) => p.distance - q.distance);
}
