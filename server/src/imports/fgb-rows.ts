import type { SourceLayer } from './source.js';
import { FOOT_METRES, sourceColumn, ValuesJson, type FeatureKind, type FeatureRowParts } from './feature-rows.js';
import { GEOMETRY, type FgbFeature, type FgbGeometry, type FgbHeader } from './flatgeobuf.js';

/**
 * A FlatGeobuf feature (flatgeobuf.ts) as the parts of a feature row: its kind, its geometry as hex
 * EWKB (PostGIS reads it in COPY without parsing a number) and its typed field values as JSON.
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

/** Writes WKB into a buffer that grows as needed; one per reader, reused for every feature. */
class WkbWriter {
  private buffer = Buffer.alloc(1 << 16);
  private at = 0;

  constructor(
    private readonly hasZ: boolean,
    private readonly zScale: number,
  ) {}

  private room(bytes: number) {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.alloc(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }

  private head(type: number, srid: boolean) {
    this.room(9);
    this.buffer.writeUInt8(1, this.at);
    this.buffer.writeUInt32LE((type | (this.hasZ ? WKB_Z : 0) | (srid ? WKB_SRID : 0)) >>> 0, this.at + 1);
    this.at += 5;
    if (srid) {
      this.buffer.writeUInt32LE(WGS84, this.at);
      this.at += 4;
    }
  }

  private count(n: number) {
    this.room(4);
    this.buffer.writeUInt32LE(n, this.at);
    this.at += 4;
  }

  /** Points `from` (inclusive) to `to` (exclusive) of the geometry's flat coordinates. */
  private points(g: FgbGeometry, from: number, to: number) {
    this.room((to - from) * (this.hasZ ? 24 : 16));
    for (let i = from; i < to; i++) {
      this.buffer.writeDoubleLE(g.xy[2 * i]!, this.at);
      this.buffer.writeDoubleLE(g.xy[2 * i + 1]!, this.at + 8);
      this.at += 16;
      if (this.hasZ) {
        this.buffer.writeDoubleLE((g.z?.[i] ?? 0) * this.zScale, this.at);
        this.at += 8;
      }
    }
  }

  /** The rings (or lines) of a geometry: its `ends`, else one of all its points. */
  private sequences(g: FgbGeometry) {
    const n = g.xy.length / 2;
    const ends = g.ends && g.ends.length ? [...g.ends] : n ? [n] : [];
    this.count(ends.length);
    let from = 0;
    for (const end of ends) {
      this.count(end - from);
      this.points(g, from, end);
      from = end;
    }
  }

  private write(g: FgbGeometry, srid: boolean) {
    const n = g.xy.length / 2;
    switch (g.type) {
      case GEOMETRY.Point:
        this.head(GEOMETRY.Point, srid);
        if (n) this.points(g, 0, 1);
        else {
          // POINT EMPTY: NaN coordinates, as PostGIS writes it.
          this.room(24);
          for (let k = 0; k < (this.hasZ ? 3 : 2); k++) this.buffer.writeDoubleLE(NaN, this.at + 8 * k);
          this.at += this.hasZ ? 24 : 16;
        }
        return;
      case GEOMETRY.LineString:
        this.head(GEOMETRY.LineString, srid);
        this.count(n);
        return this.points(g, 0, n);
      case GEOMETRY.Polygon:
        this.head(GEOMETRY.Polygon, srid);
        return this.sequences(g);
      case GEOMETRY.MultiPoint:
        this.head(GEOMETRY.MultiPoint, srid);
        this.count(n);
        for (let i = 0; i < n; i++) {
          this.head(GEOMETRY.Point, false);
          this.points(g, i, i + 1);
        }
        return;
      case GEOMETRY.MultiLineString: {
        this.head(GEOMETRY.MultiLineString, srid);
        const ends = g.ends && g.ends.length ? [...g.ends] : n ? [n] : [];
        this.count(ends.length);
        let from = 0;
        for (const end of ends) {
          this.head(GEOMETRY.LineString, false);
          this.count(end - from);
          this.points(g, from, end);
          from = end;
        }
        return;
      }
      case GEOMETRY.MultiPolygon:
        this.head(GEOMETRY.MultiPolygon, srid);
        this.count(g.parts.length);
        for (const part of g.parts) this.write({ ...part, type: GEOMETRY.Polygon }, false);
        return;
      default:
        throw new Error(`FlatGeobuf geometry type ${g.type} is not stored`);
    }
  }

  /** The geometry as hex EWKB in EPSG:4326. */
  hex(g: FgbGeometry): string {
    this.at = 0;
    this.write(g, true);
    return this.buffer.toString('hex', 0, this.at);
  }
}

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
): (feature: FgbFeature) => FeatureRowParts | undefined {
  const columns = header.columns.map((c) => sourceColumn(layer, c.name, feet));
  const wkb = new WkbWriter(header.hasZ, zInFeet ? FOOT_METRES : 1);
  return (feature) => {
    const geometry = feature.geometry;
    const kind = geometry ? KINDS[geometry.type] : undefined;
    if (!geometry || !kind) return undefined;
    const values = new ValuesJson();
    for (const [index, raw] of feature.values) {
      const column = columns[index];
      if (column && raw !== '') values.add(column, raw);
    }
    return {
      kind,
      geometryPrefix: '',
      geometry: wkb.hex(geometry),
      values: values.json(),
      badValues: values.badValues,
    };
  };
}
