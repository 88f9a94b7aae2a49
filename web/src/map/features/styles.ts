import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import MultiPoint from 'ol/geom/MultiPoint';
import type { FeatureLike } from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import Polygon from 'ol/geom/Polygon';
import MultiPolygon from 'ol/geom/MultiPolygon';
import LineString from 'ol/geom/LineString';
import MultiLineString from 'ol/geom/MultiLineString';

/** Map styles of the features area; bright enough to read on light, dark and satellite basemaps. */
const DRAW = '#ff9800';
const SELECT = '#00e5ff';
const HALO = 'rgba(0, 0, 0, 0.55)';

export const drawStyle = [
  new Style({ stroke: new Stroke({ color: HALO, width: 5 }) }),
  new Style({
    fill: new Fill({ color: 'rgba(255, 152, 0, 0.2)' }),
    stroke: new Stroke({ color: DRAW, width: 3 }),
    image: new CircleStyle({
      radius: 7,
      fill: new Fill({ color: DRAW }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  }),
];

/**
 * The selected feature: thicker cyan stroke over a dark halo (spec 3 §4: stroke weight changes), and a
 * point ringed as well, so the selection is unmistakable among many points of any colour.
 */
export const selectedStyle = [
  new Style({
    stroke: new Stroke({ color: HALO, width: 9 }),
    image: new CircleStyle({ radius: 16, stroke: new Stroke({ color: HALO, width: 6 }) }),
  }),
  new Style({ image: new CircleStyle({ radius: 16, stroke: new Stroke({ color: SELECT, width: 3 }) }) }),
  new Style({ image: new CircleStyle({ radius: 11, fill: new Fill({ color: HALO }) }) }),
  new Style({
    fill: new Fill({ color: 'rgba(0, 229, 255, 0.18)' }),
    stroke: new Stroke({ color: SELECT, width: 4 }),
    image: new CircleStyle({
      radius: 8,
      fill: new Fill({ color: SELECT }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  }),
];

/** Every vertex of a line or polygon, for the vertex markers of geometry editing. */
function vertexPoints(g: Geometry | undefined): MultiPoint | undefined {
  if (g instanceof LineString) return new MultiPoint(g.getCoordinates());
  if (g instanceof MultiLineString) return new MultiPoint(g.getCoordinates().flat());
  if (g instanceof Polygon) return new MultiPoint(g.getCoordinates().flat());
  if (g instanceof MultiPolygon) return new MultiPoint(g.getCoordinates().flat(2));
  return undefined;
}

const vertexStyle = new Style({
  image: new CircleStyle({
    radius: 6,
    fill: new Fill({ color: '#fff' }),
    stroke: new Stroke({ color: DRAW, width: 3 }),
  }),
  geometry: (f: FeatureLike) => vertexPoints(f.getGeometry() as Geometry | undefined),
});

export const editStyle = [...drawStyle, vertexStyle];

/** The current vertex of the pedigree/profile arrows. */
export const currentVertexStyle = new Style({
  image: new CircleStyle({
    radius: 9,
    stroke: new Stroke({ color: '#e91e63', width: 3 }),
    fill: new Fill({ color: 'rgba(233, 30, 99, 0.25)' }),
  }),
});

/** Points chosen for a join. */
export const joinStyle = new Style({
  stroke: new Stroke({ color: '#76ff03', width: 5 }),
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: '#76ff03' }),
    stroke: new Stroke({ color: '#1b5e20', width: 2 }),
  }),
});
