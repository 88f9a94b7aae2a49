/** Geometry of a floating window kept inside the page (the jobs and search panels, spec 3 §2 and §9). */
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

/** A window's size rules: its minimum, its default size's bounds, and where it opens. */
export interface WindowLimits {
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
  margin: number;
  /** Which side of the page it opens on. */
  side: 'left' | 'right';
}

/** Spec 3 §9: minimum 375 by 375, default maximum height 1050, width a third of the window up to 525. */
export const JOBS_WINDOW: WindowLimits = {
  minWidth: 375,
  minHeight: 375,
  maxWidth: 525,
  maxHeight: 1050,
  margin: 8,
  side: 'left',
};

/** The default window: a third of the page wide (within its limits), as tall as allowed, below `top`. */
export function initialRect(view: Viewport, top: number, limits: WindowLimits = JOBS_WINDOW): Rect {
  const { minWidth, maxWidth, maxHeight, margin } = limits;
  const width = Math.min(Math.max(view.width / 3, minWidth), maxWidth, view.width);
  const height = Math.min(maxHeight, view.height - top - margin);
  const fits = view.width - width > 2 * margin;
  const x = !fits ? 0 : limits.side === 'left' ? margin : view.width - width - margin;
  return clampRect({ x, y: top, width: Math.round(width), height: Math.round(height) }, view, limits);
}

/**
 * Keeps the window at least its minimum size (or the page, when the page is smaller) and wholly
 * inside the page; a page too small for the window gets it at its top-left corner.
 */
export function clampRect(rect: Rect, view: Viewport, limits: WindowLimits = JOBS_WINDOW): Rect {
  const width = Math.min(Math.max(rect.width, limits.minWidth), view.width);
  const height = Math.min(Math.max(rect.height, limits.minHeight), view.height);
  const x = Math.min(Math.max(rect.x, 0), view.width - width);
  const y = Math.min(Math.max(rect.y, 0), view.height - height);
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

/** The window moved by a drag of its title bar. */
export const moved = (start: Rect, dx: number, dy: number, view: Viewport, limits: WindowLimits = JOBS_WINDOW): Rect =>
  clampRect({ ...start, x: start.x + dx, y: start.y + dy }, view, limits);

/** The window resized by a drag of its bottom-right corner (the top-left corner stays). */
export function resized(start: Rect, dx: number, dy: number, view: Viewport, limits: WindowLimits = JOBS_WINDOW): Rect {
  const width = Math.min(Math.max(start.width + dx, limits.minWidth), view.width - start.x);
  const height = Math.min(Math.max(start.height + dy, limits.minHeight), view.height - start.y);
  return clampRect({ ...start, width, height }, view, limits);
}
