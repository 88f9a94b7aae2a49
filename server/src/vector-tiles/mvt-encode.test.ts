import { describe, expect, it } from 'vitest';
import Feature from 'ol/Feature';
import MVT from 'ol/format/MVT';
import type { Geometry, MultiPolygon, Polygon, SimpleGeometry } from 'ol/geom';
import { encodeTile, MvtLayerEncoder } from './mvt-encode.js';
import { pointGeometry, wkbGeometry } from './mvt-geometry.js';

/** Little-endian WKB writers for the test geometries. */
const header = (type: number, n?: number) => {
  const b = Buffer.alloc(n === undefined ? 5 : 9);
  b.writeUInt8(1, 0);
  b.writeUInt32LE(type, 1);
  if (n !== undefined) b.writeUInt32LE(n, 5);
  return b;
};
const xy = (c: number[][]) => {
  const b = Buffer.alloc(4 + c.length * 16);
  b.writeUInt32LE(c.length, 0);
  c.forEach(([x, y], i) => {
    b.writeDoubleLE(x, 4 + i * 16);
    b.writeDoubleLE(y, 12 + i * 16);
  });
  return b;
};
const line = (c: number[][]) => Buffer.concat([header(2), xy(c)]);
const polygon = (rings: number[][][]) => Buffer.concat([header(3, rings.length), ...rings.map(xy)]);
const multi = (type: number, parts: Buffer[]) => Buffer.concat([header(type, parts.length), ...parts]);
const pointZ = (x: number, y: number, z: number) => {
  const b = header(0x80000001);
  const c = Buffer.alloc(24);
  c.writeDoubleLE(x, 0);
  c.writeDoubleLE(y, 8);
  c.writeDoubleLE(z, 16);
  return Buffer.concat([b, c]);
};

/** Decodes with OpenLayers' reader (what the web map uses) into full features, in tile coordinates. */
function decode(tile: Uint8Array): Feature<Geometry>[] {
  const format = new MVT<Feature<Geometry>>({ featureClass: Feature });
  const copy = tile.slice();
  return format.readFeatures(copy.buffer);
}

const coords = (f: Feature<Geometry>) => (f.getGeometry() as SimpleGeometry).getCoordinates();

/** Twice the signed area by the surveyor's formula (positive: clockwise with y down, MVT's exterior). */
const area2 = (ring: number[][]) =>
  ring.reduce((s, [x, y], i) => {
    const [x2, y2] = ring[(i + 1) % ring.length];
    return s + x * y2 - x2 * y;
  }, 0);

