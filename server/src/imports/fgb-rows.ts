import type { SourceLayer } from './source.js';
import type { CopyBuffer } from './copy-buffer.js';
import { FOOT_METRES, sourceColumn, ValuesWriter, type FeatureKind, type RowReader } from './feature-rows.js';
import { eachValue, GEOMETRY, Table, type FgbFeature, type FgbHeader } from './flatgeobuf.js';

/**
 * A FlatGeobuf feature (flatgeobuf.ts) as the parts of a feature row: its kind, its geometry as hex
 * EWKB and its typed field values as JSON. FlatGeobuf keeps coordinates as little-endian doubles,
 * which is what WKB holds: they are copied byte for byte (a million points are read without decoding
 * one number), and PostGIS reads the hex EWKB in COPY without parsing text.
 */

const KINDS: Partial<Record<number, FeatureKind>> = {
  [GEOMETRY.Point]: 'point',
  [GEOMETRY.MultiPoint]: 'point',
  [GEOMETRY.LineString]: 'line',
  [GEOMETRY.MultiLineString]: 'line',
  [GEOMETRY.Polygon]: 'polygon',
  [GEOMETRY.MultiPolygon]: 'polygon',
};

const WKB_Z = 0x80000000;
const WKB_SRID = 0x20000000;
const WGS84 = 4326;

/** Geometry table fields (feature.fbs). */
const G = { ends: 0, xy: 1, z: 2, type: 6, parts: 7 } as const;

/** Writes EWKB into a buffer that grows as needed, reused for every feature of a layer. */
class WkbWriter {
  private out = Buffer.alloc(1 << 16);
  private at = 0;
  private source!: Buffer;
  private view!: DataView;

  constructor(
    private readonly hasZ: boolean,
    private readonly zScale: number,
  ) {}

  private room(bytes: number) {
    if (this.at + bytes <= this.out.length) return;
    const bigger = Buffer.alloc(Math.max(this.out.length * 2, this.at + bytes));
    this.out.copy(bigger, 0, 0, this.at);
    this.out = bigger;
  }

  private head(type: number, srid: boolean) {
    this.room(9);
    this.out[this.at] = 1;
    this.out.writeUInt32LE((type | (this.hasZ ? WKB_Z : 0) | (srid ? WKB_SRID : 0)) >>> 0, this.at + 1);
    this.at += 5;
    if (srid) {
      this.out.writeUInt32LE(WGS84, this.at);
      this.at += 4;
    }
  }

  private count(n: number) {
    this.room(4);
    this.out.writeUInt32LE(n, this.at);
    this.at += 4;
  }

  /** Points `from` to `to` (exclusive) of a geometry's xy (and z) vectors, copied as WKB coordinates. */
  private points(xy: number, z: number, from: number, to: number) {
    if (!this.hasZ) {
      this.room((to - from) * 16);
      this.source.copy(this.out, this.at, xy + 16 * from, xy + 16 * to);
      this.at += (to - from) * 16;
      return;
    }
    this.room((to - from) * 24);
    for (let i = from; i < to; i++) {
      this.source.copy(this.out, this.at, xy + 16 * i, xy + 16 * i + 16);
      const value = z ? this.view.getFloat64(z + 8 * i, true) : 0;
      this.out.writeDoubleLE(value * this.zScale, this.at + 16);
      this.at += 24;
    }
  }

  /** The line or ring ends of a geometry (in points): its `ends`, else one of all its points. */
  private endsOf(g: Table, n: number): number[] {
    const ends = g.vector(G.ends);
    if (!ends || !ends.length) return n ? [n] : [];
    const out: number[] = [];
    for (let k = 0; k < ends.length; k++) out.push(this.view.getUint32(ends.start + 4 * k, true));
    return out;
  }

