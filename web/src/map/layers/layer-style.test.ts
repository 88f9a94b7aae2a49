import { describe, expect, it } from 'vitest';
import Feature from 'ol/Feature';
import { LineString, MultiPolygon, Point } from 'ol/geom';
import { DEFAULT_COLOURS, featureColour, systemColours } from './layer-style';
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
