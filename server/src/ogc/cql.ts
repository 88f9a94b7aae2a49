import { OgcError } from './xml.js';

/**
 * The cql_filter subset of the WFS (spec 3 §7): comparisons (= <> != < > <= >=), [NOT] LIKE / ILIKE,
 * [NOT] IN, IS [NOT] NULL, BETWEEN, AND / OR / NOT with parentheses, BBOX(geom, minx, miny, maxx,
 * maxy[, 'srs']) and INTERSECTS(geom, <WKT>). Parsed to a tree here; cql-sql.ts turns it into SQL
 * with every value a parameter.
 */
export type Literal = string | number | boolean;
export type CqlNode =
  | { op: 'and' | 'or'; left: CqlNode; right: CqlNode }
  | { op: 'not'; expr: CqlNode }
  | { op: 'compare'; property: string; cmp: '=' | '<>' | '<' | '>' | '<=' | '>='; value: Literal }
  | { op: 'like'; property: string; pattern: string; negate: boolean; insensitive: boolean }
  | { op: 'in'; property: string; values: Literal[]; negate: boolean }
  | { op: 'null'; property: string; negate: boolean }
  | { op: 'between'; property: string; low: Literal; high: Literal }
  | { op: 'bbox'; box: [number, number, number, number]; srs?: string }
  | { op: 'intersects'; wkt: string }
  /** Filter Encoding only (fes.ts): a GML geometry read as GeoJSON in its own system, and an id list. */
  | { op: 'intersects-geojson'; geojson: string; srid: number }
  | { op: 'ids'; ids: string[] };

interface Token {
  type: 'ident' | 'string' | 'number' | 'sym' | 'wkt';
  text: string;
  pos: number;
}

const fail = (message: string): never => {
  throw new OgcError('InvalidParameterValue', 'cql_filter', message);
};

