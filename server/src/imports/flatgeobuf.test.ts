import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fgbRowReader } from './fgb-rows.js';
import { FgbReader, GEOMETRY } from './flatgeobuf.js';
import { written } from './written-row.js';

/** FlatGeobuf as GDAL writes it for an import (native ogr2ogr here), read piece by piece as it grows. */

const hasGdal = existsSync('/usr/bin/ogr2ogr');

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Río 北京', n: 7, depth: 2.5, ok: true, day: '2024-03-05', seen: '2024-03-05T10:20:30Z' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0, 1],
              [10, 0, 1],
              [10, 10, 1],
              [0, 0, 1],
            ],
            [
              [2, 2, 1],
              [4, 2, 1],
              [4, 4, 1],
              [2, 2, 1],
            ],
          ],
          [
            [
              [20, 20, 2],
              [21, 20, 2],
              [21, 21, 2],
              [20, 20, 2],
            ],
          ],
        ],
      },
    },
    { type: 'Feature', properties: { name: null, n: 8 }, geometry: null },
  ],
});

describe.skipIf(!hasGdal)('FlatGeobuf from GDAL', () => {
  it('reads header, geometries and typed values whatever the pieces it arrives in', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fb-fgb-'));
    writeFileSync(path.join(dir, 'in.geojson'), GEOJSON);
    const file = path.join(dir, 'out.fgb');
    execFileSync('ogr2ogr', ['-f', 'FlatGeobuf', file, path.join(dir, 'in.geojson'), '-lco', 'SPATIAL_INDEX=NO']);
    const bytes = readFileSync(file);

    const fields = (['name', 'n', 'depth', 'ok', 'day', 'seen'] as const).map((name, order) => ({
      name,
      source: name,
      order,
      type: ({ name: 'text', n: 'integer', depth: 'real', ok: 'boolean', day: 'date', seen: 'datetime' } as const)[
        name
      ],
    }));
    const rowsOf = (size: number) => {
      const reader = new FgbReader();
      const rows = [];
      for (let at = 0; at < bytes.length; at += size) {
        const features = reader.push(bytes.subarray(at, at + size));
        if (reader.header) {
          const read = fgbRowReader({ fields }, reader.header, new Set(['depth']), true);
          rows.push(...features.map((f) => written(read, f)));
        }
      }
      return { header: reader.header, rows };
    };
    const whole = rowsOf(bytes.length);
    expect(whole.header).toMatchObject({ geometryType: GEOMETRY.MultiPolygon, hasZ: true });
    // GDAL's FlatGeobuf writer leaves out a feature without geometry (the import counts it skipped).
    expect(whole.rows).toHaveLength(1);
    for (const size of [1, 7, 100]) expect(rowsOf(size).rows).toEqual(whole.rows);

    const row = whole.rows[0]!;
    expect(row.kind).toBe('polygon');
    expect(JSON.parse(row.values!)).toEqual({
      name: 'Río 北京',
      n: 7,
      depth: 2.5 * 0.3048,
      ok: true,
      day: '2024-03-05',
      seen: '2024-03-05T10:20:30Z',
    });
    // Hex EWKB: little-endian MultiPolygon with Z and SRID 4326, two polygons, the first with a hole.
    const wkb = Buffer.from(row.geometry!, 'hex');
    expect(wkb.readUInt32LE(1)).toBe((6 | 0x80000000 | 0x20000000) >>> 0);
    expect(wkb.readUInt32LE(5)).toBe(4326);
    expect(wkb.readUInt32LE(9)).toBe(2);
    expect(wkb.readUInt32LE(18)).toBe(2);
    // The first vertex: x 0, y 0, z 1 foot in metres.
    expect([wkb.readDoubleLE(26), wkb.readDoubleLE(34), wkb.readDoubleLE(42)]).toEqual([0, 0, 0.3048]);
  });
});
