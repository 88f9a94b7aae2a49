import { describe, expect, it } from 'vitest';
import type { Annotation } from '@fieldbook/domain';
import { clearAll, currentOf, draw, isDirty, startHistory, undo } from './annotation-history';

const mark = (x: number): Annotation => ({
  type: 'rect',
  x1: x,
  y1: 0,
  x2: x + 10,
  y2: 10,
  line_width: 9,
  alpha: 255,
  color: '#ff0000',
});

describe('annotation undo steps', () => {
  it('undoes drawings one by one, back to what the server holds', () => {
    let h = startHistory([mark(0)]);
    expect(isDirty(h)).toBe(false);
    h = draw(draw(h, mark(1)), mark(2));
    expect(currentOf(h)).toEqual([mark(0), mark(1), mark(2)]);
    expect(isDirty(h)).toBe(true);
    h = undo(h);
    expect(currentOf(h)).toEqual([mark(0), mark(1)]);
    h = undo(h);
    expect(currentOf(h)).toEqual([mark(0)]);
    expect(isDirty(h)).toBe(false);
    expect(undo(h)).toEqual(h);
  });

  it('clears everything in one step that undo brings back', () => {
    let h = draw(startHistory([mark(0)]), mark(1));
    h = clearAll(h);
    expect(currentOf(h)).toEqual([]);
    expect(isDirty(h)).toBe(true);
    expect(clearAll(h)).toBe(h);
    expect(currentOf(undo(h))).toEqual([mark(0), mark(1)]);
  });
});
