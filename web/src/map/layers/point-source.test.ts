import { describe, expect, it } from 'vitest';
import type { FrameState } from 'ol/Map';
import type { Point } from 'ol/geom';
import type { HitMatch } from 'ol/renderer/Map';
import { packedPointsNear } from './point-hit';
import { PointSource, type PointData } from './point-source';
import { PointsLayer } from './points-layer';

/** Points 10 map units apart along x: point.0 … point.3. */
const data = (): PointData => ({
  coords: new Float64Array([0, 0, 10, 0, 20, 0, 30, 0]),
  ids: ['point.0', 'point.1', 'point.2', 'point.3'],
  propIndex: new Uint32Array([0, 1, 2, 1]),
  propTable: [{ system: 'Gas' }, null, { system: 'Water' }],
});

describe('a source of packed points', () => {
  it('makes only the feature asked for by id, with its geometry and properties', () => {
    const source = new PointSource(data());
    const f = source.getFeatureById('point.2')!;
    expect((f.getGeometry() as Point).getCoordinates()).toEqual([20, 0]);
    expect(f.get('system')).toBe('Water');
    expect(source.getFeatureById('point.2')).toBe(f);
    expect(source.getFeatureById('point.9')).toBeNull();
    expect(source.packed()).not.toBeNull();
    expect(source.isEmpty()).toBe(false);
  });

  it('becomes an ordinary source when its features are listed, keeping the features already made', () => {
    const source = new PointSource(data());
    const made = source.getFeatureById('point.1');
    const revision = source.getRevision();
    expect(source.getFeatures()).toHaveLength(4);
    expect(source.packed()).toBeNull();
    expect(source.getRevision()).toBeGreaterThan(revision);
    expect(source.getFeatureById('point.1')).toBe(made);
    expect(
      source
        .getFeaturesInExtent([5, -1, 25, 1])
        .map((f) => f.getId())
        .sort(),
    ).toEqual(['point.1', 'point.2']);
    source.removeFeature(made!);
    expect(source.getFeatureById('point.1')).toBeNull();
  });

  it('finds packed points near a coordinate, nearest first', () => {
    expect(packedPointsNear(data().coords, [14, 0], 2, 6).map((p) => p.index)).toEqual([1, 2]);
    expect(packedPointsNear(data().coords, [5, 8], 1, 5)).toEqual([]);
  });

  it('answers clicks on a stamped layer of packed points without making the other features', () => {
    const source = new PointSource(data());
    const layer = new PointsLayer({ source, properties: { fieldbookLayerId: 'l1' } });
    const matches: HitMatch<string>[] = [];
    const frame = { viewState: { resolution: 1 } } as unknown as FrameState;
    const hit = layer
      .getRenderer()!
      .forEachFeatureAtCoordinate(
        [29, 1],
        frame,
        5,
        (f, l) => `${String(f.getId())}@${String(l.get('fieldbookLayerId'))}`,
        matches,
      );
    expect(hit).toBe('point.3@l1');
    expect(source.packed()).not.toBeNull();
    expect(source.getFeatureById('point.3')?.getId()).toBe('point.3');
  });
});
