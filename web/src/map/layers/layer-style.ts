import type { FeatureLike } from 'ol/Feature';
import type { FlatStyleLike } from 'ol/style/flat';
import { Circle, Fill, Stroke, Style } from 'ol/style';

/** Colours of features without a dictionary system, per geometry type. */
export const DEFAULT_COLOURS = { point: '#d81b60', line: '#1e88e5', polygon: '#2e7d32' } as const;

/** Dictionary system colours by system id and by system name (the WFS output names the system). */
export interface SystemColours {
  byId: Map<string, string>;
  byName: Map<string, string>;
}

export const NO_SYSTEM_COLOURS: SystemColours = { byId: new Map(), byName: new Map() };

type Kind = keyof typeof DEFAULT_COLOURS;

function kindOf(feature: FeatureLike): Kind {
  const type = feature.getGeometry()?.getType() ?? 'Point';
  if (type.endsWith('Polygon') || type === 'Circle') return 'polygon';
  if (type.endsWith('LineString')) return 'line';
  return 'point';
}

/** The colour a feature is drawn in: its system's colour when it has one, else the default of its geometry type. */
export function featureColour(feature: FeatureLike, colours: SystemColours): string {
  return systemColour(feature.get('system_id'), feature.get('system'), colours) ?? DEFAULT_COLOURS[kindOf(feature)];
}

/** The colour of a system, by its id, else by its name (the WFS output names it); undefined when it has none. */
export function systemColour(systemId: unknown, systemName: unknown, colours: SystemColours): string | undefined {
  const byId =
    typeof systemId === 'string' || typeof systemId === 'number' ? colours.byId.get(String(systemId)) : undefined;
  return byId ?? (typeof systemName === 'string' ? colours.byName.get(systemName) : undefined);
}

/** The red, green and blue (0–255) of a #rgb or #rrggbb colour; null for anything else. */
function rgbOf(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) return null;
  const n = parseInt(m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const withAlpha = (hex: string, alpha: number) => {
  const rgb = rgbOf(hex);
  return rgb ? `rgba(${rgb.join(', ')}, ${alpha})` : hex;
};

/** Relative luminance (0 black … 1 white) of a #rgb or #rrggbb colour; 0 for anything else. */
export function luminance(hex: string): number {
  const rgb = rgbOf(hex);
  if (!rgb) return 0;
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/**
 * The casing (halo) drawn around a feature of this colour so it reads on any basemap, light or dark:
 * dark around light colours (white, yellow, light green vanish on a light map otherwise), white around
 * the others.
 */
export function casingColour(colour: string): string {
  return luminance(colour) > 0.45 ? 'rgba(33, 33, 33, 0.85)' : 'rgba(255, 255, 255, 0.95)';
}

/** Point radii: at least 10 px across with the outline (a touch target), `compact` for large layers. */
export const POINT_RADIUS = { normal: 6, compact: 4.5 } as const;

/** The symbol of a point: a filled circle outlined in its casing colour; `compact` is the smaller one of large layers. */
export function pointSymbol(colour: string, compact = false): Circle {
  return new Circle({
    radius: compact ? POINT_RADIUS.compact : POINT_RADIUS.normal,
    fill: new Fill({ color: colour }),
    stroke: new Stroke({ color: casingColour(colour), width: compact ? 1 : 2 }),
  });
}

/** Line and polygon-outline widths: the line, and its casing drawn under it. */
const LINE_WIDTH = { line: 3, outline: 2, casing: 2.5 } as const;

/**
 * The styles of a line or polygon: its casing under it, then the line (or the outline over a
 * translucent fill), so white and yellow features show on a light map and dark ones on a dark map.
 */
function strokedStyles(colour: string, kind: 'line' | 'polygon', compact: boolean): Style[] {
  const width = (kind === 'line' ? LINE_WIDTH.line : LINE_WIDTH.outline) - (compact ? 1 : 0);
  return [
    new Style({ stroke: new Stroke({ color: casingColour(colour), width: width + LINE_WIDTH.casing * 2 }) }),
    new Style({
      stroke: new Stroke({ color: colour, width }),
      fill: kind === 'polygon' ? new Fill({ color: withAlpha(colour, 0.3) }) : undefined,
    }),
  ];
}

/** A canvas style function with cached Styles per colour and geometry type; `compact` draws smaller points for large layers. */
export function canvasStyle(colours: SystemColours, compact = false) {
  const cache = new Map<string, Style[]>();
  return (feature: FeatureLike): Style[] => {
    const colour = featureColour(feature, colours);
    const kind = kindOf(feature);
    const key = `${kind}|${colour}`;
    let style = cache.get(key);
    if (!style) {
      style =
        kind === 'point' ? [new Style({ image: pointSymbol(colour, compact) })] : strokedStyles(colour, kind, compact);
      cache.set(key, style);
    }
    return style;
  };
}

/**
 * The WebGL style of a large point layer: each feature carries the index of its colour in
 * `fbColour` (set when loading), so the style is a plain lookup.
 */
export function webglPointStyle(palette: string[]): FlatStyleLike {
  const colour: unknown[] = ['match', ['get', 'fbColour']];
  palette.forEach((c, i) => colour.push(i, c));
  colour.push(DEFAULT_COLOURS.point);
  return {
    'circle-radius': POINT_RADIUS.compact,
    'circle-fill-color': palette.length ? (colour as never) : DEFAULT_COLOURS.point,
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': 1,
  };
}

type Systems = Array<{ id: string; name: string; color?: string | null }>;
const made = new WeakMap<Systems, SystemColours>();

/**
 * Builds the colour lookup of a project's dictionary; the same systems (the same cached dictionary)
 * give the same lookup, so applying it again redraws nothing.
 */
export function systemColours(systems: Systems | undefined): SystemColours {
  if (!systems?.length) return NO_SYSTEM_COLOURS;
  let colours = made.get(systems);
  if (!colours) {
    const valid = systems.filter((s) => typeof s.color === 'string' && /^#([0-9a-f]{3}){1,2}$/i.test(s.color));
    colours = {
      byId: new Map(valid.map((s) => [s.id, s.color!])),
      byName: new Map(valid.map((s) => [s.name, s.color!])),
    };
    made.set(systems, colours);
  }
  return colours;
}
