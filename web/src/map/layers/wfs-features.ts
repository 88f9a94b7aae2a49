import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { pointFeature, type PointData } from './point-source';
import type { PackedLayer } from './wfs-pack';

/** A layer's features as loaded: the points packed (most of a large layer), the others as OL features. */
export interface LayerData {
  points: PointData;
  others: Feature[];
}

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/** The loaded layer: packed points as they are, other geometries through OL's GeoJSON reader. */
export function toLayerData(packed: PackedLayer): LayerData {
  const { others, ...points } = packed;
  return {
    points,
    others: others.length ? (format.readFeatures({ type: 'FeatureCollection', features: others }) as Feature[]) : [],
  };
}

/** All features of a layer as OL features (points made from the packed data; ids stay as the server gives them, "point.42"). */
export function allFeatures(data: LayerData): Feature[] {
  const count = data.points.ids.length;
  return [...Array.from({ length: count }, (_, i) => pointFeature(data.points, i)), ...data.others];
}
