import { describe, expect, it } from 'vitest';
import { areaOf, profileOf } from './measure';
import { pedigreeOf, siteCoordinates } from './pedigree';

describe('pedigree of a vertex (spec 3 §2, §9)', () => {
  const metadata = {
    Meta_Data: [{ Satellites: 14, Accuracy: '0.02 m', _hidden: 'x', File_List: [] }, { Satellites: 9 }],
  };
  it('lists the vertex keys sorted, hides internal keys, and reads metres as feet unless metric', () => {
    expect(pedigreeOf(metadata, 0, false)).toEqual([
      ['Accuracy', '0.066 ft'],
      ['Satellites', '14'],
    ]);
    expect(pedigreeOf(metadata, 0, true)).toEqual([
      ['Accuracy', '0.02 m'],
      ['Satellites', '14'],
    ]);
    expect(pedigreeOf(metadata, 1, true)).toEqual([['Satellites', '9']]);
    expect(pedigreeOf({ Meta_Data: { pedigrees: [{ A: 1 }] } }, 0, true)).toEqual([['A', '1']]);
  });
  const utm13 = '+proj=utm +zone=13 +datum=WGS84 +units=m +no_defs';
  it('projects a position into the site calibration', () => {
    const site = siteCoordinates({ wkt: utm13 }, [-105, 39.74])!;
    expect(site.easting).toBeCloseTo(500000, 0);
    expect(site.northing).toBeGreaterThan(4_390_000);
    expect(siteCoordinates({ wkt: 'not a projection' }, [0, 0])).toBeNull();
  });
  it("applies the site's Helmert transformation after its coordinate system", () => {
    const plain = siteCoordinates({ wkt: utm13 }, [-105, 39.74])!;
    const shifted = siteCoordinates(
      { wkt: utm13, proj: '+proj=helmert +convention=coordinate_frame +x=1.5 +y=-2.25 +s=1' },
      [-105, 39.74],
    )!;
    expect(shifted.easting - plain.easting).toBeCloseTo(1.5, 6);
    expect(shifted.northing - plain.northing).toBeCloseTo(-2.25, 6);
    // A quarter turn (324,000 arc-seconds) and a scale of 2: (e, n) → (2n, −2e).
    const turned = siteCoordinates(
      { wkt: utm13, proj: '+proj=helmert +convention=coordinate_frame +x=0 +y=0 +s=2 +theta=324000' },
      [-105, 39.74],
    )!;
    expect(turned.easting).toBeCloseTo(2 * plain.northing, 3);
    expect(turned.northing).toBeCloseTo(-2 * plain.easting, 3);
  });
});

describe('profile figures', () => {
  it('measures distance along the vertices with their altitudes', () => {
    const points = profileOf({
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0, 10],
          [0.001, 0, 12],
        ],
      ],
    });
    expect(points[1].distance).toBeCloseTo(111.2, 0);
    expect(points.map((p) => p.altitude)).toEqual([10, 12]);
  });
  it('measures polygon areas only', () => {
    const square = areaOf({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [0.001, 0],
            [0.001, 0.001],
            [0, 0.001],
            [0, 0],
          ],
        ],
      ],
    });
    expect(square).toBeGreaterThan(12_000);
    expect(square).toBeLessThan(12_500);
    expect(areaOf({ type: 'Point', coordinates: [0, 0] })).toBeNull();
  });
});
