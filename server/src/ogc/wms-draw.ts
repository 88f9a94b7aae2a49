import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { MarkShape, Paint, PointSymbol, Stroke } from './styles-for-render.js';

/** A point symbol rendered once: the non-transparent pixels of its image around the centre pixel. */
interface Stamp {
  half: number;
  dx: Int16Array;
  dy: Int16Array;
  rgba: Uint8Array;
  opaque: Uint32Array;
  isOpaque: Uint8Array;
}

const stamps = new Map<string, Stamp>();

function markPath(ctx: SKRSContext2D, shape: MarkShape, c: number, r: number) {
  ctx.beginPath();
  if (shape === 'circle') ctx.arc(c, c, r, 0, Math.PI * 2);
  else if (shape === 'square') ctx.rect(c - r, c - r, 2 * r, 2 * r);
  else if (shape === 'triangle') {
    ctx.moveTo(c, c - r);
    ctx.lineTo(c + r * 0.866, c + r / 2);
    ctx.lineTo(c - r * 0.866, c + r / 2);
    ctx.closePath();
  } else if (shape === 'star') {
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? r * 0.4 : r;
      if (i === 0) ctx.moveTo(c + rr * Math.cos(a), c + rr * Math.sin(a));
      else ctx.lineTo(c + rr * Math.cos(a), c + rr * Math.sin(a));
    }
    ctx.closePath();
  } else {
    const t = shape === 'x' ? Math.PI / 4 : 0;
    for (const a of [t, t + Math.PI / 2]) {
      ctx.moveTo(c - r * Math.cos(a), c - r * Math.sin(a));
      ctx.lineTo(c + r * Math.cos(a), c + r * Math.sin(a));
    }
  }
}

