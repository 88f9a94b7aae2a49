import Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import type { Coordinate } from 'ol/coordinate';
import type { Extent } from 'ol/extent';
import { Point } from 'ol/geom';
import VectorSource from 'ol/source/Vector';

/** Points as the WFS pages gave them: x,y pairs in the map projection, each with its id and its properties (an index into a table). */
export interface PointData {
  coords: Float64Array;
  ids: Array<string | number | undefined>;
  propIndex: Uint32Array;
  propTable: Array<Record<string, unknown> | null | undefined>;
}

/** The OL feature of point i, as the GeoJSON reader makes it: id, properties, a Point geometry. */
export function pointFeature(data: PointData, i: number): Feature<Point> {
  const feature = new Feature(new Point([data.coords[2 * i], data.coords[2 * i + 1]]));
  const id = data.ids[i];
  if (id !== undefined) feature.setId(id);
  const properties = data.propTable[data.propIndex[i]];
  if (properties) feature.setProperties(properties, true);
  return feature;
}

/**
 * A vector source of many points that makes OL features only when asked. Drawing (PointsLayer) and
 * clicks read the packed points; getFeatureById makes the one feature asked for. Any other use of the
 * source (listing, searching, editing features) first makes all features, after which it is an
 * ordinary VectorSource. Making 50,000 features, their change listeners and the spatial index costs
 * about half a second on a slow machine, which a layer that is only looked at never pays.
 */
export class PointSource extends VectorSource<Feature> {
  private data: PointData | null;
  /** The features made so far, by point index (the same objects join the source when all are made). */
  private made: Array<Feature | undefined> = [];
  private byId: Map<string, number> | null = null;

  constructor(data: PointData) {
    super();
    this.data = data;
  }

  /** The packed points, or null once the features are made (then read them as features). */
  packed(): PointData | null {
    return this.data;
  }

  /** The feature of point i of the packed points (made once). */
  featureAt(i: number): Feature {
    return (this.made[i] ??= pointFeature(this.data!, i));
  }

  private all() {
    const data = this.data;
    if (!data) return;
    const count = data.ids.length;
    const features = Array.from({ length: count }, (_, i) => this.featureAt(i));
    this.data = null;
    this.made = [];
    this.byId = null;
    super.addFeatures(features);
  }

  override getFeatureById(id: string | number): Feature | null {
    const data = this.data;
    if (!data) return super.getFeatureById(id) as Feature | null;
    if (!this.byId) {
      this.byId = new Map();
      data.ids.forEach((v, i) => v !== undefined && this.byId!.set(String(v), i));
    }
    const i = this.byId.get(String(id));
    return i === undefined ? null : this.featureAt(i);
  }

  override isEmpty(): boolean {
    return this.data ? this.data.ids.length === 0 : super.isEmpty();
  }

  override clear(fast?: boolean) {
    this.data = null;
    this.made = [];
    this.byId = null;
    super.clear(fast);
  }

  // Everything else works on the made features.
  override addFeature(feature: Feature) {
    this.all();
    super.addFeature(feature);
  }
  override addFeatures(features: Feature[]) {
    this.all();
    super.addFeatures(features);
  }
  override removeFeature(feature: Feature) {
    this.all();
    super.removeFeature(feature);
  }
  override removeFeatures(features: Feature[]) {
    this.all();
    super.removeFeatures(features);
  }
  override forEachFeature<T>(callback: (f: Feature) => T) {
    this.all();
    return super.forEachFeature(callback);
  }
  override forEachFeatureInExtent<T>(extent: Extent, callback: (f: Feature) => T) {
    this.all();
    return super.forEachFeatureInExtent(extent, callback);
  }
  override getFeatures(): Feature[] {
    this.all();
    return super.getFeatures();
  }
  override getFeaturesAtCoordinate(coordinate: Coordinate): Feature[] {
    this.all();
    return super.getFeaturesAtCoordinate(coordinate);
  }
  override getFeaturesInExtent(
    extent: Extent,
    projection?: Parameters<VectorSource['getFeaturesInExtent']>[1],
  ): Feature[] {
    this.all();
    return super.getFeaturesInExtent(extent, projection);
  }
  override getClosestFeatureToCoordinate(coordinate: Coordinate, filter?: (f: Feature) => boolean): Feature | null {
    this.all();
    return super.getClosestFeatureToCoordinate(coordinate, filter);
  }
  override getExtent(extent?: Extent) {
    this.all();
    return super.getExtent(extent);
  }
  override getFeatureByUid(uid: string): Feature | null {
    this.all();
    return super.getFeatureByUid(uid) as Feature | null;
  }
  override hasFeature(feature: FeatureLike): boolean {
    this.all();
    return super.hasFeature(feature as Feature);
  }
}
