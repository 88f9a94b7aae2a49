/** Geometry read from WKB, split by how it is drawn. Coordinates are pixel x, y pairs. */
export interface Shapes {
  /** Packed big-endian int16 pixel pairs, the format the point stamper reads. */
  points: number[];
  lines: Float64Array[];
  polygons: Float64Array[][];
}

/**
 * Reads a run of concatenated WKB geometries (ISO or EWKB flags, 2D to 4D; only x and y are kept).
 * PostGIS writes them with ST_AsBinary(g, 'NDR') and string_agg.
 */
export function readWkb(bytes: Uint8Array): Shapes {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Shapes = { points: [], lines: [], polygons: [] };
  let o = 0;
  const coords = (le: boolean, dims: number): Float64Array => {
    const n = view.getUint32(o, le);
    o += 4;
    const c = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) {
      c[i * 2] = view.getFloat64(o, le);
      c[i * 2 + 1] = view.getFloat64(o + 8, le);
      o += 8 * dims;
    }
    return c;
  };
  const geometry = (): void => {
    const le = view.getUint8(o) === 1;
    o += 1;
    const raw = view.getUint32(o, le);
    o += 4;
    let dims = 2;
    if (raw & 0x80000000) dims++;
    if (raw & 0x40000000) dims++;
    if (raw & 0x20000000) o += 4; // EWKB SRID
    const iso = raw & 0x0fffffff;
    const base = iso % 1000;
    const tier = Math.floor(iso / 1000);
    if (tier === 1 || tier === 2) dims = 3;
    else if (tier === 3) dims = 4;
    if (base === 1) {
      const x = view.getFloat64(o, le);
      const y = view.getFloat64(o + 8, le);
      o += 8 * dims;
      if (Number.isFinite(x) && Number.isFinite(y)) out.points.push(Math.floor(x), Math.floor(y));
    } else if (base === 2) {
      const c = coords(le, dims);
      if (c.length >= 4) out.lines.push(c);
    } else if (base === 3) {
      const rings = view.getUint32(o, le);
      o += 4;
      const poly: Float64Array[] = [];
      for (let r = 0; r < rings; r++) {
        const c = coords(le, dims);
        if (c.length >= 6) poly.push(c);
      }
      if (poly.length) out.polygons.push(poly);
    } else if (base >= 4 && base <= 7) {
      const n = view.getUint32(o, le);
      o += 4;
      for (let i = 0; i < n; i++) geometry();
    } else {
      throw new Error(`WKB geometry type ${raw} is not drawn`);
    }
  };
  while (o < bytes.byteLength) geometry();
  return out;
}

/** Packs pixel pairs the way SQL packs them for points (big-endian int16 x, y). */
export function packPixels(pairs: number[]): Uint8Array {
  const buf = new Uint8Array(pairs.length * 2);
  const view = new DataView(buf.buffer);
  for (let i = 0; i < pairs.length; i++) view.setInt16(i * 2, Math.max(-32768, Math.min(32767, pairs[i])));
  return buf;
}
