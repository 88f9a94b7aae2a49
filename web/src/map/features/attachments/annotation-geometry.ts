import { ANNOTATION_DEFAULT_LINE_WIDTH, type Annotation, type AnnotationType } from '@fieldbook/domain';

/**
 * Annotations are stored in the image's own pixels (spec 3 §3: x1, y1, x2, y2, line_width), so they
 * land on the same spot of the photo at any display size. Every shape is drawn in the box its two
 * points span: a line joins them, the others fill the box (circles inscribed in it).
 */

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The letter in each utility circle: valve, meter, tee, elbow. */
export const CIRCLE_LETTERS: Partial<Record<AnnotationType, string>> = {
  circ_valve: 'V',
  circ_meter: 'M',
  circ_tee: 'T',
  circ_elbow: 'E',
};

/** What a new annotation looks like (the toolbar's choices). */
export interface AnnotationStyle {
  line_width: number;
  alpha: number;
  color: string;
}
export const DEFAULT_STYLE: AnnotationStyle = {
  line_width: ANNOTATION_DEFAULT_LINE_WIDTH,
  alpha: 255,
  color: '#ff1744',
};

/** A point of the displayed image (CSS pixels from its top-left corner) in image pixels, kept inside the image. */
export function toImagePoint(display: Point, displayed: Size, natural: Size): Point {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  return {
    x: clamp(Math.round((display.x * natural.width) / displayed.width), natural.width),
    y: clamp(Math.round((display.y * natural.height) / displayed.height), natural.height),
  };
}

/** A click without a drag still draws a mark: a box this big around the point (6% of the shorter side). */
export const tapSize = (natural: Size) => Math.max(24, Math.round(Math.min(natural.width, natural.height) * 0.06));

/** Below this many image pixels of movement a press is a tap, not a drag. */
const TAP_DISTANCE = 4;

/** The annotation a press at `start` and a release at `end` (image pixels) make. */
export function annotationFromDrag(
  type: AnnotationType,
  start: Point,
  end: Point,
  style: AnnotationStyle,
  natural: Size,
): Annotation {
  const moved = Math.hypot(end.x - start.x, end.y - start.y) >= TAP_DISTANCE;
  if (!moved && type !== 'line') {
    const half = tapSize(natural) / 2;
    const inside = (v: number, max: number) => Math.min(max, Math.max(0, v));
    return {
      type,
      ...style,
      x1: inside(start.x - half, natural.width),
      y1: inside(start.y - half, natural.height),
      x2: inside(start.x + half, natural.width),
      y2: inside(start.y + half, natural.height),
    };
  }
  return { type, ...style, x1: start.x, y1: start.y, x2: end.x, y2: end.y };
}

/** A line that has no length is no annotation; every other shape always has a size. */
export const isDrawable = (a: Annotation) => a.type !== 'line' || a.x1 !== a.x2 || a.y1 !== a.y2;

/** The shapes to draw, in display pixels: what the canvas strokes for one annotation. */
export type Shape =
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'polyline'; points: Point[] }
  | { kind: 'circle'; cx: number; cy: number; r: number; letter: string };

export interface Drawing {
  shape: Shape;
  /** Stroke width in display pixels (never thinner than one pixel). */
  lineWidth: number;
  /** CSS colour with the annotation's alpha. */
  stroke: string;
}

/** #rrggbb and an alpha of 0–255 as an rgba() colour. */
export function rgba(color: string, alpha: number): string {
  const n = parseInt(color.slice(1), 16);
  const a = Math.round((Math.min(255, Math.max(0, alpha)) / 255) * 1000) / 1000;
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

/** One annotation at a display scale (display pixels per image pixel). */
export function drawingOf(a: Annotation, scale: number): Drawing {
  const x1 = a.x1 * scale;
  const y1 = a.y1 * scale;
  const x2 = a.x2 * scale;
  const y2 = a.y2 * scale;
  const left = Math.min(x1, x2);
  const top = Math.min(y1, y2);
  const width = Math.abs(x2 - x1);
  const height = Math.abs(y2 - y1);
  const lineWidth = Math.max(1, a.line_width * scale);
  const stroke = rgba(a.color, a.alpha);
  const letter = CIRCLE_LETTERS[a.type];
  let shape: Shape;
  if (letter) {
    shape = { kind: 'circle', cx: left + width / 2, cy: top + height / 2, r: Math.min(width, height) / 2, letter };
  } else if (a.type === 'oval') {
    shape = { kind: 'ellipse', cx: left + width / 2, cy: top + height / 2, rx: width / 2, ry: height / 2 };
  } else if (a.type === 'rect') {
    shape = { kind: 'rect', x: left, y: top, width, height };
  } else if (a.type === 'check') {
    // A tick: down from the left third to the bottom, then up to the top right.
    shape = {
      kind: 'polyline',
      points: [
        { x: left, y: top + height * 0.55 },
        { x: left + width * 0.38, y: top + height },
        { x: left + width, y: top },
      ],
    };
  } else {
    shape = {
      kind: 'polyline',
      points: [
        { x: x1, y: y1 },
        { x: x2, y: y2 },
      ],
    };
  }
  return { shape, lineWidth, stroke };
}

/** Strokes the annotations on a 2D context whose units are display pixels. */
export function paintAnnotations(ctx: CanvasRenderingContext2D, annotations: readonly Annotation[], scale: number) {
  for (const annotation of annotations) {
    const { shape, lineWidth, stroke } = drawingOf(annotation, scale);
    ctx.save();
    ctx.strokeStyle = stroke;
    ctx.fillStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.beginPath();
    switch (shape.kind) {
      case 'ellipse':
        ctx.ellipse(shape.cx, shape.cy, shape.rx, shape.ry, 0, 0, Math.PI * 2);
        break;
      case 'rect':
        ctx.rect(shape.x, shape.y, shape.width, shape.height);
        break;
      case 'polyline':
        shape.points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
        break;
      case 'circle':
        ctx.arc(shape.cx, shape.cy, shape.r, 0, Math.PI * 2);
        ctx.font = `bold ${Math.max(8, Math.round(shape.r * 1.1))}px sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(shape.letter, shape.cx, shape.cy + shape.r * 0.05);
        break;
    }
    ctx.stroke();
    ctx.restore();
  }
}