describe('Mapbox Vector Tile encoder', () => {
  it('writes features that OpenLayers reads back with their ids, types, geometry and typed properties', () => {
    const layer = new MvtLayerEncoder('Field_point');
    layer.add(7, pointGeometry(100.4, 200.6), [
      ['ogc_fid', { kind: 'int', value: 7 }],
      ['system', { kind: 'string', value: 'Électrique' }],
      ['component', null],
      ['depth', { kind: 'double', value: 1.5 }],
      ['count', { kind: 'int', value: -3 }],
      ['done', { kind: 'bool', value: true }],
    ]);
    layer.add(
      2 ** 40,
      wkbGeometry(
        line([
          [0, 0],
          [10.2, 0],
          [10, 0],
          [10, 20],
        ]),
      )!,
      [
        ['ogc_fid', { kind: 'int', value: 2 ** 40 }],
        ['system', { kind: 'string', value: 'Électrique' }],
      ],
    );
    const tile = encodeTile([layer]);
    const [p, l] = decode(tile);
    expect(p.getId()).toBe(7);
    expect(p.getGeometry()!.getType()).toBe('Point');
    expect(coords(p)).toEqual([100, 201]);
    expect(p.getProperties()).toMatchObject({
      ogc_fid: 7,
      system: 'Électrique',
      depth: 1.5,
      count: -3,
      done: true,
      layer: 'Field_point',
    });
    expect(p.get('component')).toBeUndefined();
    expect(l.getId()).toBe(2 ** 40);
    expect(l.getGeometry()!.getType()).toBe('LineString');
    // The repeated vertex (10.2 rounds to 10) is dropped.
    expect(coords(l)).toEqual([
      [0, 0],
      [10, 0],
      [10, 20],
    ]);
  });

  it('turns rings as the spec requires and keeps holes, whatever the winding of the input', () => {
    const ccwOuter = [
      [0, 0],
      [0, 100],
      [100, 100],
      [100, 0],
      [0, 0],
    ];
    const cwOuter = [...ccwOuter].reverse();
    const hole = [
      [20, 20],
      [40, 20],
      [40, 40],
      [20, 40],
      [20, 20],
    ];
    for (const [outer, inner] of [
      [ccwOuter, hole],
      [cwOuter, [...hole].reverse()],
    ]) {
      const g = wkbGeometry(polygon([outer, inner]))!;
      const layer = new MvtLayerEncoder('polygons');
      layer.add(1, g, []);
      const [f] = decode(encodeTile([layer]));
      expect(f.getGeometry()!.getType()).toBe('Polygon');
      const rings = (f.getGeometry() as Polygon).getCoordinates();
      expect(rings).toHaveLength(2);
      expect(area2(rings[0])).toBeGreaterThan(0);
      expect(area2(rings[1])).toBeLessThan(0);
    }
    // Two polygons read back as a MultiPolygon; a ring snapped to no area is dropped.
    const square = (x: number) => [
      [x, 0],
      [x + 10, 0],
      [x + 10, 10],
      [x, 10],
      [x, 0],
    ];
    const flat = [
      [0, 0],
      [5, 0],
      [9, 0],
      [0, 0],
    ];
    const g = wkbGeometry(multi(6, [polygon([square(0)]), polygon([flat]), polygon([square(50)])]))!;
    const layer = new MvtLayerEncoder('polygons');
    layer.add(1, g, []);
    const [f] = decode(encodeTile([layer]));
    expect(f.getGeometry()!.getType()).toBe('MultiPolygon');
    expect((f.getGeometry() as MultiPolygon).getPolygons()).toHaveLength(2);
  });

  it('reads multi-part, Z and collection WKB and drops what collapsed', () => {
    expect(wkbGeometry(pointZ(3, 4, 99))).toEqual(pointGeometry(3, 4));
    const points = wkbGeometry(multi(4, [pointZ(1, 1, 0), pointZ(5, 5, 0)]))!;
    const lines = wkbGeometry(
      multi(5, [
        line([
          [0, 0],
          [3, 3],
        ]),
        line([
          [1, 1],
          [1.2, 1.1],
        ]),
        line([
          [9, 9],
          [9, 12],
        ]),
      ]),
    )!;
    const layer = new MvtLayerEncoder('mixed');
    layer.add(1, points, []);
    layer.add(2, lines, []);
    const [mp, ml] = decode(encodeTile([layer]));
    expect(mp.getGeometry()!.getType()).toBe('MultiPoint');
    expect(coords(mp)).toEqual([
      [1, 1],
      [5, 5],
    ]);
    expect(ml.getGeometry()!.getType()).toBe('MultiLineString');
    expect(coords(ml)).toHaveLength(2);
    expect(
      wkbGeometry(
        line([
          [1, 1],
          [1.3, 1.2],
        ]),
      ),
    ).toBeNull();
    // A collection keeps its first drawable kind: here the line.
    const collection = wkbGeometry(
      multi(7, [
        line([
          [0, 0],
          [5, 5],
        ]),
        polygon([
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ]),
      ]),
    );
    expect(collection?.type).toBe(2);
  });

  it('writes nothing for a tile without features, and long layers with many keys and values', () => {
    expect(encodeTile([new MvtLayerEncoder('empty')])).toHaveLength(0);
    const layer = new MvtLayerEncoder('many');
    for (let i = 0; i < 3000; i++)
      layer.add(i + 1, pointGeometry(i % 4096, (i * 7) % 4096), [
        ['ogc_fid', { kind: 'int', value: i + 1 }],
        [`k${i % 50}`, { kind: 'string', value: `value ${i % 300}` }],
      ]);
    const other = new MvtLayerEncoder('other');
    other.add(1, pointGeometry(1, 1), []);
    const features = decode(encodeTile([layer, other]));
    expect(features).toHaveLength(3001);
    expect(features[2999].getProperties()).toMatchObject({ ogc_fid: 3000, k49: 'value 299', layer: 'many' });
    expect(coords(features[2999])).toEqual([2999, (2999 * 7) % 4096]);
    expect(features[3000].get('layer')).toBe('other');
  });
});
