/**
 * A streaming reader of the FlatGeobuf GDAL writes for an import (without a spatial index: the header,
 * then each feature, size-prefixed). FlatGeobuf is binary: GDAL in WebAssembly writes a million points
 * in a third of the time it takes to print them as CSV text, and we read coordinates and values
 * without parsing numbers. Format: flatgeobuf.org (header.fbs, feature.fbs); tables are FlatBuffers.
 */

const MAGIC = [0x66, 0x67, 0x62, 0x03, 0x66, 0x67, 0x62];

/** FlatGeobuf column types (ColumnType in header.fbs). */
export const COLUMN = {
  Byte: 0,
  UByte: 1,
  Bool: 2,
  Short: 3,
  UShort: 4,
  Int: 5,
  UInt: 6,
  Long: 7,
  ULong: 8,
  Float: 9,
  Double: 10,
  String: 11,
  Json: 12,
  DateTime: 13,
  Binary: 14,
} as const;

/** FlatGeobuf geometry types (GeometryType in header.fbs) that the product stores. */
export const GEOMETRY = {
  Unknown: 0,
  Point: 1,
  LineString: 2,
  Polygon: 3,
  MultiPoint: 4,
  MultiLineString: 5,
  MultiPolygon: 6,
  GeometryCollection: 7,
} as const;

export interface FgbColumn {
  name: string;
  type: number;
}

export interface FgbHeader {
  geometryType: number;
  hasZ: boolean;
  hasM: boolean;
  columns: FgbColumn[];
}

/** One feature in the reader's buffer: its root table (feature.fbs: 0 geometry, 1 properties). */
export interface FgbFeature {
  bytes: Buffer;
  table: Table;
}

/** A FlatBuffers table at `pos` of `view`: its fields by index (absent ones are undefined). */
export class Table {
  private readonly vtable: number;
  private readonly vtableSize: number;

  constructor(
    readonly view: DataView,
    readonly pos: number,
  ) {
    this.vtable = pos - view.getInt32(pos, true);
    this.vtableSize = view.getUint16(this.vtable, true);
  }

  /** Where field `i` is, or 0 when absent. */
  private field(i: number): number {
    const at = 4 + 2 * i;
    if (at >= this.vtableSize) return 0;
    const offset = this.view.getUint16(this.vtable + at, true);
    return offset ? this.pos + offset : 0;
  }

  uint8(i: number, fallback: number): number {
    const at = this.field(i);
    return at ? this.view.getUint8(at) : fallback;
  }

  uint16(i: number, fallback: number): number {
    const at = this.field(i);
    return at ? this.view.getUint16(at, true) : fallback;
  }

  /** A referenced object (string, vector or table) of field `i`. */
  private target(i: number): number {
    const at = this.field(i);
    return at ? at + this.view.getUint32(at, true) : 0;
  }

  string(i: number): string | null {
    const at = this.target(i);
    if (!at) return null;
    const length = this.view.getUint32(at, true);
    return textDecoder.decode(new Uint8Array(this.view.buffer, this.view.byteOffset + at + 4, length));
  }

  table(i: number): Table | null {
    const at = this.target(i);
    return at ? new Table(this.view, at) : null;
  }

  /** A vector's first element and length. */
  vector(i: number): { start: number; length: number } | null {
    const at = this.target(i);
    return at ? { start: at + 4, length: this.view.getUint32(at, true) } : null;
  }

  tables(i: number): Table[] {
    const v = this.vector(i);
    if (!v) return [];
    const out: Table[] = [];
    for (let k = 0; k < v.length; k++) {
      const at = v.start + 4 * k;
      out.push(new Table(this.view, at + this.view.getUint32(at, true)));
    }
    return out;
  }

  bytes(i: number): { start: number; length: number } | null {
    return this.vector(i);
  }
}

const textDecoder = new TextDecoder();

