import { describe, expect, it } from 'vitest';
import { annotationSchema } from '@fieldbook/domain';
import {
  DEFAULT_STYLE,
  annotationFromDrag,
  drawingOf,
  isDrawable,
  rgba,
  tapSize,
  toImagePoint,
} from './annotation-geometry';

const photo = { width: 4000, height: 3000 };

describe('annotation geometry (spec 3 §3: image pixels, line width 9, alpha 0–255)', () => {
  it('maps a point of the shown image to image pixels at any display size, kept inside the image', () => {
    expect(toImagePoint({ x: 100, y: 75 }, { width: 400, height: 300 }, photo)).toEqual({ x: 1000, y: 750 });
    expect(toImagePoint({ x: 50, y: 37.5 }, { width: 200, height: 150 }, photo)).toEqual({ x: 1000, y: 750 });
    expect(toImagePoint({ x: -5, y: 400 }, { width: 400, height: 300 }, photo)).toEqual({ x: 0, y: 3000 });
  });

  it('draws a stored annotation at the same place of the photo at every scale', () => {
    const oval = annotationFromDrag('oval', { x: 1000, y: 800 }, { x: 2000, y: 1400 }, DEFAULT_STYLE, photo);
    const small = drawingOf(oval, 0.1);
    const large = drawingOf(oval, 0.25);
    expect(small.shape).toEqual({ kind: 'ellipse', cx: 150, cy: 110, rx: 50, ry: 30 });
    expect(large.shape).toEqual({ kind: 'ellipse', cx: 375, cy: 275, rx: 125, ry: 75 });
    // Shape positions relative to the shown image do not depend on the scale.
    expect(small.shape.kind === 'ellipse' && small.shape.cx / (photo.width * 0.1)).toBeCloseTo(0.375);
    expect(large.shape.kind === 'ellipse' && large.shape.cx / (photo.width * 0.25)).toBeCloseTo(0.375);
    // Line width scales with the image too, never thinner than a pixel.
    expect(large.lineWidth).toBeCloseTo(9 * 0.25);
    expect(drawingOf(oval, 0.05).lineWidth).toBe(1);
  });

  it('keeps the drag as drawn (any direction) and fits rectangles and circles in its box', () => {
    const rect = annotationFromDrag('rect', { x: 500, y: 400 }, { x: 100, y: 100 }, DEFAULT_STYLE, photo);
    expect([rect.x1, rect.y1, rect.x2, rect.y2]).toEqual([500, 400, 100, 100]);
    expect(drawingOf(rect, 1).shape).toEqual({ kind: 'rect', x: 100, y: 100, width: 400, height: 300 });
    const valve = annotationFromDrag('circ_valve', { x: 100, y: 100 }, { x: 500, y: 300 }, DEFAULT_STYLE, photo);
    expect(drawingOf(valve, 1).shape).toEqual({ kind: 'circle', cx: 300, cy: 200, r: 100, letter: 'V' });
    const letters = (['circ_meter', 'circ_tee', 'circ_elbow'] as const).map((type) => {
      const shape = drawingOf({ ...valve, type }, 1).shape;
      return shape.kind === 'circle' ? shape.letter : null;
    });
    expect(letters).toEqual(['M', 'T', 'E']);
    const line = annotationFromDrag('line', { x: 10, y: 20 }, { x: 300, y: 40 }, DEFAULT_STYLE, photo);
    expect(drawingOf(line, 0.5).shape).toEqual({
      kind: 'polyline',
      points: [
        { x: 5, y: 10 },
        { x: 150, y: 20 },
      ],
    });
    const check = drawingOf(annotationFromDrag('check', { x: 0, y: 0 }, { x: 100, y: 100 }, DEFAULT_STYLE, photo), 1);
    const tick = check.shape.kind === 'polyline' ? check.shape.points : [];
    expect(tick.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }))).toEqual([
      { x: 0, y: 55 },
      { x: 38, y: 100 },
      { x: 100, y: 0 },
    ]);
  });

  it('turns a tap into a mark of a fixed share of the photo, inside it; a tapped line is nothing', () => {
    const size = tapSize(photo);
    expect(size).toBe(180);
    const tick = annotationFromDrag('check', { x: 2000, y: 1500 }, { x: 2001, y: 1501 }, DEFAULT_STYLE, photo);
    expect([tick.x1, tick.y1, tick.x2, tick.y2]).toEqual([1910, 1410, 2090, 1590]);
    const corner = annotationFromDrag('circ_tee', { x: 10, y: 10 }, { x: 10, y: 10 }, DEFAULT_STYLE, photo);
    expect([corner.x1, corner.y1]).toEqual([0, 0]);
    expect(isDrawable(annotationFromDrag('line', { x: 5, y: 5 }, { x: 5, y: 5 }, DEFAULT_STYLE, photo))).toBe(false);
    expect(isDrawable(tick)).toBe(true);
  });

  it('makes annotations the API accepts, defaulting to width 9 and full opacity', () => {
    const made = annotationFromDrag('oval', { x: 1, y: 2 }, { x: 300, y: 200 }, DEFAULT_STYLE, photo);
    expect(made.line_width).toBe(9);
    expect(made.alpha).toBe(255);
    expect(annotationSchema.safeParse(made).success).toBe(true);
  });

  it('applies alpha 0–255 to the colour', () => {
    expect(rgba('#ff8000', 255)).toBe('rgba(255, 128, 0, 1)');
    expect(rgba('#ff8000', 0)).toBe('rgba(255, 128, 0, 0)');
    expect(rgba('#0000ff', 128)).toBe('rgba(0, 0, 255, 0.502)');
  });
});
