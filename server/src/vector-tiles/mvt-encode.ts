import { PbfWriter, WIRE_FIXED64, WIRE_VARINT } from './pbf-writer.js';
import type { MvtGeometry } from './mvt-geometry.js';

/**
 * Mapbox Vector Tile 2.1 layers written in JavaScript, for the embedded database (its PostGIS is
 * built without protobuf-c, so ST_AsMVT is missing). Property values are typed the way PostGIS's
 * ST_AsMVT types them, so both databases give clients the same tile: integers as uint (sint when
 * negative), reals as double, booleans as bool, everything else as string.
 */

export const MVT_EXTENT = 4096;
export const MVT_BUFFER = 64;

export type MvtValueKind = 'int' | 'double' | 'bool' | 'string';
export type MvtValue = { kind: MvtValueKind; value: number | boolean | string };

// Field numbers of vector_tile.proto.
const TILE_LAYERS = 3;
const LAYER = { name: 1, features: 2, keys: 3, values: 4, extent: 5, version: 15 };
const FEATURE = { id: 1, tags: 2, type: 3, geometry: 4 };
const VALUE = { string: 1, double: 3, uint: 5, sint: 6, bool: 7 };

/** One layer of a tile; features are written as they are added, the key and value tables at the end. */
export class MvtLayerEncoder {
  private readonly features = new PbfWriter();
  private readonly keys = new Map<string, number>();
  private readonly values = new Map<string, number>();
  private readonly valueList: MvtValue[] = [];
  count = 0;

  constructor(
    readonly name: string,
    readonly extent = MVT_EXTENT,
  ) {}

  private keyIndex(key: string): number {
    let k = this.keys.get(key);
    if (k === undefined) this.keys.set(key, (k = this.keys.size));
    return k;
  }

  private valueIndex(v: MvtValue): number {
    const id = `${v.kind}:${String(v.value)}`;
    let k = this.values.get(id);
    if (k === undefined) {
      this.values.set(id, (k = this.valueList.length));
      this.valueList.push(v);
    }
    return k;
  }

  /** A feature with its id (a non-negative integer), geometry and properties (null values left out). */
  add(id: number, geometry: MvtGeometry, properties: Array<[string, MvtValue | null]>): void {
    const tags: number[] = [];
    for (const [key, value] of properties) {
      if (value === null) continue;
      tags.push(this.keyIndex(key), this.valueIndex(value));
    }
    const w = this.features;
    w.message(LAYER.features, () => {
      w.tag(FEATURE.id, WIRE_VARINT);
      w.varint(id);
      w.packed(FEATURE.tags, tags);
      w.tag(FEATURE.type, WIRE_VARINT);
      w.varint(geometry.type);
      w.packed(FEATURE.geometry, geometry.commands);
    });
    this.count++;
  }

  /** Writes the layer as a `layers` field of a tile. */
  writeTo(tile: PbfWriter): void {
    tile.message(TILE_LAYERS, () => {
      tile.tag(LAYER.version, WIRE_VARINT);
      tile.varint(2);
      tile.string(LAYER.name, this.name);
      tile.raw(this.features.finish());
      for (const key of this.keys.keys()) tile.string(LAYER.keys, key);
      for (const v of this.valueList) tile.message(LAYER.values, () => writeValue(tile, v));
      tile.tag(LAYER.extent, WIRE_VARINT);
      tile.varint(this.extent);
    });
  }
}

function writeValue(w: PbfWriter, v: MvtValue): void {
  switch (v.kind) {
    case 'string':
      w.string(VALUE.string, String(v.value));
      return;
    case 'bool':
      w.tag(VALUE.bool, WIRE_VARINT);
      w.varint(v.value ? 1 : 0);
      return;
    case 'double':
      w.tag(VALUE.double, WIRE_FIXED64);
      w.double(Number(v.value));
      return;
    case 'int': {
      const n = Number(v.value);
      // Beyond 2^53 a JavaScript number is no longer exact: such a value goes out as a double.
      if (!Number.isSafeInteger(n)) return writeValue(w, { kind: 'double', value: n });
      w.tag(n >= 0 ? VALUE.uint : VALUE.sint, WIRE_VARINT);
      if (n >= 0) w.varint(n);
      else w.svarint(n);
    }
  }
}

/** A tile of the layers that have features; an empty tile is zero bytes. */
export function encodeTile(layers: MvtLayerEncoder[]): Uint8Array {
  const tile = new PbfWriter();
  for (const layer of layers) if (layer.count > 0) layer.writeTo(tile);
  return tile.finish();
}