const WKT_TYPES = /^(POINT|LINESTRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON)$/i;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === "'") {
      let s = '';
      i++;
      for (;;) {
        if (i >= input.length) fail('Unterminated string');
        if (input[i] === "'") {
          if (input[i + 1] === "'") {
            s += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += input[i++];
      }
      tokens.push({ type: 'string', text: s, pos: i });
      continue;
    }
    const num = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(input.slice(i));
    if (num && (ch !== '-' || !tokens.length || tokens.at(-1)!.type === 'sym')) {
      tokens.push({ type: 'number', text: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][\w.:]*/.exec(input.slice(i)) ?? /^"([^"]+)"/.exec(input.slice(i));
    if (ident) {
      const word = ident[1] ?? ident[0];
      i += ident[0].length;
      // A WKT geometry is taken whole (balanced parentheses) and checked by PostGIS later.
      if (!ident[1] && WKT_TYPES.test(word) && /^\s*\(/.test(input.slice(i))) {
        let depth = 0;
        const start = i;
        for (; i < input.length; i++) {
          if (input[i] === '(') depth++;
          else if (input[i] === ')' && --depth === 0) {
            i++;
            break;
          }
        }
        if (depth !== 0) fail('Unbalanced parentheses in WKT');
        const body = input.slice(start, i);
        if (!/^[\s\d.,()eE+-]*$/.test(body)) fail('Malformed WKT');
        tokens.push({ type: 'wkt', text: `${word.toUpperCase()}${body}`, pos: start });
      } else tokens.push({ type: 'ident', text: word, pos: i });
      continue;
    }
    const sym = /^(<>|!=|<=|>=|=|<|>|\(|\)|,)/.exec(input.slice(i));
    if (sym) {
      tokens.push({ type: 'sym', text: sym[0], pos: i });
      i += sym[0].length;
      continue;
    }
    fail(`Unexpected character ${ch} at ${i}`);
  }
  return tokens;
}

export function parseCql(input: string): CqlNode {
  if (input.length > 10_000) fail('Filter too long');
  const tokens = tokenize(input);
  let p = 0;
  const peek = () => tokens[p];
  const isWord = (w: string) => peek()?.type === 'ident' && peek().text.toUpperCase() === w;
  const take = (w: string) => (isWord(w) ? (p++, true) : false);
  const expectSym = (s: string) => {
    if (peek()?.type !== 'sym' || peek().text !== s) fail(`Expected ${s}`);
    p++;
  };
  const number = (): number => {
    const t = tokens[p++];
    if (t?.type !== 'number') fail('Expected a number');
    return Number(t.text);
  };
  const literal = (): Literal => {
    const t = tokens[p++];
    if (!t) return fail('Expected a value');
    if (t.type === 'string') return t.text;
    if (t.type === 'number') return Number(t.text);
    if (t.type === 'ident' && /^(true|false)$/i.test(t.text)) return t.text.toLowerCase() === 'true';
    return fail(`Expected a value near ${t.text}`);
  };

  const predicate = (): CqlNode => {
    if (isWord('BBOX')) {
      p++;
      expectSym('(');
      if (peek()?.type !== 'ident') fail('BBOX needs the geometry property');
      p++;
      const box: number[] = [];
      for (let k = 0; k < 4; k++) {
        expectSym(',');
        box.push(number());
      }
      let srs: string | undefined;
      if (peek()?.text === ',') {
        p++;
        const t = tokens[p++];
        if (t?.type !== 'string') fail('BBOX srs must be a string');
        srs = t.text;
      }
      expectSym(')');
      return { op: 'bbox', box: box as [number, number, number, number], srs };
    }
    if (isWord('INTERSECTS')) {
      p++;
      expectSym('(');
      if (peek()?.type !== 'ident') fail('INTERSECTS needs the geometry property');
      p++;
      expectSym(',');
      const t = tokens[p++];
      if (t?.type !== 'wkt') fail('INTERSECTS needs a WKT geometry');
      expectSym(')');
      return { op: 'intersects', wkt: t.text };
    }
    const t = tokens[p++];
    if (t?.type !== 'ident') return fail(`Expected a property name${t ? ` near ${t.text}` : ''}`);
    const property = t.text.replace(/^\w+:/, '');
    if (take('IS')) {
      const negate = take('NOT');
      if (!take('NULL')) fail('Expected NULL');
      return { op: 'null', property, negate };
    }
    const negate = take('NOT');
    if (isWord('LIKE') || isWord('ILIKE')) {
      const insensitive = tokens[p++].text.toUpperCase() === 'ILIKE';
      const v = tokens[p++];
      if (v?.type !== 'string') fail('LIKE needs a string pattern');
      return { op: 'like', property, pattern: v.text, negate, insensitive };
    }
    if (take('IN')) {
      expectSym('(');
      const values = [literal()];
      while (peek()?.text === ',') {
        p++;
        values.push(literal());
      }
      expectSym(')');
      if (values.length > 1000) fail('IN lists at most 1000 values');
      return { op: 'in', property, values, negate };
    }
    if (take('BETWEEN')) {
      const low = literal();
      if (!take('AND')) fail('Expected AND in BETWEEN');
      const high = literal();
      const node: CqlNode = { op: 'between', property, low, high };
      return negate ? { op: 'not', expr: node } : node;
    }
    if (negate) fail('Expected LIKE, IN or BETWEEN after NOT');
    const c = tokens[p++];
    if (c?.type !== 'sym' || !['=', '<>', '!=', '<', '>', '<=', '>='].includes(c.text))
      return fail(`Expected a comparison after ${property}`);
    return { op: 'compare', property, cmp: (c.text === '!=' ? '<>' : c.text) as '=', value: literal() };
  };
  const unary = (): CqlNode => {
    if (take('NOT')) return { op: 'not', expr: unary() };
    if (peek()?.text === '(' && peek().type === 'sym') {
      p++;
      const e = or();
      expectSym(')');
      return e;
    }
    return predicate();
  };
  const and = (): CqlNode => {
    let left = unary();
    while (take('AND')) left = { op: 'and', left, right: unary() };
    return left;
  };
  const or = (): CqlNode => {
    let left = and();
    while (take('OR')) left = { op: 'or', left, right: and() };
    return left;
  };
  const tree = or();
  if (p < tokens.length) fail(`Unexpected ${tokens[p].text}`);
  return tree;
}
