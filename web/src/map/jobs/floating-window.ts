/** Geometry of a floating window kept inside the page (the jobs panel, spec 3 §2 and §9). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Viewport {
  width: number;
  height: number;
}

/** Spec 3 §9: minimum 375 by 375, default maximum height 1050, width a third of the window up to 525. */
export const JOBS_WINDOW = { minWidth: 375, minHeight: 375, maxWidth: 525, maxHeight: 1050, margin: 8 } as const;

/** The default window: a third of the page wide (375 to 525), as tall as the page allows up to 1050, below `top`. */
export function initialRect(view: Viewport, top: number): Rect {
  const { minWidth, maxWidth, maxHeight, margin } = JOBS_WINDOW;
  const width = Math.min(Math.max(view.width / 3, minWidth), maxWidth, view.width);
  const height = Math.min(maxHeight, view.height - top - margin);
  const x = view.width - width <= 2 * margin ? 0 : margin;
  return clampRect({ x, y: top, width: Math.round(width), height: Math.round(height) }, view);
}

/**
 * Keeps the window at least its minimum size (or the page, when the page is smaller) and wholly
 * inside the page; a page too small for the window gets it at its top-left corner.
 */
export function clampRect(rect: Rect, view: Viewport): Rect {
  const width = Math.min(Math.max(rect.width, JOBS_WINDOW.minWidth), view.width);
  const height = Math.min(Math.max(rect.height, JOBS_WINDOW.minHeight), view.height);
  const x = Math.min(Math.max(rect.x, 0), view.width - width);
  const y = Math.min(Math.max(rect.y, 0), view.height - height);
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

/** The window moved by a drag of its title bar. */
export const moved = (start: Rect, dx: number, dy: number, view: Viewport): Rect =>
  clampRect({ ...start, x: start.x + dx, y: start.y + dy }, view);

/** The window resized by a drag of its bottom-right corner (the top-left corner stays). */
export function resized(start: Rect, dx: number, dy: number, view: Viewport): Rect {
  const width = Math.min(Math.max(start.width + dx, JOBS_WINDOW.minWidth), view.width - start.x);
  const height = Math.min(Math.max(start.height + dy, JOBS_WINDOW.minHeight), view.height - start.y);
  return clampRect({ ...start, width, height }, view);
}
