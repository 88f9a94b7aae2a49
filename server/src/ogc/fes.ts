import { parseFeatureRef } from '@fieldbook/domain';
import type { CqlNode, Literal } from './cql.js';
import { gmlGeometry } from './gml-geometry.js';
import type { XmlNode } from './wfs-transaction-parse.js';
import { OgcError } from './xml.js';

/**
 * OGC Filter Encoding (FES 2.0, and the Filter 1.1 names GDAL and QGIS still send) read into the
 * same tree as cql_filter (cql.ts), so one compiler (cql-sql.ts) turns both into SQL with every
 * value a parameter. Covers what desktop clients send for `-where`, identify, select-by-id and
 * WFS-T Update/Delete: ResourceId / GmlObjectId / FeatureId, the comparison operators, Like, Null,
 * Between, And / Or / Not, BBOX and Intersects.
 */

const fail = (text: string): never => {
  throw new OgcError('InvalidParameterValue', 'Filter', text);
};

/** The comparison element names (2.0 and 1.1 spellings) and their SQL operators. */
const COMPARISONS: Record<string, '=' | '<>' | '<' | '>' | '<=' | '>='> = {
  PropertyIsEqualTo: '=',
  PropertyIsNotEqualTo: '<>',
  PropertyIsLessThan: '<',
  PropertyIsGreaterThan: '>',
  PropertyIsLessThanOrEqualTo: '<=',
  PropertyIsGreaterThanOrEqualTo: '>=',
};

/** The largest id list a filter may name: the Transaction's own cap is lower, GetFeature's page is 3000. */
const MAX_IDS = 10_000;

const childNamed = (n: XmlNode, ...names: string[]) => n.children.find((c) => names.includes(c.name));

/** A ValueReference / PropertyName: the property, without namespace prefix or XPath steps before it. */
function propertyOf(node: XmlNode): string {
  const ref = childNamed(node, 'ValueReference', 'PropertyName') ?? fail(`${node.name} needs a ValueReference`);
  const name = ref.text
    .trim()
    .split('/')
    .pop()!
    .replace(/^[\w.-]+:/, '');
  return name || fail(`${node.name} names no property`);
}

function literalOf(node: XmlNode | undefined, owner: string): Literal {
  if (!node || node.name !== 'Literal') return fail(`${owner} needs a Literal`);
  return node.text;
}

/** "point.12", "fb:layer.12" or "12" → "12"; anything else is refused. */
export function featureIdOf(rid: string): string {
  return parseFeatureRef(rid.trim().replace(/^.*\.(?=\d+$)/, ''))?.id ?? fail(`Not a feature id: ${rid.slice(0, 64)}`);
}

/** FES Like wildcards (wildCard, singleChar, escapeChar attributes) → an SQL LIKE pattern. */
export function likePattern(pattern: string, wild = '*', single = '.', escape = '!'): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === escape && i + 1 < pattern.length) {
      const next = pattern[++i];
      out += next === '%' || next === '_' || next === '\\' ? `\\${next}` : next;
    } else if (ch === wild) out += '%';
    else if (ch === single) out += '_';
    else if (ch === '%' || ch === '_' || ch === '\\') out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

function envelopeOf(node: XmlNode): CqlNode {
  const env = childNamed(node, 'Envelope', 'Box') ?? fail('BBOX needs a gml:Envelope');
  const corner = (name: string) =>
    (childNamed(env, name)?.text ?? fail(`Envelope needs ${name}`)).trim().split(/\s+/).map(Number);
  let lower: number[];
  let upper: number[];
  const coordinates = childNamed(env, 'coordinates');
  if (coordinates) {
    // GML 2 Box: "x1,y1 x2,y2".
    const pairs = coordinates.text.trim().split(/\s+/);
    [lower, upper] = pairs.map((p) => p.split(',').map(Number));
  } else {
    lower = corner('lowerCorner');
    upper = corner('upperCorner');
  }
  const box = [lower?.[0], lower?.[1], upper?.[0], upper?.[1]];
  if (box.some((n) => n === undefined || !Number.isFinite(n))) fail('BBOX corners must be numbers');
  return {
    op: 'bbox',
    box: box as [number, number, number, number],
    srs: env.attrs.srsName ?? node.attrs.srsName,
  };
}

