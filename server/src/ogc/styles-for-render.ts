import { XMLParser } from 'fast-xml-parser';
import { defaultComponentStyle, type ComponentStyle } from '@fieldbook/domain';

/** The neutral style the tile renderer draws: one symbolizer per geometry type. */
export type MarkShape = 'circle' | 'square' | 'triangle' | 'star' | 'cross' | 'x';
export interface Paint {
  color: string;
  opacity: number;
}
export interface Stroke extends Paint {
  width: number;
  dash: number[] | null;
}
export interface PointSymbol {
  shape: MarkShape;
  size: number;
  fill: Paint | null;
  stroke: Stroke | null;
}
export interface Symbolizers {
  point: PointSymbol;
  line: Stroke;
  polygon: { fill: Paint | null; stroke: Stroke | null };
}

const DEFAULT_COLOR = '#3f51b5';
const SHAPES: MarkShape[] = ['circle', 'square', 'triangle', 'star', 'cross', 'x'];

/** Dictionary styling (spec 2 §9) for a feature's component, else the defaults of its system colour. */
export function fromComponentStyle(s: ComponentStyle): Symbolizers {
  const stroke: Stroke = {
    color: s.strokeColor,
    opacity: s.strokeOpacity,
    width: s.strokeWidth,
    dash: s.dashed ? [s.strokeWidth * 3, s.strokeWidth * 2] : null,
  };
  const fill: Paint = { color: s.fillColor, opacity: s.fillOpacity };
  return {
    point: {
      shape: 'circle',
      size: s.size ?? 6,
      fill,
      stroke: { ...stroke, width: Math.min(stroke.width, 2), dash: null },
    },
    line: stroke,
    polygon: { fill, stroke },
  };
}

/** Points, lines and polygons drawn in one colour with the dictionary's default widths and opacities. */
export function colourSymbolizers(color: string = DEFAULT_COLOR): Symbolizers {
  const point = fromComponentStyle(defaultComponentStyle('Point', color));
  return {
    point: { ...point.point, size: 8, stroke: { color: '#ffffff', opacity: 1, width: 1, dash: null } },
    line: fromComponentStyle(defaultComponentStyle('Line', color)).line,
    polygon: fromComponentStyle(defaultComponentStyle('Polygon', color)).polygon,
  };
}

/** A feature's symbolizers from its component's styling (when on and valid) or its system colour. */
export function dictionarySymbolizers(
  systemColor: string | null,
  componentStyling: boolean | null,
  componentStyle: string | null,
): Symbolizers {
  const base = colourSymbolizers(systemColor ?? DEFAULT_COLOR);
  if (!componentStyling || !componentStyle) return base;
  try {
    const parsed = JSON.parse(componentStyle) as ComponentStyle;
    return typeof parsed === 'object' && parsed && typeof parsed.strokeColor === 'string'
      ? fromComponentStyle(parsed)
      : base;
  } catch {
    return base; // a marker image URL: drawn as the system colour's circle on tiles
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
});
type Node = Record<string, unknown>;

const asArray = (v: unknown): Node[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]) as Node[];
const text = (v: unknown): string | undefined => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
  if (v && typeof v === 'object' && '#text' in v) return String((v as Node)['#text']).trim();
  return undefined;
};

/** All descendants named `name`, depth first. */
function findAll(node: unknown, name: string, out: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const n of node) findAll(n, name, out);
    return out;
  }
  if (!node || typeof node !== 'object') return out;
  for (const [k, v] of Object.entries(node as Node)) {
    if (k.startsWith('@_')) continue;
    if (k === name) out.push(...asArray(v));
    findAll(v, name, out);
  }
  return out;
}

/** CssParameter / SvgParameter values of a Fill or Stroke element by their name attribute. */
function parameters(node: Node | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of [...asArray(node?.CssParameter), ...asArray(node?.SvgParameter)]) {
    const name = p['@_name'];
    const value = text(p);
    if (typeof name === 'string' && value !== undefined) out[name] = value;
  }
  return out;
}

const num = (v: string | undefined, fallback: number) =>
  v !== undefined && Number.isFinite(Number(v)) ? Number(v) : fallback;
const dashOf = (v: string | undefined) =>
  v
    ? v
        .split(/[\s,]+/)
        .map(Number)
        .filter((n) => Number.isFinite(n) && n >= 0)
    : null;

function fillOf(node: Node | undefined, fallback: string): Paint | null {
  if (!node) return null;
  const p = parameters(node);
  return { color: p.fill ?? fallback, opacity: num(p['fill-opacity'], 1) };
}