function paint(
  ctx: SKRSContext2D,
  fill: Paint | null,
  stroke: Stroke | null,
  fillRule: 'nonzero' | 'evenodd' = 'nonzero',
) {
  if (fill && fill.opacity > 0) {
    ctx.globalAlpha = fill.opacity;
    ctx.fillStyle = fill.color;
    ctx.fill(fillRule);
  }
  if (stroke && stroke.opacity > 0 && stroke.width > 0) {
    ctx.globalAlpha = stroke.opacity;
    ctx.strokeStyle = stroke.color;
    ctx.lineWidth = stroke.width;
    ctx.setLineDash(stroke.dash ?? []);
    ctx.lineJoin = 'round';
    ctx.lineCap = stroke.dash ? 'butt' : 'round';
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

function stampOf(symbol: PointSymbol): Stamp {
  const key = JSON.stringify(symbol);
  const cached = stamps.get(key);
  if (cached) return cached;
  const r = Math.max(0.5, symbol.size / 2);
  const half = Math.ceil(r + (symbol.stroke?.width ?? 0) + 1);
  const d = 2 * half + 1;
  const canvas = createCanvas(d, d);
  const ctx = canvas.getContext('2d');
  markPath(ctx, symbol.shape, half + 0.5, r);
  const lineOnly = symbol.shape === 'cross' || symbol.shape === 'x';
  paint(
    ctx,
    lineOnly ? null : symbol.fill,
    lineOnly
      ? (symbol.stroke ?? { ...(symbol.fill ?? { color: '#000', opacity: 1 }), width: 1, dash: null })
      : symbol.stroke,
  );
  const data = ctx.getImageData(0, 0, d, d).data;
  const dx: number[] = [];
  const dy: number[] = [];
  const rgba: number[] = [];
  for (let y = 0; y < d; y++)
    for (let x = 0; x < d; x++) {
      const i = (y * d + x) * 4;
      if (data[i + 3] === 0) continue;
      dx.push(x - half);
      dy.push(y - half);
      rgba.push(data[i], data[i + 1], data[i + 2], data[i + 3]);
    }
  const bytes = Uint8Array.from(rgba);
  const stamp: Stamp = {
    half,
    dx: Int16Array.from(dx),
    dy: Int16Array.from(dy),
    rgba: bytes,
    opaque: new Uint32Array(bytes.buffer.slice(0)),
    isOpaque: Uint8Array.from(dx.map((_, k) => (bytes[k * 4 + 3] === 255 ? 1 : 0))),
  };
  if (stamps.size > 256) stamps.clear();
  stamps.set(key, stamp);
  return stamp;
}

/**
 * The image being drawn. Points are composited in JavaScript straight into the pixel buffer (one
 * stamp per distinct pixel, no native call per point); lines and polygons go through the canvas.
 */
export class Raster {
  private canvas: Canvas | null = null;
  private inCanvas = false;
  readonly pixels: Uint8ClampedArray;
  private readonly words: Uint32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background?: number,
  ) {
    this.pixels = new Uint8ClampedArray(width * height * 4);
    this.words = new Uint32Array(this.pixels.buffer);
    if (background !== undefined) {
      // Little-endian RGBA word of an opaque colour 0xRRGGBB.
      this.words.fill((0xff << 24) | ((background & 0xff) << 16) | (background & 0xff00) | ((background >> 16) & 0xff));
    }
  }

  /** The canvas, holding the current pixels. */
  context(): SKRSContext2D {
    this.canvas ??= createCanvas(this.width, this.height);
    const ctx = this.canvas.getContext('2d');
    if (!this.inCanvas) {
      const image = ctx.createImageData(this.width, this.height);
      image.data.set(this.pixels);
      ctx.putImageData(image, 0, 0);
      this.inCanvas = true;
    }
    return ctx;
  }

  /** Pixels back from the canvas after drawing there. */
  settle(): Uint8ClampedArray {
    if (this.inCanvas && this.canvas) {
      this.pixels.set(this.canvas.getContext('2d').getImageData(0, 0, this.width, this.height).data);
      this.inCanvas = false;
    }
    return this.pixels;
  }

  /** JPEG (opaque) through the canvas encoder. */
  async jpeg(): Promise<Buffer> {
    this.context();
    return this.canvas!.encode('jpeg', 90);
  }

  /** Stamps a point symbol at each packed big-endian int16 (x, y) pixel pair. */
  stampPoints(xy: Uint8Array, symbol: PointSymbol): void {
    this.settle();
    const s = stampOf(symbol);
    const { width, height, pixels, words } = this;
    const { dx, dy, rgba, opaque, isOpaque, half } = s;
    const n = dx.length;
    for (let o = 0; o + 3 < xy.length; o += 4) {
      const px = ((xy[o] << 24) | (xy[o + 1] << 16)) >> 16;
      const py = ((xy[o + 2] << 24) | (xy[o + 3] << 16)) >> 16;
      // Symbols wholly inside the image skip the per-pixel bounds checks.
      const inside = px >= half && py >= half && px < width - half && py < height - half;
      for (let k = 0; k < n; k++) {
        const x = px + dx[k];
        const y = py + dy[k];
        if (!inside && (x < 0 || y < 0 || x >= width || y >= height)) continue;
        const p = y * width + x;
        // An opaque stamp pixel, or any over an empty pixel, is a plain copy.
        if (isOpaque[k] || words[p] === 0) {
          words[p] = opaque[k];
          continue;
        }
        const i = p * 4;
        const j = k * 4;
        if (pixels[i + 3] === 255) {
          // Over an opaque pixel (the common case in dense tiles): integer blend, alpha stays 255.
          const a = rgba[j + 3];
          const b = 255 - a;
          pixels[i] = (rgba[j] * a + pixels[i] * b) / 255;
          pixels[i + 1] = (rgba[j + 1] * a + pixels[i + 1] * b) / 255;
          pixels[i + 2] = (rgba[j + 2] * a + pixels[i + 2] * b) / 255;
          continue;
        }
        // Source-over on non-premultiplied RGBA.
        const sa = rgba[j + 3] / 255;
        const da = pixels[i + 3] / 255;
        const oa = sa + da * (1 - sa);
        const f = (da * (1 - sa)) / oa;
        const g = sa / oa;
        pixels[i] = rgba[j] * g + pixels[i] * f;
        pixels[i + 1] = rgba[j + 1] * g + pixels[i + 1] * f;
        pixels[i + 2] = rgba[j + 2] * g + pixels[i + 2] * f;
        pixels[i + 3] = oa * 255;
      }
    }
  }

  /** Strokes (lines) or fills and strokes (polygons) rings in pixel coordinates. */
  drawPaths(paths: Float64Array[], closed: boolean, fill: Paint | null, stroke: Stroke | null): void {
    if (paths.length === 0) return;
    const ctx = this.context();
    ctx.beginPath();
    for (const path of paths) {
      ctx.moveTo(path[0], path[1]);
      for (let i = 2; i < path.length; i += 2) ctx.lineTo(path[i], path[i + 1]);
      if (closed) ctx.closePath();
    }
    paint(ctx, closed ? fill : null, stroke, 'evenodd');
  }

  /** Polygons one by one, so overlapping polygons do not cancel out under the even-odd rule. */
  drawPolygons(polygons: Float64Array[][], fill: Paint | null, stroke: Stroke | null): void {
    if (polygons.length > 2000) return this.drawPaths(polygons.flat(), true, fill, stroke);
    for (const rings of polygons) this.drawPaths(rings, true, fill, stroke);
  }
}
