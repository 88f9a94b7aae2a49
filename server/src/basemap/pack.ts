import Flatbush from 'flatbush';
import { PACK_MAGIC, SECTIONS, WATER_KINDS, align8, type PackHeader } from './pack-format.js';

export interface WaterPolygon {
  kind: (typeof WATER_KINDS)[number];
  /** Exterior ring first, then holes; each a list of [lon, lat]. */
  rings: number[][][];
}

export interface Place {
  name: string;
  population: number;
  lon: number;
  lat: number;
}

type Box = [minx: number, miny: number, maxx: number, maxy: number];

/** A pack (pack-format.ts) read into views over one buffer: nothing is parsed but the header. */
export class BasemapPack {
  private constructor(
    private readonly header: PackHeader,
    private readonly waterIndex: Flatbush,
    private readonly waterKinds: Uint8Array,
    private readonly polygonRings: Uint32Array,
    private readonly ringStarts: Uint32Array,
    private readonly coords: Float32Array,
    private readonly placeIndex: Flatbush,
    private readonly placeCoords: Float32Array,
    private readonly placePopulation: Uint32Array,
  ) {}

  static read(file: Buffer): BasemapPack {
    // Typed views need aligned offsets: a buffer from a pool may start anywhere in its memory.
    const bytes = file.byteOffset % 8 === 0 ? file : Buffer.from(file);
    if (bytes.toString('latin1', 0, 8) !== PACK_MAGIC) throw new Error('not a basemap pack');
    const headerLength = bytes.readUInt32LE(8);
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerLength)) as PackHeader;
    let offset = bytes.byteOffset + align8(12 + headerLength);
    const at: Record<string, number> = {};
    for (const s of SECTIONS) {
      at[s] = offset;
      offset += align8(header.sections[s]);
    }
    const { buffer } = bytes;
    const view = <T>(
      s: (typeof SECTIONS)[number],
      Type: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number },
    ) => new Type(buffer, at[s], header.sections[s] / Type.BYTES_PER_ELEMENT);
    return new BasemapPack(
      header,
      Flatbush.from(buffer as ArrayBuffer, at.waterIndex),
      view('waterKinds', Uint8Array),
      view('polygonRings', Uint32Array),
      view('ringStarts', Uint32Array),
      view('coords', Float32Array),
      Flatbush.from(buffer as ArrayBuffer, at.placeIndex),
      view('placeCoords', Float32Array),
      view('placePopulation', Uint32Array),
    );
  }

  /** Water polygons whose box meets `box` (lon/lat). */
  water([minx, miny, maxx, maxy]: Box): WaterPolygon[] {
    return this.waterIndex.search(minx, miny, maxx, maxy).map((i) => {
      const rings: number[][][] = [];
      for (let r = this.polygonRings[i]; r < this.polygonRings[i + 1]; r++) {
        const ring: number[][] = [];
        for (let v = this.ringStarts[r]; v < this.ringStarts[r + 1]; v++)
          ring.push([this.coords[v * 2], this.coords[v * 2 + 1]]);
        rings.push(ring);
      }
      return { kind: WATER_KINDS[this.waterKinds[i]], rings };
    });
  }

  /** Places in `box` of at least `minPopulation` people, the most populous first, at most `limit`. */
  places([minx, miny, maxx, maxy]: Box, minPopulation: number, limit: number): Place[] {
    // Places are stored most populous first, so ascending ids are descending populations.
    const ids = this.placeIndex
      .search(minx, miny, maxx, maxy, (i) => this.placePopulation[i] >= minPopulation)
      .sort((a, b) => a - b)
      .slice(0, limit);
    return ids.map((i) => ({
      name: this.header.placeNames[i],
      population: this.placePopulation[i],
      lon: this.placeCoords[i * 2],
      lat: this.placeCoords[i * 2 + 1],
    }));
  }
}
