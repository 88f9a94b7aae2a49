import type OlMap from 'ol/Map';

/** What a fit leaves around the features at least, in pixels. */
export const FIT_MARGIN_PX = 48;
/** Space kept between the features and an overlay that covers part of the map. */
const OVERLAY_GAP_PX = 16;

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Padding [top, right, bottom, left] for fitting an extent into a map partly covered by overlays
 * (search box, controls, coordinate readout, open cards): each overlay pushes in the side it takes
 * the least from (a tall column at the right pushes the right side, a wide box at the top the top),
 * so the features fit in the map's uncovered part.
 */
export function overlayPadding(map: Rect, overlays: Rect[]): [number, number, number, number] {
  const pad = { top: FIT_MARGIN_PX, right: FIT_MARGIN_PX, bottom: FIT_MARGIN_PX, left: FIT_MARGIN_PX };
  for (const o of overlays) {
    if (o.right <= map.left || o.left >= map.right || o.bottom <= map.top || o.top >= map.bottom) continue;
    const intrusion = {
      top: o.bottom - map.top,
      right: map.right - o.left,
      bottom: map.bottom - o.top,
      left: o.right - map.left,
    };
    const side = (Object.keys(intrusion) as Array<keyof typeof intrusion>).reduce((a, b) =>
      intrusion[b] < intrusion[a] ? b : a,
    );
    pad[side] = Math.max(pad[side], intrusion[side] + OVERLAY_GAP_PX);
  }
  // Never so much padding that nothing is left to fit into.
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  const shrink = (a: number, b: number, size: number) => {
    const over = a + b - size * 0.8;
    return over > 0 ? [a - (over * a) / (a + b), b - (over * b) / (a + b)] : [a, b];
  };
  const [left, right] = shrink(pad.left, pad.right, width);
  const [top, bottom] = shrink(pad.top, pad.bottom, height);
  return [top, right, bottom, left];
}

/** The padding for a fit of this map now: its overlays are the elements marked `data-map-overlay`. */
export function mapFitPadding(map: OlMap): [number, number, number, number] {
  const viewport = map.getViewport();
  const container = viewport?.closest('main') ?? viewport?.parentElement;
  if (!viewport || !container) return [FIT_MARGIN_PX, FIT_MARGIN_PX, FIT_MARGIN_PX, FIT_MARGIN_PX];
  const overlays = Array.from(container.querySelectorAll<HTMLElement>('[data-map-overlay]'))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  return overlayPadding(viewport.getBoundingClientRect(), overlays);
}