function spatialOf(node: XmlNode): CqlNode {
  const shape = node.children.find((c) => c.name !== 'ValueReference' && c.name !== 'PropertyName');
  if (!shape) return fail(`${node.name} needs a geometry`);
  if (shape.name === 'Envelope' || shape.name === 'Box') return envelopeOf(node);
  const read = gmlGeometry(shape, shape.attrs.srsName ?? 'urn:ogc:def:crs:EPSG::4326');
  if (!read) return fail(`${node.name} holds a geometry that cannot be read`);
  return { op: 'intersects-geojson', geojson: JSON.stringify(read.geometry), srid: read.srid };
}

/** One filter element (a predicate or a logical operator) → its tree. */
export function fesNode(node: XmlNode): CqlNode {
  const cmp = COMPARISONS[node.name];
  if (cmp) {
    const literal = node.children.find((c) => c.name === 'Literal');
    return { op: 'compare', property: propertyOf(node), cmp, value: literalOf(literal, node.name) };
  }
  switch (node.name) {
    case 'And':
    case 'Or': {
      const parts = node.children.map(fesNode);
      if (parts.length < 2) fail(`${node.name} needs two operands`);
      const op = node.name === 'And' ? 'and' : 'or';
      return parts.reduce((left, right) => ({ op, left, right }));
    }
    case 'Not':
      return { op: 'not', expr: fesNode(node.children[0] ?? fail('Not needs an operand')) };
    case 'PropertyIsLike': {
      const a = node.attrs;
      const pattern = String(literalOf(childNamed(node, 'Literal'), node.name));
      return {
        op: 'like',
        property: propertyOf(node),
        pattern: likePattern(pattern, a.wildCard ?? '*', a.singleChar ?? '.', a.escapeChar ?? a.escape ?? '!'),
        negate: false,
        insensitive: a.matchCase === 'false',
      };
    }
    case 'PropertyIsNull':
    case 'PropertyIsNil':
      return { op: 'null', property: propertyOf(node), negate: false };
    case 'PropertyIsBetween': {
      const bound = (name: string) => literalOf(childNamed(node, name)?.children[0], name);
      return {
        op: 'between',
        property: propertyOf(node),
        low: bound('LowerBoundary'),
        high: bound('UpperBoundary'),
      };
    }
    case 'BBOX':
      return envelopeOf(node);
    case 'Intersects':
      return spatialOf(node);
    default:
      return node.name === 'ResourceId' || node.name === 'GmlObjectId' || node.name === 'FeatureId'
        ? { op: 'ids', ids: [idOf(node)] }
        : fail(`Unsupported filter operator ${node.name}`);
  }
}

const idOf = (n: XmlNode) =>
  featureIdOf(n.attrs.rid ?? n.attrs.fid ?? n.attrs.id ?? fail(`${n.name} names no feature`));

/**
 * An fes:Filter element → its tree. A run of ResourceId / GmlObjectId / FeatureId children (the only
 * operator a Filter may repeat at its top) is one id list. An envelope without srsName is in the
 * query's system (`defaultSrs`: the request's srsName, else the DefaultCRS, the lat/lon URN).
 */
export function fesFilter(filter: XmlNode, defaultSrs = 'urn:ogc:def:crs:EPSG::4326'): CqlNode {
  const top = filter.children;
  if (top.length === 0) fail('The Filter is empty');
  if (top.every((c) => ['ResourceId', 'GmlObjectId', 'FeatureId'].includes(c.name))) {
    if (top.length > MAX_IDS) fail(`A Filter names at most ${MAX_IDS} features`);
    return { op: 'ids', ids: top.map(idOf) };
  }
  if (top.length > 1) fail('A Filter holds one operator');
  return withSrs(fesNode(top[0]), defaultSrs);
}

function withSrs(node: CqlNode, srs: string): CqlNode {
  if (node.op === 'bbox') return { ...node, srs: node.srs ?? srs };
  if (node.op === 'and' || node.op === 'or')
    return { ...node, left: withSrs(node.left, srs), right: withSrs(node.right, srs) };
  if (node.op === 'not') return { ...node, expr: withSrs(node.expr, srs) };
  return node;
}

/** The feature ids a tree names when it is nothing but an id list; null otherwise. */
export const idsOnly = (node: CqlNode): string[] | null => (node.op === 'ids' ? node.ids : null);
