import { describe, expect, it } from 'vitest';
import Feature from 'ol/Feature';
import { LineString, MultiPolygon, Point } from 'ol/geom';
import type { Circle } from 'ol/style';
import {
  DEFAULT_COLOURS,
  POINT_RADIUS,
  canvasStyle,
  casingColour,
  featureColour,
  luminance,
  systemColours,
} from './layer-style';
import { selectedLayerIds } from './selected-layers';
import { DEFAULT_PREFERENCES, type Preferences } from '@fieldbook/domain';

const colours = systemColours([
  { id: 's1', name: 'Electric', color: '#FF0000' },
  { id: 's2', name: 'Water', color: '#0000ff' },
  { id: 's3', name: 'Broken', color: 'blue' },
]);

describe('project layer colours', () => {
  it('uses the dictionary system colour by system id, else by the system name WFS gives', () => {
    expect(featureColour(new Feature({ geometry: new Point([0, 0]), system_id: 's2' }), colours)).toBe('#0000ff');
    expect(featureColour(new Feature({ geometry: new Point([0, 0]), system: 'Electric' }), colours)).toBe('#FF0000');
  });

  it('falls back to a default per geometry type', () => {
    expect(featureColour(new Feature({ geometry: new Point([0, 0]) }), colours)).toBe(DEFAULT_COLOURS.point);
    expect(
      featureColour(
        new Feature({
          geometry: new LineString([
            [0, 0],
            [1, 1],
          ]),
          system: 'Unknown',
        }),
        colours,
      ),
    ).toBe(DEFAULT_COLOURS.line);
    expect(featureColour(new Feature({ geometry: new MultiPolygon([]), system: 'Broken' }), colours)).toBe(
      DEFAULT_COLOURS.polygon,
    );
  });
});

describe('switched-on layers', () => {
  it('reads the ids of a project from the preferences, none when absent', () => {
    // Junk entries the schema would refuse are skipped by the reader.
    const prefs = {
      ...DEFAULT_PREFERENCES,
      projectPrefs: [{ id: 'p1', selectedLayers: ['a', { id: 'b' }, 3, null] }],
    } as unknown as Preferences;
    expect(selectedLayerIds(prefs, 'p1')).toEqual(['a', 'b']);
    expect(selectedLayerIds(prefs, 'p2')).toEqual([]);
    expect(selectedLayerIds(prefs, null)).toEqual([]);
  });
});

describe('legible features on any basemap', () => {
  const styleOf = (geometry: Point | LineString, system: string) =>
    canvasStyle(systemColours([{ id: 'w', name: system, color: system === 'White' ? '#ffffff' : '#ffff00' }]))(
      new Feature({ geometry, system }),
    );

  it('cases white and yellow features in a dark halo and dark ones in a white halo', () => {
    expect(casingColour('#ffffff')).toMatch(/^rgba\(33, 33, 33/);
    expect(casingColour('#ffff00')).toMatch(/^rgba\(33, 33, 33/);
    expect(casingColour('#1e88e5')).toMatch(/^rgba\(255, 255, 255/);
    expect(luminance('#fff')).toBeCloseTo(1);
  });

  it('draws a line over a wider casing, and points at least 10 px across with an outline', () => {
    const line = styleOf(
      new LineString([
        [0, 0],
        [1, 1],
      ]),
      'Yellow',
    );
    expect(line).toHaveLength(2);
    const [casing, stroke] = line.map((s) => s.getStroke()!);
    expect(casing.getWidth()!).toBeGreaterThan(stroke.getWidth()! + 3);
    expect(casing.getColor()).toBe(casingColour('#ffff00'));
    const [point] = styleOf(new Point([0, 0]), 'White');
    const circle = point.getImage() as Circle;
    expect(2 * circle.getRadius() + circle.getStroke()!.getWidth()!).toBeGreaterThanOrEqual(10);
    expect(2 * POINT_RADIUS.compact + 1).toBeGreaterThanOrEqual(10);
  });
});
