import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { exported, hasGdal, ogrSummary, request, run, world } from './export-fixtures.js';

/**
 * What a GIS reader finds in each export, feature by feature (GDAL's ogr2ogr reads the file back as
 * GeoJSON): the text in Spanish and Chinese, the typed values, the Z of the points, the two parts of
 * the line and the hole of the polygon. The database writes CSV, GeoJSON and KML itself, and the
 * intermediate GDAL reads for Shapefile and FileGDB, so each is checked against the source.
 */

interface ReadFeature {
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown } | null;
}

/** Every feature of every layer of `file`, as GeoJSON (one layer at a time: GeoJSON holds one). */
async function readBack(file: string): Promise<ReadFeature[]> {
  const features: ReadFeature[] = [];
  for (const layer of await ogrSummary(file)) {
    const { stdout } = await run('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, layer.name], { maxBuffer: 1 << 26 });
    features.push(...(JSON.parse(stdout) as { features: ReadFeature[] }).features);
  }
  return features;
}

const byCount = (features: ReadFeature[], n: number) => features.find((f) => Number(f.properties.cuenta) === n);

describe.skipIf(!hasGdal)('exports read back feature by feature', () => {
  it('keep text, values, Z, parts and holes in CSV, GeoJSON, KML, Shapefile and FileGDB', async () => {
    const h = await harness();
    const w = await world(h);
    const targets: Record<string, (dir: string, name: string) => string> = {
      GeoJSON: (dir, name) => path.join(dir, name),
      KML: (dir, name) => path.join(dir, name),
      CSV: (dir) => path.join(dir, 'Points.csv'),
      Shapefile: (dir) => dir,
      FileGDB: (dir) => path.join(dir, 'SurveyMay2024.gdb'),
    };
    for (const [format, target] of Object.entries(targets)) {
      const out = await exported(h, w, 'layer', w.layerId, request(format, { projString: undefined }));
      const features = await readBack(target(out.dir, out.name));
      expect(features, format).toHaveLength(22);

      const odd = byCount(features, 3)!;
      const even = byCount(features, 4)!;
      expect(odd.properties.nombre, format).toBe('árbol 中文');
      expect(even.properties.nombre, format).toBe('Niño');
      expect(Number(odd.properties.depth), format).toBe(3.5);
      // FileGDB has no date without a time: GDAL reads it back at midnight.
      expect(String(even.properties.day).replace(/\//g, '-'), format).toMatch(/^2024-03-05(T00:00:00Z?)?$/);
      expect(odd.geometry?.coordinates, format).toEqual([-105 + 3 / 100, 39.5, 1603]);

      const line = byCount(features, 21)!;
      expect(line.geometry?.type, format).toBe('MultiLineString');
      expect((line.geometry?.coordinates as unknown[]).length, format).toBe(2);
      const polygon = byCount(features, 22)!;
      const rings =
        polygon.geometry?.type === 'MultiPolygon'
          ? (polygon.geometry.coordinates as unknown[][])[0]
          : polygon.geometry?.coordinates;
      expect((rings as unknown[]).length, format).toBe(2);
    }
  }, 180_000);
});
