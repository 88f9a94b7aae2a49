import { describe, expect, it } from 'vitest';
import GeoJSON from 'ol/format/GeoJSON';
import type { Point } from 'ol/geom';
import { allFeatures, toLayerData } from './wfs-features';
import { joinPacked, loadPacked, packPage, type Page } from './wfs-pack';

const generic = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
const page = [
  {
    type: 'Feature',
    id: 'point.42',
    geometry: { type: 'Point', coordinates: [-97.5, 38.25] },
    properties: { system: 'Gas' },
  },
  {
    type: 'Feature',
    id: 'line.1',
    geometry: {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    },
    properties: { system: 'Water' },
  },
  { type: 'Feature', id: 'point.43', geometry: { type: 'Point', coordinates: [12, -60, 100] }, properties: null },
  {
    type: 'Feature',
    id: 'point.44',
    geometry: { type: 'Point', coordinates: [13, 61] },
    properties: { system: 'Gas' },
  },
  { type: 'Feature', id: 'point.9', geometry: null, properties: {} },
];

describe('packing the features of WFS pages', () => {
  it('packs points in the map projection with their ids, as the GeoJSON reader would place them', () => {
    const packed = packPage(page);
    expect(packed.ids).toEqual(['point.42', 'point.43', 'point.44']);
    const expected = generic
      .readFeatures({ type: 'FeatureCollection', features: page })
      .filter((f) => f.getGeometry()?.getType() === 'Point');
    expected.forEach((f, i) => {
      const [x, y] = (f.getGeometry() as Point).getCoordinates();
      expect(packed.coords[2 * i]).toBeCloseTo(x, 6);
      expect(packed.coords[2 * i + 1]).toBeCloseTo(y, 6);
    });
  });

  it('keeps each distinct set of properties once', () => {
    const packed = packPage(page);
    expect(packed.propTable).toEqual([{ system: 'Gas' }, null]);
    expect(Array.from(packed.propIndex)).toEqual([0, 1, 0]);
    expect(packed.others.map((f) => f.id)).toEqual(['line.1', 'point.9']);
  });

  it('joins pages in order, merging their property tables', () => {
    const joined = joinPacked([packPage(page.slice(0, 2)), packPage(page.slice(2))]);
    expect(joined.ids).toEqual(['point.42', 'point.43', 'point.44']);
    expect(joined.propTable).toEqual([{ system: 'Gas' }, null]);
    expect(Array.from(joined.propIndex)).toEqual([0, 1, 0]);
    expect(joined.coords).toEqual(packPage(page).coords);
  });

  it('reads the first page for the total, then the others', async () => {
    const asked: number[] = [];
    const fetchPage = async (i: number): Promise<Page> => {
      asked.push(i);
      return { numberMatched: 5, features: [page[0], page[2]].map((f) => ({ ...f, id: `${f.id}.${i}` })) };
    };
    const packed = await loadPacked(fetchPage, 2, 10);
    expect(asked).toEqual([0, 1, 2]);
    expect(packed !== 'tooMany' && packed.ids).toEqual([
      'point.42.0',
      'point.43.0',
      'point.42.1',
      'point.43.1',
      'point.42.2',
      'point.43.2',
    ]);
    expect(await loadPacked(fetchPage, 2, 4)).toBe('tooMany');
  });
});

describe('loaded layer data', () => {
  it('reads other geometries with the generic reader and makes OL features of all', () => {
    const data = toLayerData(packPage(page));
    expect(data.others.map((f) => f.getGeometry()?.getType())).toEqual(['LineString', undefined]);
    const features = allFeatures(data);
    expect(features.map((f) => f.getId())).toEqual(['point.42', 'point.43', 'point.44', 'line.1', 'point.9']);
    expect(features[0].get('system')).toBe('Gas');
    expect(features[3].get('system')).toBe('Water');
    expect((features[1].getGeometry() as Point).getCoordinates()).toEqual([
      data.points.coords[2],
      data.points.coords[3],
    ]);
  });
});
