import { coerceFieldValue, type FieldType } from '@fieldbook/domain';
import type { SourceLayer } from './source.js';

/**
 * One record of GDAL's CSV (geometry as WKT first, then the source's columns) as the parts of a
 * feature row: its kind, its geometry as EWKT and its typed field values as JSON. The typing is the
 * domain's (coerceFieldValue), the same the API and WFS-T apply, after GDAL's own text forms are read.
 */

export type FeatureKind = 'point' | 'line' | 'polygon';

/** The international foot (exactly 0.3048 m), as the rest of the product converts feet. */
export const FOOT_METRES = 0.3048;

export interface FeatureRowParts {
  kind: FeatureKind;
  /** The geometry as COPY reads it: `geometryPrefix` then `geometry` (EWKT, or hex EWKB with no prefix). */
  geometryPrefix: string;
  geometry: string;
  /** The field values as JSON (values that did not fit their field are left out). */
  values: string;
  /** How many values did not fit their field. */
  badValues: number;
}

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
  key: string;
}

export const valueColumn = (field: { name: string; type: FieldType }, feet: boolean): ValueColumn => ({
  type: field.type,
  feet,
  key: `${JSON.stringify(field.name)}:`,
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
 * A feature's field values as JSON text, built value by value (a million rows: no object per row to
 * build and serialize). Values that do not fit their field are counted and left out.
 */
export class ValuesJson {
  private text = '';
  badValues = 0;

  add(column: ValueColumn, raw: string | number | boolean) {
    const typed = coerceFieldValue(column, normalized(column.type, raw));
    const value = column.feet && typeof typed === 'number' ? typed * FOOT_METRES : typed;
    if (value === undefined) this.badValues += 1;
    else if (value !== null)
      this.text += `${this.text ? ',' : ''}${column.key}${typeof value === 'string' ? JSON.stringify(value) : String(value)}`;
  }

  json(): string {
    return `{${this.text}}`;
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
): (record: string[]) => FeatureRowParts | undefined {
  const columns = header.slice(1).map((source, i) => ({ at: i + 1, column: sourceColumn(layer, source, feet) }));
  return (record) => {
    const geometry = storedGeometry(record[0] ?? '', zInFeet);
    if (!geometry) return undefined;
    const values = new ValuesJson();
    for (const { at, column } of columns) {
      const text = record[at];
      // GDAL writes a missing value and an empty text alike: both are no value.
      if (text !== undefined && text !== '') values.add(column, text);
    }
    return {
      kind: geometry.kind,
      geometryPrefix: 'SRID=4326;',
      geometry: geometry.wkt,
      values: values.json(),
      badValues: values.badValues,
    };
  };
}

/** The value column of a column GDAL wrote under its source name. */
export function sourceColumn(layer: Pick<SourceLayer, 'fields'>, source: string, feet: Set<string>): ValueColumn {
  const field = layer.fields.find((f) => f.source === source);
  if (!field) throw new Error(`GDAL wrote a column the source did not describe: ${source}`);
  return valueColumn(field, feet.has(source.toLowerCase()));
}

/** A text as a field of PostgreSQL's COPY text format (backslash, tab and line breaks escaped). */
export function copyText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : text;
}
