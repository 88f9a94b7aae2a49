import GeoJSON from 'ol/format/GeoJSON';
import type OlGeometry from 'ol/geom/Geometry';
import type { Geometry } from '@fieldbook/domain';

/** Data travels in EPSG:4326; the map view is EPSG:3857 (spec 3 §9). */
const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

export const toOlGeometry = (g: Geometry): OlGeometry => format.readGeometry(g) as OlGeometry;

/** An OpenLayers geometry as GeoJSON in EPSG:4326, rounded to 9 decimals like the server stores it. */
export function fromOlGeometry(g: OlGeometry): Geometry {
  const out = format.writeGeometryObject(g, { decimals: 9 }) as Geometry;
  return out;
}

/** A GeoJSON position: longitude, latitude and an optional altitude. */
export type Position = Extract<Geometry, { type: 'Point' }>['coordinates'];

/** Every vertex in order through all parts (rings keep their closing vertex out so it is not counted twice). */
export function vertices(g: Geometry): Position[] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
      return g.coordinates.flat();
    case 'Polygon':
      return g.coordinates.flatMap((r) => r.slice(0, -1));
    case 'MultiPolygon':
      return g.coordinates.flatMap((p) => p.flatMap((r) => r.slice(0, -1)));
  }
}

/** Multi-part geometries cannot be edited on the map (spec 3 §4). */
export function isMultiPart(g: Geometry): boolean {
  if (g.type === 'MultiLineString') return g.coordinates.length > 1;
  if (g.type === 'MultiPolygon') return g.coordinates.length > 1 || g.coordinates[0].length > 1;
  return false;
}

export type GeometryKind = 'point' | 'line' | 'polygon';
export const kindOf = (g: Geometry): GeometryKind =>
  g.type === 'Point' ? 'point' : g.type.endsWith('LineString') ? 'line' : 'polygon';
