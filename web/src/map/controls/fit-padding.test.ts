import { describe, expect, it } from 'vitest';
import { FIT_MARGIN_PX, overlayPadding } from './fit-padding';

const map = { left: 0, top: 0, right: 1000, bottom: 700 };

describe('fit padding around map overlays', () => {
  it('keeps the plain margin on a map with nothing over it', () => {
    expect(overlayPadding(map, [])).toEqual([FIT_MARGIN_PX, FIT_MARGIN_PX, FIT_MARGIN_PX, FIT_MARGIN_PX]);
  });

  it('pushes the right side in by a control column and the top by a search box', () => {
    const controls = { left: 948, top: 8, right: 992, bottom: 300 };
    const search = { left: 8, top: 8, right: 328, bottom: 48 };
    const [top, right, bottom, left] = overlayPadding(map, [controls, search]);
    expect(right).toBe(1000 - 948 + 16);
    expect(top).toBe(48 + 16);
    expect(bottom).toBe(FIT_MARGIN_PX);
    expect(left).toBe(FIT_MARGIN_PX);
  });

  it('ignores overlays outside the map and never pads away the whole map', () => {
    const outside = { left: 1100, top: 0, right: 1200, bottom: 100 };
    const huge = { left: 0, top: 0, right: 990, bottom: 690 };
    expect(overlayPadding(map, [outside])).toEqual([48, 48, 48, 48]);
    const [top, right, bottom, left] = overlayPadding(map, [huge]);
    expect(left + right).toBeLessThanOrEqual(800.001);
    expect(top + bottom).toBeLessThanOrEqual(560.001);
  });
});
