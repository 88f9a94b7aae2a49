import { describe, expect, it } from 'vitest';
import { makeStamp, stampPoints, type PixelBuffer } from './point-stamp';

/** A 3×3 symbol: an opaque red centre cross and half-transparent blue corners. */
function symbol() {
  const rgba = new Uint8ClampedArray(3 * 3 * 4);
  for (let i = 0; i < 9; i++) {
    const corner = i === 0 || i === 2 || i === 6 || i === 8;
    rgba.set(corner ? [0, 0, 255, 128] : [255, 0, 0, 255], i * 4);
  }
  return makeStamp(rgba, 3, 3, 1.5, 1.5);
}

const buffer = (width: number, height: number): PixelBuffer => ({
  data: new Uint8ClampedArray(width * height * 4),
  width,
  height,
});
const pixel = (b: PixelBuffer, x: number, y: number) =>
  Array.from(b.data.subarray((y * b.width + x) * 4, (y * b.width + x) * 4 + 4));
const identity = [1, 0, 0, 1, 0, 0];

describe('stamping point symbols into a pixel buffer', () => {
  it('splits a symbol into opaque and partly transparent pixels, skipping empty ones', () => {
    const rgba = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 100, 1, 2, 3, 255]);
    const stamp = makeStamp(rgba, 2, 2, 1, 1);
    expect(Array.from(stamp.opaqueX)).toEqual([0, 1]);
    expect(Array.from(stamp.opaqueY)).toEqual([0, 1]);
    expect(Array.from(stamp.partialX)).toEqual([0]);
    expect(Array.from(stamp.partialY)).toEqual([1]);
    expect(Array.from(stamp.partialRgba)).toEqual([0, 255, 0, 100]);
  });

  it('copies the symbol centred on each point (snapped to whole pixels) in its colour', () => {
    const b = buffer(10, 10);
    const blue = makeStamp(
      new Uint8ClampedArray(9 * 4).fill(255).map((v, i) => (i % 4 === 0 || i % 4 === 1 ? 0 : v)),
      3,
      3,
      1.5,
      1.5,
    );
    // Map units to pixels: x right, y down, 1 unit = 1 pixel, origin at (0, 10).
    stampPoints(b, new Float64Array([2.5, 7.5, 7.4, 2.6]), [0, 1], [symbol(), blue], [1, 0, 0, -1, 0, 10]);
    expect(pixel(b, 2, 2)).toEqual([255, 0, 0, 255]); // first point's centre (2.5, 10 - 7.5)
    expect(pixel(b, 1, 1)).toEqual([0, 0, 255, 128]); // its corner, over nothing
    expect(pixel(b, 7, 7)).toEqual([0, 0, 255, 255]); // second point, rounded to the pixel grid
    expect(pixel(b, 5, 5)).toEqual([0, 0, 0, 0]);
  });

  it('blends the rim over what is already drawn and lets later points cover earlier ones', () => {
    const b = buffer(6, 6);
    stampPoints(b, new Float64Array([2.5, 2.5, 3.5, 3.5]), [0, 0], [symbol()], identity);
    expect(pixel(b, 3, 3)).toEqual([255, 0, 0, 255]); // the second point's centre over the first's corner
    // The second point's top-left corner (half-transparent blue) over the first's opaque red.
    const [r, g, bl, a] = pixel(b, 2, 2);
    expect(a).toBe(255);
    expect(r).toBeGreaterThan(120);
    expect(r).toBeLessThan(135);
    expect(g).toBe(0);
    expect(bl).toBeGreaterThan(120);
  });

  it('clips symbols at the edge and skips points outside', () => {
    const b = buffer(4, 4);
    stampPoints(b, new Float64Array([0, 0, 100, 100, -50, 2]), [0, 0, 0], [symbol()], identity);
    expect(pixel(b, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(b, 1, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(b, 1, 1)).toEqual([0, 0, 255, 128]);
    expect(Array.from(b.data).filter((v, i) => i % 4 === 3 && v > 0)).toHaveLength(4);
  });

  it('draws a copy of the world shifted by an offset', () => {
    const b = buffer(10, 4);
    stampPoints(b, new Float64Array([-3.5, 1.5]), [0], [symbol()], identity, 10);
    expect(pixel(b, 6, 1)).toEqual([255, 0, 0, 255]);
  });
});
