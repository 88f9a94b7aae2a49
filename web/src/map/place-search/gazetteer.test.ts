import { describe, expect, it } from 'vitest';
import cities from './cities.json';
import { foldText, mainExtent, searchPlaces, type Place } from './gazetteer';

const places: Place[] = [
  {
    name: 'Kansas',
    kind: 'state',
    country: 'United States',
    center: [-98.4, 38.5],
    extent: [-102.05, 36.99, -94.59, 40],
  },
  { name: 'Arkansas', kind: 'state', country: 'United States', center: [-92.4, 34.9] },
  { name: 'Kansas City', kind: 'city', country: 'United States', center: [-94.58, 39.1] },
  { name: 'São Paulo', kind: 'city', country: 'Brazil', center: [-46.63, -23.55] },
  { name: 'New Zealand', kind: 'country', center: [172, -41] },
  { name: 'Zambia', kind: 'country', center: [27.8, -13.1] },
];

describe('gazetteer search', () => {
  it('puts names starting with the query first, states before cities', () => {
    expect(searchPlaces(places, 'kansas').map((p) => p.name)).toEqual(['Kansas', 'Kansas City', 'Arkansas']);
  });

  it('ignores case and accents', () => {
    expect(searchPlaces(places, 'SAO PAU').map((p) => p.name)).toEqual(['São Paulo']);
    expect(foldText(' Zürich ')).toBe('zurich');
  });

  it('matches a word inside a name and needs two letters', () => {
    expect(searchPlaces(places, 'zeal').map((p) => p.name)).toEqual(['New Zealand']);
    expect(searchPlaces(places, 'z')).toEqual([]);
  });

  it('limits the number of results', () => {
    expect(searchPlaces(places, 'an', 2)).toHaveLength(2);
  });

  it('takes the extent of the largest part of a multipolygon', () => {
    const square = (x: number, y: number, size: number) => [
      [
        [x, y],
        [x + size, y],
        [x + size, y + size],
        [x, y + size],
        [x, y],
      ],
    ];
    expect(mainExtent({ type: 'MultiPolygon', coordinates: [square(170, 50, 2), square(-120, 30, 20)] })).toEqual([
      -120, 30, -100, 50,
    ]);
    expect(mainExtent({ type: 'Point', coordinates: [0, 0] })).toBeNull();
  });

  it('ships about 150–200 large cities with valid positions', () => {
    expect(cities.length).toBeGreaterThanOrEqual(140);
    for (const c of cities) {
      expect(c.name && c.country).toBeTruthy();
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lng)).toBeLessThanOrEqual(180);
    }
    expect(new Set(cities.map((c) => `${c.name}|${c.country}`)).size).toBe(cities.length);
  });
});
