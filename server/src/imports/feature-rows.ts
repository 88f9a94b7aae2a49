import { coerceFieldValue, type FieldType } from '@fieldbook/domain';
import type { CopyBuffer } from './copy-buffer.js';
import type { SourceLayer } from './source.js';

/**
 * Feature rows of an import, written into a COPY (copy-buffer.ts): a record of GDAL's CSV (geometry
 * as WKT first, then the source's columns) gives the feature's geometry as EWKT and its typed field
 * values as JSON (FlatGeobuf's features: fgb-rows.ts). The typing is the domain's (coerceFieldValue),
 * the same the API and WFS-T apply, after GDAL's own text forms are read.
 */

export type FeatureKind = 'point' | 'line' | 'polygon';

/** The international foot (exactly 0.3048 m), as the rest of the product converts feet. */
export const FOOT_METRES = 0.3048;

/**
 * Writes one source feature's row into `out`: calls `start(kind)` (which writes the row's beginning:
 * organization, project, layer, kind), then the geometry, a tab and the values JSON. Returns how
 * many values did not fit their field, or undefined (nothing written) for a feature without a point,
 * line or polygon.
 */
export type RowReader<T> = (item: T, out: CopyBuffer, start: (kind: FeatureKind) => void) => number | undefined;

const KINDS: Record<string, FeatureKind> = {
  POINT: 'point',
  MULTIPOINT: 'point',
  LINESTRING: 'line',
  MULTILINESTRING: 'line',
  POLYGON: 'polygon',
  MULTIPOLYGON: 'polygon',
};

/** `POINT Z (`, `MULTIPOLYGON M (`…: the type word and its dimension tag. */
const WKT_HEAD = /^([A-Z]+)(?: (ZM|Z|M))?(?= |\(|$)/;
const TUPLE = /[^(),]+/g;

/**
 * The WKT as the product stores it: M values have no place (XYM becomes XY, XYZM becomes XYZ) and
 * Z in feet becomes metres. Returns undefined for what is no point, line or polygon (a collection,
 * or no geometry at all).
 */
export function storedGeometry(wkt: string, zInFeet: boolean): { kind: FeatureKind; wkt: string } | undefined {
  // Most rows of most files: a 2D point.
  if (wkt.startsWith('POINT (')) return { kind: 'point', wkt };
  const head = WKT_HEAD.exec(wkt);
  const kind = head ? KINDS[head[1]!] : undefined;
  if (!head || !kind) return undefined;
  const tag = head[2];
  if (!tag || (tag === 'Z' && !zInFeet)) return { kind, wkt };
  // Ordinates kept per tuple, and whether the third of them is a Z to scale.
  const keep = tag === 'M' ? 2 : 3;
  const scaleZ = zInFeet && tag !== 'M';
  const body = wkt.slice(head[0].length).replace(TUPLE, (tuple) => {
    const numbers = tuple.trim().split(/\s+/);
    if (numbers.length < 2 || numbers[0] === 'EMPTY') return tuple;
    const kept = numbers.slice(0, keep);
    if (scaleZ && kept.length === 3) kept[2] = String(Number(kept[2]) * FOOT_METRES);
    return kept.join(' ');
  });
  return { kind, wkt: `${head[1]}${tag === 'M' ? '' : ' Z'}${body}` };
}

/**
 * GDAL's text of a date-time (`YYYY/MM/DD HH:MM:SS[.sss][+HH[MM]]`) in ISO 8601: `T` between date and
 * time, a zero offset as `Z`, other offsets as `±HH:MM`; a value without an offset keeps none.
 */
export function isoDateTime(text: string): string {
  return text
    .replace(/\//g, '-')
    .replace(' ', 'T')
    .replace(/[+-]00(:?00)?$/, 'Z')
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
    .replace(/([+-]\d{2})$/, '$1:00');
}

/** A source column as the import types it: its field's type, whether it is in feet, its JSON key. */
export interface ValueColumn {
  type: FieldType;
  feet: boolean;
  /** `"name":`, the column's key in the values' JSON. */
  key: Buffer;
}

export const valueColumn = (field: { name: string; type: FieldType }, feet: boolean): ValueColumn => ({
  type: field.type,
  feet,
  key: Buffer.from(`${JSON.stringify(field.name)}:`),
});

/** A value as GDAL gives it (its CSV text, or FlatGeobuf's typed value), in the form its field reads. */
function normalized(type: FieldType, raw: string | number | boolean): string | number | boolean {
  if (typeof raw !== 'string') return raw;
  if (type === 'datetime') return isoDateTime(raw);
  // FlatGeobuf has date-times only: a date comes at midnight.
  if (type === 'date' && /^\d{4}[-/]\d{2}[-/]\d{2}[T ]00:00(:00)?$/.test(raw)) return raw.slice(0, 10);
  return raw;
}

/**
 * A feature's field values as a JSON object written into the COPY, value by value. Values that do not
 * fit their field are counted and left out. One per reader, begun again for every row.
 */
export class ValuesWriter {
  private out!: CopyBuffer;
  private first = true;
  private bad = 0;

  begin(out: CopyBuffer) {
    this.out = out;
    this.first = true;
    this.bad = 0;
    out.byte(0x7b);
  }

  add(column: ValueColumn, raw: string | number | boolean) {
    const typed = coerceFieldValue(column, normalized(column.type, raw));
    const value = column.feet && typeof typed === 'number' ? typed * FOOT_METRES : typed;
    if (value === undefined) {
      this.bad += 1;
      return;
    }
    if (value === null) return;
    if (!this.first) this.out.byte(0x2c);
    this.first = false;
    this.out.bytes(column.key);
    if (typeof value === 'string') this.out.escaped(JSON.stringify(value));
    else this.out.text(String(value));
  }

  /** Closes the object; returns how many values did not fit. */
  end(): number {
    this.out.byte(0x7d);
    return this.bad;
  }
}

/**
 * The reader of one converted layer's CSV records, given the CSV's header (`WKT`, then columns by their
 * source names). `feet` are the source columns (lower case) whose numbers are feet; `zInFeet` says the
 * same of the Z values. A column GDAL wrote that the layer does not describe is an error.
 */
export function featureRowReader(
  layer: Pick<SourceLayer, 'fields'>,
  header: string[],
  feet: Set<string>,
  zInFeet: boolean,
): RowReader<string[]> {
  const columns = header.slice(1).map((source, i) => ({ at: i + 1, column: sourceColumn(layer, source, feet) }));
  const values = new ValuesWriter();
  return (record, out, start) => {
    const geometry = storedGeometry(record[0] ?? '', zInFeet);
    if (!geometry) return undefined;
    start(geometry.kind);
    out.text('SRID=4326;');
    out.text(geometry.wkt);
    out.byte(0x09);
    values.begin(out);
    for (const { at, column } of columns) {
      const text = record[at];
      // GDAL writes a missing value and an empty text alike: both are no value.
      if (text !== undefined && text !== '') values.add(column, text);
    }
    return values.end();
  };
}

/** The value column of a column GDAL wrote under its source name. */
export function sourceColumn(layer: Pick<SourceLayer, 'fields'>, source: string, feet: Set<string>): ValueColumn {
  const field = layer.fields.find((f) => f.source === source);
  if (!field) throw new Error(`GDAL wrote a column the source did not describe: ${source}`);
  return valueColumn(field, feet.has(source.toLowerCase()));
}