  private write(g: Table, type: number, srid: boolean) {
    const xyVector = g.vector(G.xy);
    const xy = xyVector?.start ?? 0;
    const n = (xyVector?.length ?? 0) / 2;
    const z = g.vector(G.z)?.start ?? 0;
    switch (type) {
      case GEOMETRY.Point:
        this.head(GEOMETRY.Point, srid);
        if (n) return this.points(xy, z, 0, 1);
        // POINT EMPTY: NaN coordinates, as PostGIS writes it.
        this.room(24);
        for (let k = 0; k < (this.hasZ ? 3 : 2); k++) this.out.writeDoubleLE(NaN, this.at + 8 * k);
        this.at += this.hasZ ? 24 : 16;
        return;
      case GEOMETRY.LineString:
        this.head(GEOMETRY.LineString, srid);
        this.count(n);
        return this.points(xy, z, 0, n);
      case GEOMETRY.Polygon:
      case GEOMETRY.MultiLineString: {
        const multi = type === GEOMETRY.MultiLineString;
        this.head(type, srid);
        const ends = this.endsOf(g, n);
        this.count(ends.length);
        let from = 0;
        for (const end of ends) {
          if (multi) this.head(GEOMETRY.LineString, false);
          this.count(end - from);
          this.points(xy, z, from, end);
          from = end;
        }
        return;
      }
      case GEOMETRY.MultiPoint:
        this.head(GEOMETRY.MultiPoint, srid);
        this.count(n);
        for (let i = 0; i < n; i++) {
          this.head(GEOMETRY.Point, false);
          this.points(xy, z, i, i + 1);
        }
        return;
      case GEOMETRY.MultiPolygon: {
        this.head(GEOMETRY.MultiPolygon, srid);
        const parts = g.tables(G.parts);
        this.count(parts.length);
        for (const part of parts) this.write(part, GEOMETRY.Polygon, false);
        return;
      }
      default:
        throw new Error(`FlatGeobuf geometry type ${type} is not stored`);
    }
  }

  /** Writes the geometry into `copy` as hex EWKB in EPSG:4326. */
  hex(g: Table, type: number, source: Buffer, copy: CopyBuffer) {
    this.source = source;
    this.view = g.view;
    this.at = 0;
    this.write(g, type, true);
    copy.hex(this.out, 0, this.at);
  }
}

/** Hex EWKB of a 2D point in EPSG:4326 up to its coordinates (little-endian, type 1 with SRID, 4326). */
const POINT_2D_HEX = Buffer.from('0101000020e6100000');

/**
 * The reader of one converted layer's FlatGeobuf features. Its columns are the source's, by name;
 * `feet` are the source columns (lower case) whose numbers are feet, `zInFeet` says so of Z. M values
 * have no place in the product and are not read.
 */
export function fgbRowReader(
  layer: Pick<SourceLayer, 'fields'>,
  header: FgbHeader,
  feet: Set<string>,
  zInFeet: boolean,
): RowReader<FgbFeature> {
  const columns = header.columns.map((c) => sourceColumn(layer, c.name, feet));
  const wkb = new WkbWriter(header.hasZ, zInFeet ? FOOT_METRES : 1);
  const values = new ValuesWriter();
  return ({ bytes, table }, out, start) => {
    const g = table.table(0);
    if (!g) return undefined;
    const type = g.uint8(G.type, header.geometryType);
    const kind = KINDS[type];
    if (!kind) return undefined;
    start(kind);
    const xy = type === GEOMETRY.Point && !header.hasZ ? g.vector(G.xy) : null;
    if (xy && xy.length === 2) {
      // Most rows of the largest files: a 2D point, its 16 bytes of coordinates as they are.
      out.bytes(POINT_2D_HEX);
      out.hex(bytes, xy.start, xy.start + 16);
    } else wkb.hex(g, type, bytes, out);
    out.byte(0x09);
    values.begin(out);
    const properties = table.vector(1);
    if (properties)
      eachValue(table.view, properties.start, properties.length, header.columns, (index, raw) => {
        const column = columns[index];
        if (column && raw !== '') values.add(column, raw);
      });
    return values.end();
  };
}
