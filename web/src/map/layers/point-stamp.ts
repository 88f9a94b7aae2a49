/**
 * Drawing many point symbols straight into an RGBA pixel buffer: each symbol is rendered once (a
 * "stamp") and copied per point, with no canvas call per point. Opaque stamp pixels are plain 32-bit
 * copies; the anti-aliased rim is blended (source-over on non-premultiplied RGBA, as ImageData holds it).
 */

/** An RGBA pixel buffer, as ImageData has it. */
export interface PixelBuffer {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A symbol ready for stamping: its opaque and partly transparent pixels, each by its offset from the top-left. */
export interface Stamp {
  width: number;
  height: number;
  /** The symbol's anchor (the point's position) in stamp pixels. */
  anchorX: number;
  anchorY: number;
  opaqueX: Int16Array;
  opaqueY: Int16Array;
  /** The opaque pixels as 32-bit values in the platform's byte order (copied, never interpreted). */
  opaqueValue: Uint32Array;
  partialX: Int16Array;
  partialY: Int16Array;
  /** RGBA of the partly transparent pixels, four bytes each, and as 32-bit values (copied over empty pixels). */
  partialRgba: Uint8Array;
  partialValue: Uint32Array;
  /** Offsets of the opaque and partial pixels in a buffer of `offsetsWidth` pixels a row (made per width). */
  offsetsWidth?: number;
  opaqueOffset?: Int32Array;
  partialOffset?: Int32Array;
}

function offsets(st: Stamp, width: number): [Int32Array, Int32Array] {
  if (st.offsetsWidth !== width || !st.opaqueOffset || !st.partialOffset) {
    st.opaqueOffset = Int32Array.from(st.opaqueX, (x, k) => st.opaqueY[k] * width + x);
    st.partialOffset = Int32Array.from(st.partialX, (x, k) => st.partialY[k] * width + x);
    st.offsetsWidth = width;
  }
  return [st.opaqueOffset, st.partialOffset];
}

/** A stamp from the RGBA pixels of a rendered symbol (e.g. getImageData of an OL Circle's canvas). */
export function makeStamp(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  anchorX: number,
  anchorY: number,
): Stamp {
  const words = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const opaque: number[] = [];
  const partial: number[] = [];
  for (let i = 0; i < width * height; i++) {
    const a = rgba[i * 4 + 3];
    if (a === 255) opaque.push(i);
    else if (a > 0) partial.push(i);
  }
  const partialRgba = new Uint8Array(partial.length * 4);
  partial.forEach((p, k) => partialRgba.set(rgba.subarray(p * 4, p * 4 + 4), k * 4));
  return {
    width,
    height,
    anchorX,
    anchorY,
    opaqueX: Int16Array.from(opaque, (p) => p % width),
    opaqueY: Int16Array.from(opaque, (p) => Math.floor(p / width)),
    opaqueValue: Uint32Array.from(opaque, (p) => words[p]),
    partialX: Int16Array.from(partial, (p) => p % width),
    partialY: Int16Array.from(partial, (p) => Math.floor(p / width)),
    partialRgba,
    partialValue: Uint32Array.from(partial, (p) => words[p]),
  };
}

/** Blends one RGBA source pixel over the buffer's pixel at byte offset `o` (source-over, straight alpha). */
function blend(data: Uint8ClampedArray, o: number, src: Uint8Array, s: number) {
  const sa = src[s + 3];
  const da = data[o + 3];
  if (da === 0) {
    data[o] = src[s];
    data[o + 1] = src[s + 1];
    data[o + 2] = src[s + 2];
    data[o + 3] = sa;
    return;
  }
  if (da === 255) {
    // Over an opaque pixel (most overlaps): the result stays opaque.
    const inv = 255 - sa;
    data[o] = (src[s] * sa + data[o] * inv) / 255;
    data[o + 1] = (src[s + 1] * sa + data[o + 1] * inv) / 255;
    data[o + 2] = (src[s + 2] * sa + data[o + 2] * inv) / 255;
    return;
  }
  const dw = (da * (255 - sa)) / 255;
  const oa = sa + dw;
  data[o] = (src[s] * sa + data[o] * dw) / oa;
  data[o + 1] = (src[s + 1] * sa + data[o + 1] * dw) / oa;
  data[o + 2] = (src[s + 2] * sa + data[o + 2] * dw) / oa;
  data[o + 3] = oa;
}

/**
 * Stamps points into the buffer. `coords` holds x,y pairs in map units, `transform` (an OL transform:
 * [a, b, c, d, e, f]) takes them to buffer pixels, `colour[i]` picks the stamp of point i and
 * `offsetX` shifts every point (another copy of the world). Positions snap to whole pixels, as OL's
 * canvas renderer draws symbols; symbols crossing the buffer's edge are clipped.
 */
export function stampPoints(
  buf: PixelBuffer,
  coords: Float64Array,
  colour: ArrayLike<number>,
  stamps: Stamp[],
  transform: ArrayLike<number>,
  offsetX = 0,
) {
  const { data, width: W, height: H } = buf;
  const words = new Uint32Array(data.buffer, data.byteOffset, W * H);
  const [a, b, c, d, e, f] = [
    transform[0],
    transform[1],
    transform[2],
    transform[3],
    transform[4] + transform[0] * offsetX,
    transform[5] + transform[1] * offsetX,
  ];
  const n = coords.length >> 1;
  for (let i = 0; i < n; i++) {
    const st = stamps[colour[i]];
    if (!st) continue;
    const x = coords[2 * i];
    const y = coords[2 * i + 1];
    const left = Math.round(a * x + c * y + e - st.anchorX);
    const top = Math.round(b * x + d * y + f - st.anchorY);
    if (left >= W || top >= H || left + st.width <= 0 || top + st.height <= 0) continue;
    const { opaqueX, opaqueY, opaqueValue, partialX, partialY, partialRgba } = st;
    if (left >= 0 && top >= 0 && left + st.width <= W && top + st.height <= H) {
      const base = top * W + left;
      const [opaqueOffset, partialOffset] = offsets(st, W);
      const partialValue = st.partialValue;
      for (let k = 0; k < opaqueOffset.length; k++) words[base + opaqueOffset[k]] = opaqueValue[k];
      for (let k = 0; k < partialOffset.length; k++) {
        const at = base + partialOffset[k];
        if (data[at * 4 + 3] === 0) words[at] = partialValue[k];
        else blend(data, at * 4, partialRgba, k * 4);
      }
      continue;
    }
    for (let k = 0; k < opaqueValue.length; k++) {
      const px = left + opaqueX[k];
      const py = top + opaqueY[k];
      if (px >= 0 && py >= 0 && px < W && py < H) words[py * W + px] = opaqueValue[k];
    }
    for (let k = 0; k < partialX.length; k++) {
      const px = left + partialX[k];
      const py = top + partialY[k];
      if (px >= 0 && py >= 0 && px < W && py < H) blend(data, (py * W + px) * 4, partialRgba, k * 4);
    }
  }
}