function strokeOf(node: Node | undefined, fallback: string): Stroke | null {
  if (!node) return null;
  const p = parameters(node);
  const dash = dashOf(p['stroke-dasharray']);
  return {
    color: p.stroke ?? fallback,
    opacity: num(p['stroke-opacity'], 1),
    width: num(p['stroke-width'], 1),
    dash: dash?.length ? dash : null,
  };
}

/**
 * The symbolizers of an SLD: the first Point-, Line- and PolygonSymbolizer, preferring rules without
 * a filter (the layer's default look). Missing parts keep the default style.
 */
export function parseSld(body: string): Symbolizers | null {
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch {
    return null;
  }
  const rules = findAll(doc, 'Rule');
  if (rules.length === 0) return null;
  const ordered = [...rules.filter((r) => !('Filter' in r) && !('ElseFilter' in r)), ...rules];
  const first = (name: string) => ordered.map((r) => asArray(r[name])[0]).find(Boolean);
  const base = colourSymbolizers();
  const result: Symbolizers = { ...base };
  const ps = first('PointSymbolizer');
  if (ps) {
    const graphic = asArray(ps.Graphic)[0];
    const mark = asArray(graphic?.Mark)[0];
    const shape = text(mark?.WellKnownName)?.toLowerCase() as MarkShape | undefined;
    result.point = {
      shape: shape && SHAPES.includes(shape) ? shape : 'square',
      size: num(text(graphic?.Size), 6),
      fill: mark ? fillOf(asArray(mark.Fill)[0], '#808080') : { color: '#808080', opacity: 1 },
      stroke: mark ? strokeOf(asArray(mark.Stroke)[0], '#000000') : null,
    };
  }
  const ls = first('LineSymbolizer');
  if (ls) result.line = strokeOf(asArray(ls.Stroke)[0], '#000000') ?? base.line;
  const pg = first('PolygonSymbolizer');
  if (pg)
    result.polygon = {
      fill: fillOf(asArray(pg.Fill)[0], '#808080'),
      stroke: strokeOf(asArray(pg.Stroke)[0], '#000000'),
    };
  return ps || ls || pg ? result : null;
}

/**
 * A simple GeoServer CSS style: the declarations of its rules merged (fill, stroke, stroke-width,
 * stroke-dasharray, opacities, mark: symbol(shape), mark-size). Selectors and filters are not read.
 */
export function parseCss(body: string): Symbolizers | null {
  const decls: Record<string, string> = {};
  const clean = body.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const block of clean.match(/\{[^}]*\}/g) ?? [`{${clean}}`]) {
    for (const d of block.slice(1, -1).split(';')) {
      const i = d.indexOf(':');
      if (i > 0) decls[d.slice(0, i).trim().toLowerCase()] = d.slice(i + 1).trim();
    }
  }
  if (Object.keys(decls).length === 0) return null;
  const color = (v: string | undefined) => (v && /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([^)]*\))$/i.test(v) ? v : undefined);
  const fillColor = color(decls.fill ?? decls['mark-fill']);
  const strokeColor = color(decls.stroke);
  const base = colourSymbolizers(fillColor ?? strokeColor);
  const stroke: Stroke | null = strokeColor
    ? {
        color: strokeColor,
        opacity: num(decls['stroke-opacity'], 1),
        width: num(decls['stroke-width']?.replace(/px$/, ''), 1),
        dash: dashOf(decls['stroke-dasharray']),
      }
    : null;
  const fill: Paint | null = fillColor ? { color: fillColor, opacity: num(decls['fill-opacity'], 1) } : null;
  const shape = /symbol\(\s*['"]?(\w+)['"]?\s*\)/.exec(decls.mark ?? '')?.[1]?.toLowerCase() as MarkShape | undefined;
  return {
    point: {
      shape: shape && SHAPES.includes(shape) ? shape : 'circle',
      size: num(decls['mark-size']?.replace(/px$/, ''), base.point.size),
      fill: fill ?? base.point.fill,
      stroke: stroke ?? base.point.stroke,
    },
    line: stroke ?? base.line,
    polygon: { fill: fill ?? (stroke ? null : base.polygon.fill), stroke: stroke ?? base.polygon.stroke },
  };
}

export function parseStyleBody(format: string, body: string): Symbolizers | null {
  return format === 'xml' ? parseSld(body) : parseCss(body);
}

/** How far (in pixels) a point symbol reaches from its centre; tiles query that much beyond their edges. */
export const reachOf = (s: Symbolizers) => Math.ceil(s.point.size / 2 + (s.point.stroke?.width ?? 0) + 1);
