import { describe, expect, it } from 'vitest';
import { areaOf, profileOf } from './measure';
import { pedigreeOf, siteCoordinates } from './pedigree';

describe('pedigree of a vertex (spec 3 §2, §9)', () => {
  const metadata = { Meta_Data: [{ Satellites: 14, Accuracy: '0.02 m', _hidden: 'x', File_List: [] }, { Satellites: 9 }] };
  it('lists the vertex keys sorted, hides internal keys, and reads metres as feet unless metric', () => {
    expect(pedigreeOf(metadata, 0, false)).toEqual([['Accuracy', '0.066 ft'], ['Satellites', '14']]);
    expect(pedigreeOf(metadata, 0, true)).toEqual([['Accuracy', '0.02 m'], ['Satellites', '14']]);
    expect(pedigreeOf(metadata, 1, true)).toEqual([['Satellites', '9']]);
    expect(pedigreeOf({ Meta_Data: { pedigrees: [{ A: 1 }] } }, 0, true)).toEqual([['A', '1']]);
  });
  it('projects a position into the site calibration', () => {
    const utm13 = '+proj=utm +zone=13 +datum=WGS84 +units=m +no_defs';
    const site = siteCoordinates(utm13, [-105, 39.74])!;
    expect(site.easting).toBeCloseTo(500000, 0);
    expect(site.northing).toBeGreaterThan(4_390_000);
    expect(siteCoordinates('not a projection', [0, 0])).toBeNull();
  });
});

describe('profile figures', () => {
  it('measures distance along the vertices with their altitudes', () => {
    const points = profileOf({ type: 'MultiLineString', coordinates: [[[0, 0, 10], [0.001, 0, 12]]] });
    expect(points[1].distance).toBeCloseTo(111.2, 0);
    expect(points.map((p) => p.altitude)).toEqual([10, 12]);
  });
  it('measures polygon areas only', () => {
    const square = areaOf({ type: 'MultiPolygon', coordinates: [[[[0, 0], [0.001, 0], [0.001, 0.001], [0, 0.001], [0, 0]]]] });
    expect(square).toBeGreaterThan(12_000);
    expect(square).toBeLessThan(12_500);
    expect(areaOf({ type: 'Point', coordinates: [0, 0] })).toBeNull();
  });
});
