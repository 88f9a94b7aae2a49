import {
  useCallback,
  useEffect,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';

export const PANEL_MIN_WIDTH = 375;
/** The panel's edge stays at least this far from either side of the page (spec 3 §2). */
export const DRAG_MARGIN = 150;

const clamp = (width: number) =>
  Math.max(Math.min(width, window.innerWidth - DRAG_MARGIN), Math.min(PANEL_MIN_WIDTH, window.innerWidth));

/** Width of a right-hand panel resized by dragging its left edge; also maximizes to the page less the margin. */
export function useResizableWidth() {
  const [width, setWidth] = useState(PANEL_MIN_WIDTH);
  const [maximized, setMaximized] = useState(false);

  useEffect(() => {
    const onResize = () => setWidth((w) => clamp(w));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const startDrag = useCallback((e: ReactPointerEvent) => {
    e.preventDefault();
    setMaximized(false);
    const move = (ev: PointerEvent) => setWidth(clamp(window.innerWidth - ev.clientX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }, []);

  /** Arrow keys on the handle resize too, so the resize is usable without a mouse. */
  const onHandleKey = useCallback((e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowLeft') setWidth((w) => clamp(w + 24));
    if (e.key === 'ArrowRight') setWidth((w) => clamp(w - 24));
  }, []);

  const shown = maximized ? window.innerWidth - DRAG_MARGIN : width;
  // The range the handle moves in, for its aria-valuemin/max.
  const min = Math.min(PANEL_MIN_WIDTH, window.innerWidth);
  const max = Math.max(min, window.innerWidth - DRAG_MARGIN);
  return { width: Math.max(shown, min), min, max, maximized, setMaximized, startDrag, onHandleKey };
}