/**
 * Calls `each(column index, value)` for the properties of a feature (the `properties` bytes: a column
 * index, then its value by the column's type). A 64-bit integer beyond 2^53 becomes a double.
 */
export function eachValue(
  view: DataView,
  start: number,
  length: number,
  columns: FgbColumn[],
  each: (index: number, value: string | number | boolean) => void,
) {
  let at = start;
  const end = start + length;
  while (at < end) {
    const index = view.getUint16(at, true);
    at += 2;
    switch (columns[index]?.type) {
      case COLUMN.Bool:
        each(index, view.getUint8(at) !== 0);
        at += 1;
        break;
      case COLUMN.Byte:
        each(index, view.getInt8(at));
        at += 1;
        break;
      case COLUMN.UByte:
        each(index, view.getUint8(at));
        at += 1;
        break;
      case COLUMN.Short:
        each(index, view.getInt16(at, true));
        at += 2;
        break;
      case COLUMN.UShort:
        each(index, view.getUint16(at, true));
        at += 2;
        break;
      case COLUMN.Int:
        each(index, view.getInt32(at, true));
        at += 4;
        break;
      case COLUMN.UInt:
        each(index, view.getUint32(at, true));
        at += 4;
        break;
      case COLUMN.Float:
        each(index, view.getFloat32(at, true));
        at += 4;
        break;
      case COLUMN.Long:
        each(index, Number(view.getBigInt64(at, true)));
        at += 8;
        break;
      case COLUMN.ULong:
        each(index, Number(view.getBigUint64(at, true)));
        at += 8;
        break;
      case COLUMN.Double:
        each(index, view.getFloat64(at, true));
        at += 8;
        break;
      case COLUMN.String:
      case COLUMN.Json:
      case COLUMN.DateTime: {
        const size = view.getUint32(at, true);
        each(index, textDecoder.decode(new Uint8Array(view.buffer, view.byteOffset + at + 4, size)));
        at += 4 + size;
        break;
      }
      case COLUMN.Binary:
        at += 4 + view.getUint32(at, true);
        break;
      default:
        throw new Error(`FlatGeobuf: unknown column ${index}`);
    }
  }
}

/**
 * Reads a FlatGeobuf file piece by piece as it grows: `push` each piece, then take the features
 * completed so far from `features()`.
 */
export class FgbReader {
  private pending: Buffer = Buffer.alloc(0);
  header: FgbHeader | null = null;

  push(piece: Buffer): FgbFeature[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, piece]) : piece;
    const out: FgbFeature[] = [];
    let at = 0;
    const view = new DataView(this.pending.buffer, this.pending.byteOffset, this.pending.length);
    if (!this.header) {
      if (this.pending.length < 12) return out;
      if (MAGIC.some((b, i) => this.pending[i] !== b)) throw new Error('FlatGeobuf: not a FlatGeobuf file');
      const size = view.getUint32(8, true);
      if (this.pending.length < 12 + size) return out;
      const root = new Table(view, 12 + view.getUint32(12, true));
      // Written without an index (index_node_size 0): the features follow the header.
      if (root.uint16(9, 16) !== 0) throw new Error('FlatGeobuf: a spatial index is not expected');
      this.header = {
        geometryType: root.uint8(2, GEOMETRY.Unknown),
        hasZ: root.uint8(3, 0) !== 0,
        hasM: root.uint8(4, 0) !== 0,
        columns: root.tables(7).map((c) => ({ name: c.string(0) ?? '', type: c.uint8(1, COLUMN.String) })),
      };
      at = 12 + size;
    }
    while (at + 4 <= this.pending.length) {
      const size = view.getUint32(at, true);
      if (at + 4 + size > this.pending.length) break;
      out.push({ bytes: this.pending, table: new Table(view, at + 4 + view.getUint32(at + 4, true)) });
      at += 4 + size;
    }
    this.pending = this.pending.subarray(at);
    return out;
  }
}
