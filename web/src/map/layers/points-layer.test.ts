import { describe, expect, it } from 'vitest';
import Feature from 'ol/Feature';
import type { FrameState } from 'ol/Map';
import { LineString, Point } from 'ol/geom';
import type { HitMatch } from 'ol/renderer/Map';
import VectorSource from 'ol/source/Vector';
import VectorLayer from 'ol/layer/Vector';
import { applyColours } from './build-layer';
import { systemColours } from './layer-style';
import { pointsNear } from './point-hit';
import { PointsLayer, SYMBOL_RADIUS } from './points-layer';

/** Points 10 map units apart along x, ids point.0 …; at resolution 1 a map unit is a pixel. */
function source() {
  const features: Feature[] = [0, 10, 20, 30].map((x, i) => {
    const f = new Feature({ geometry: new Point([x, 0]), system: i === 2 ? 'Water' : 'Gas' });
    f.setId(`point.${i}`);
    return f;
  });
  features.push(
    new Feature(
      new LineString([
        [0, 0],
        [30, 0],
      ]),
    ),
  );
  return new VectorSource({ features });
}

const frame = (resolution: number) => ({ viewState: { resolution } }) as unknown as FrameState;

describe('hits on a stamped point layer', () => {
  it('finds the points within a radius in pixels, nearest first, ignoring other geometries', () => {
    const near = pointsNear(source(), [12, 3], 1, 6);
    expect(near.map((p) => p.feature.getId())).toEqual(['point.1']);
    expect(near[0].distance).toBeCloseTo(Math.hypot(2, 3));
    // At 2 map units per pixel the same click is within 6 px of two points.
    expect(pointsNear(source(), [14, 0], 2, 6).map((p) => p.feature.getId())).toEqual(['point.1', 'point.2']);
    expect(pointsNear(source(), [5, 8], 1, 5)).toEqual([]);
  });

  it('answers a click on a symbol directly and ranks clicks within the tolerance by distance', () => {
    const layer = new PointsLayer({ source: source(), properties: { fieldbookLayerId: 'l1' } });
    const renderer = layer.getRenderer()!;
    const seen: string[] = [];
    const callback = (f: { getId(): unknown }, l: { get(k: string): unknown }) => {
      seen.push(`${String(f.getId())}@${String(l.get('fieldbookLayerId'))}`);
      return true;
    };
    const matches: HitMatch<boolean>[] = [];
    expect(renderer.forEachFeatureAtCoordinate([21, 1], frame(1), 5, callback, matches)).toBe(true);
    expect(seen).toEqual(['point.2@l1']);
    expect(matches).toEqual([]);

    // Beside the symbol but within the 5 px tolerance: a match for the map to rank.
    expect(
      renderer.forEachFeatureAtCoordinate([20, SYMBOL_RADIUS + 3], frame(1), 5, callback, matches),
    ).toBeUndefined();
    expect(matches.map((m) => m.feature.getId())).toEqual(['point.2']);
    expect(matches[0].distanceSq).toBeCloseTo(9);
    expect(renderer.forEachFeatureAtCoordinate([5, 0], frame(0.1), 5, callback, [])).toBeUndefined();
  });

  it('keeps the features in the source, found by id', () => {
    const layer = new PointsLayer({ source: source() });
    expect(layer.getSource()!.getFeatureById('point.3')?.getGeometry()?.getType()).toBe('Point');
  });
});

describe('colours arriving after a layer is built', () => {
  const colours = systemColours([{ id: 's1', name: 'Water', color: '#0000ff' }]);

  it('recolours a stamped point layer without reloading it', () => {
    const layer = new PointsLayer({ source: source() });
    const revision = layer.getRevision();
    applyColours(layer, colours);
    expect(layer.getColours()).toBe(colours);
    expect(layer.coloursRevision).toBe(1);
    expect(layer.getRevision()).toBeGreaterThan(revision);
  });

  it('restyles a canvas vector layer', () => {
    const layer = new VectorLayer({ source: source() });
    applyColours(layer, colours);
    const style = layer.getStyleFunction()!(layer.getSource()!.getFeatureById('point.2')!, 1);
    const image = (Array.isArray(style) ? style[0] : style)!.getImage() as unknown as {
      getFill(): { getColor(): unknown };
    };
    expect(image.getFill().getColor()).toBe('#0000ff');
  });
});
