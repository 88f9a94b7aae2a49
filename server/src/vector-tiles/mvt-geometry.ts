import { zigzag } from './pbf-writer.js';

/**
 * Mapbox Vector Tile geometry encoding (spec 2.1 §4.3): integer tile coordinates as MoveTo / LineTo /
 * ClosePath commands with zigzag deltas from a cursor that runs through the whole feature. Used by
 * the embedded database's encoder, which gets its geometry from SQL as WKB already in tile coordinates.
 */

export const GEOM_POINT = 1;
export const GEOM_LINESTRING = 2;
export const GEOM_POLYGON = 3;
export type GeomType = typeof GEOM_POINT | typeof GEOM_LINESTRING | typeof GEOM_POLYGON;

const MOVE_TO = 1;
const LINE_TO = 2;
const CLOSE_PATH = 7;
const command = (id: number, count: number) => (id & 7) | (count << 3);

export interface MvtGeometry {
  type: GeomType;
  commands: number[];
}

/** A single point's commands. */
export const pointGeometry = (x: number, y: number): MvtGeometry => ({
  type: GEOM_POINT,
  commands: [command(MOVE_TO, 1), zigzag(Math.round(x)), zigzag(Math.round(y))],
});

/** Parts of a geometry in tile coordinates: points, lines and polygons (lists of rings), each a flat x,y array. */
export interface Parts {
  points: number[];
  lines: number[][];
  polygons: number[][][];
}

/** Reads WKB (ISO or EWKB flags, 2D to 4D; x and y kept, rounded to the tile grid) into parts. */
function readParts(bytes: Uint8Array): Parts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Parts = { points: [], lines: [], polygons: [] };
  let o = 0;
  const coords = (le: boolean, dims: number): number[] => {
    const n = view.getUint32(o, le);
    o += 4;
    const c = new Array<number>(n * 2);
    for (let i = 0; i < n; i++) {
      c[i * 2] = Math.round(view.getFloat64(o, le));
      c[i * 2 + 1] = Math.round(view.getFloat64(o + 8, le));
      o += 8 * dims;
    }
    return c;
  };
  const geometry = (): void => {
    const le = view.getUint8(o) === 1;
    const raw = view.getUint32(o + 1, le);
    o += 5;
    let dims = 2 + (raw & 0x80000000 ? 1 : 0) + (raw & 0x40000000 ? 1 : 0);
    if (raw & 0x20000000) o += 4; // EWKB SRID
    const iso = raw & 0x0fffffff;
    const tier = Math.floor(iso / 1000);
    if (tier === 1 || tier === 2) dims = 3;
    else if (tier === 3) dims = 4;
    const base = iso % 1000;
    if (base === 1) {
      const x = view.getFloat64(o, le);
      const y = view.getFloat64(o + 8, le);
      o += 8 * dims;
      // An empty point is written as NaN coordinates.
      if (Number.isFinite(x) && Number.isFinite(y)) parts.points.push(Math.round(x), Math.round(y));
    } else if (base === 2) {
      parts.lines.push(coords(le, dims));
    } else if (base === 3) {
      const rings = view.getUint32(o, le);
      o += 4;
      const poly: number[][] = [];
      for (let r = 0; r < rings; r++) poly.push(coords(le, dims));
      parts.polygons.push(poly);
    } else if (base >= 4 && base <= 7) {
      const n = view.getUint32(o, le);
      o += 4;
      for (let i = 0; i < n; i++) geometry();
    } else {
      throw new Error(`WKB geometry type ${raw} has no vector-tile encoding`);
    }
  };
  while (o < bytes.byteLength) geometry();
  return parts;
}

/** Drops consecutive repeated vertices (snapping to the grid makes them). */
function dedupe(c: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < c.length; i += 2) {
    const n = out.length;
    if (n >= 2 && out[n - 2] === c[i] && out[n - 1] === c[i + 1]) continue;
    out.push(c[i], c[i + 1]);
  }
  return out;
}

/** Twice the signed area by the surveyor's formula, in tile coordinates (y down). */
function ringArea2(c: number[]): number {
  let sum = 0;
  const n = c.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    sum += c[i * 2] * c[j * 2 + 1] - c[j * 2] * c[i * 2 + 1];
  }
  return sum;
}

function reversed(c: number[]): number[] {
  const out = new Array<number>(c.length);
  const n = c.length / 2;
  for (let i = 0; i < n; i++) {
    out[i * 2] = c[(n - 1 - i) * 2];
    out[i * 2 + 1] = c[(n - 1 - i) * 2 + 1];
  }
  return out;
}

/**
 * A WKB geometry in tile coordinates as one MVT feature geometry, or null when nothing drawable is
 * left (a line collapsed to a point, a ring to no area). A feature has one type: a collection keeps
 * the parts of its first drawable kind. Rings are turned as the spec requires: exterior rings of
 * positive area (clockwise with y down), interior rings negative.
 */
export function wkbGeometry(bytes: Uint8Array): MvtGeometry | null {
  return partsGeometry(readParts(bytes));
}

/** Parts (integer tile coordinates) as one MVT feature geometry, turned and cleaned as wkbGeometry says. */
export function partsGeometry(parts: Parts): MvtGeometry | null {
  const cmds: number[] = [];
  let cx = 0;
  let cy = 0;
  const moveTo = (x: number, y: number) => {
    cmds.push(command(MOVE_TO, 1), zigzag(x - cx), zigzag(y - cy));
    cx = x;
    cy = y;
  };
  const lineTo = (c: number[], from: number, to: number) => {
    cmds.push(command(LINE_TO, (to - from) / 2));
    for (let i = from; i < to; i += 2) {
      cmds.push(zigzag(c[i] - cx), zigzag(c[i + 1] - cy));
      cx = c[i];
      cy = c[i + 1];
    }
  };
  if (parts.points.length) {
    const p = parts.points;
    cmds.push(command(MOVE_TO, p.length / 2));
    for (let i = 0; i < p.length; i += 2) {
      cmds.push(zigzag(p[i] - cx), zigzag(p[i + 1] - cy));
      cx = p[i];
      cy = p[i + 1];
    }
    return { type: GEOM_POINT, commands: cmds };
  }
  for (const line of parts.lines) {
    const c = dedupe(line);
    if (c.length < 4) continue;
    moveTo(c[0], c[1]);
    lineTo(c, 2, c.length);
  }
  if (cmds.length) return { type: GEOM_LINESTRING, commands: cmds };
  for (const polygon of parts.polygons) {
    for (let r = 0; r < polygon.length; r++) {
      let c = dedupe(polygon[r]);
      if (c.length >= 4 && c[0] === c[c.length - 2] && c[1] === c[c.length - 1]) c = c.slice(0, -2);
      const area = c.length >= 6 ? ringArea2(c) : 0;
      // A degenerate exterior ring takes its holes with it.
      if (area === 0) {
        if (r === 0) break;
        continue;
      }
      if ((r === 0) !== area > 0) c = reversed(c);
      moveTo(c[0], c[1]);
      lineTo(c, 2, c.length);
      cmds.push(command(CLOSE_PATH, 1));
    }
  }
  return cmds.length ? { type: GEOM_POLYGON, commands: cmds } : null;
}
