import { useCallback, useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** Spec 3 §2 and §9: 375 px, 525 for the temporary panel; more than 150 and at least 100 less than the page. */
export const PANEL_WIDTH = { normal: 375, temporary: 525, min: 150, pageMargin: 100 } as const;

export function clampWidth(width: number, pageWidth: number): number {
  const max = pageWidth - PANEL_WIDTH.pageMargin;
  return Math.round(Math.max(PANEL_WIDTH.min + 1, Math.min(width, max)));
}

/** The panel width and the handlers of the drag handle on its left edge (pointer and arrow keys). */
export function usePanelWidth(temporaryPref: boolean) {
  const [width, setWidth] = useState<number>(temporaryPref ? PANEL_WIDTH.temporary : PANEL_WIDTH.normal);
  useEffect(() => setWidth(temporaryPref ? PANEL_WIDTH.temporary : PANEL_WIDTH.normal), [temporaryPref]);

  const onPointerDown = useCallback((e: PointerEvent<HTMLElement>) => {
    e.preventDefault();
    const move = (ev: globalThis.PointerEvent) =>
      setWidth(clampWidth(window.innerWidth - ev.clientX, window.innerWidth));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      document.body.style.cursor = '';
    };
    document.body.style.cursor = 'col-resize';
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }, []);

  const onKeyDown = useCallback((e: KeyboardEvent<HTMLElement>) => {
    const step = e.key === 'ArrowLeft' ? 20 : e.key === 'ArrowRight' ? -20 : 0;
    if (!step) return;
    e.preventDefault();
    setWidth((w) => clampWidth(w + step, window.innerWidth));
  }, []);

  // The range the handle moves in, for its aria-valuemin/max.
  const min = PANEL_WIDTH.min + 1;
  return { width, min, max: Math.max(min, window.innerWidth - PANEL_WIDTH.pageMargin), onPointerDown, onKeyDown };
}
