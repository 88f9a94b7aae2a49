import { describe, expect, it } from 'vitest';
import { clampRect, initialRect, moved, resized } from './floating-window';

describe('jobs window geometry', () => {
  it('is a third of a wide page, at least 375 and at most 525 wide, at most 1050 tall', () => {
    expect(initialRect({ width: 1440, height: 900 }, 64)).toMatchObject({ width: 480, height: 828, y: 64 });
    expect(initialRect({ width: 1920, height: 1400 }, 64)).toMatchObject({ width: 525, height: 1050 });
    expect(initialRect({ width: 900, height: 800 }, 64)).toMatchObject({ width: 375 });
  });

  it('fills a phone-wide page', () => {
    expect(initialRect({ width: 360, height: 740 }, 56)).toEqual({ x: 0, y: 56, width: 360, height: 676 });
  });

  it('stays inside the page and never below its minimum', () => {
    const view = { width: 1000, height: 700 };
    expect(clampRect({ x: 900, y: -20, width: 100, height: 100 }, view)).toEqual({
      x: 625,
      y: 0,
      width: 375,
      height: 375,
    });
    expect(moved({ x: 10, y: 10, width: 400, height: 400 }, 5000, 5000, view)).toEqual({
      x: 600,
      y: 300,
      width: 400,
      height: 400,
    });
    expect(resized({ x: 100, y: 100, width: 400, height: 400 }, -300, 2000, view)).toEqual({
      x: 100,
      y: 100,
      width: 375,
      height: 600,
    });
  });
});
