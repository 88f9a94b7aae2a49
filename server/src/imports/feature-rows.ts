import { coerceFieldValue, type FieldType, type FieldValue } from '@fieldbook/domain';
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
  /** EWKT in EPSG:4326, as PostGIS reads it in COPY. */
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

interface Column {
  /** The record's index of the column. */
  at: number;
  name: string;
  type: FieldType;
  feet: boolean;
}

/** A value as GDAL wrote it, typed for its field; undefined when it does not fit. */
function typed(column: Column, text: string): FieldValue | undefined {
  const value = coerceFieldValue(column, column.type === 'datetime' ? isoDateTime(text) : text);
  return column.feet && typeof value === 'number' ? value * FOOT_METRES : value;
}

/**
 * The reader of one converted layer's records, given the CSV's header (`WKT`, then columns by their
 * source names). `feet` are the source columns (lower case) whose numbers are feet; `zInFeet` says the
 * same of the Z values. A column GDAL wrote that the layer does not describe is an error.
 */
export function featureRowReader(
  layer: Pick<SourceLayer, 'fields'>,
  header: string[],
  feet: Set<string>,
  zInFeet: boolean,
): (record: string[]) => FeatureRowParts | undefined {
  const columns: Column[] = header.slice(1).map((source, i) => {
    const field = layer.fields.find((f) => f.source === source);
    if (!field) throw new Error(`GDAL wrote a column the source did not describe: ${source}`);
    return { at: i + 1, name: field.name, type: field.type, feet: feet.has(source.toLowerCase()) };
  });
  return (record) => {
    const geometry = storedGeometry(record[0] ?? '', zInFeet);
    if (!geometry) return undefined;
    const values: Record<string, FieldValue> = {};
    let badValues = 0;
    for (const column of columns) {
      const text = record[column.at];
      // GDAL writes a missing value and an empty text alike: both are no value.
      if (text === undefined || text === '') continue;
      const value = typed(column, text);
      if (value === undefined) badValues += 1;
      else if (value !== null) values[column.name] = value;
    }
    return { kind: geometry.kind, geometry: `SRID=4326;${geometry.wkt}`, values: JSON.stringify(values), badValues };
  };
}

/** A text as a field of PostgreSQL's COPY text format (backslash, tab and line breaks escaped). */
export function copyText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : text;
}
