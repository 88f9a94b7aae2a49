import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { JOBS_WINDOW, clampRect, initialRect, moved, resized, type Rect, type WindowLimits } from './floating-window';

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });
const KEY_STEP = 16;

/**
 * A floating window the user drags by its title bar and resizes by its corner, with the keyboard too
 * (arrows on the focused handle); it stays inside the page when the page resizes.
 */
export function useFloatingWindow(top: number, limits: WindowLimits = JOBS_WINDOW) {
  const [rect, setRect] = useState<Rect>(() => initialRect(viewport(), top, limits));
  const drag = useRef<{ kind: 'move' | 'resize'; x: number; y: number; start: Rect } | null>(null);

  useEffect(() => {
    const onResize = () => setRect((r) => clampRect(r, viewport(), limits));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [limits]);

  const start = (kind: 'move' | 'resize') => (e: PointerEvent<HTMLElement>) => {
    // Buttons in the title bar keep their clicks.
    if (kind === 'move' && (e.target as HTMLElement).closest('button')) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { kind, x: e.clientX, y: e.clientY, start: rect };
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const change = d.kind === 'move' ? moved : resized;
    setRect(change(d.start, e.clientX - d.x, e.clientY - d.y, viewport(), limits));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const keys = (kind: 'move' | 'resize') => (e: KeyboardEvent<HTMLElement>) => {
    const delta = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    }[e.key];
    if (!delta) return;
    e.preventDefault();
    const change = kind === 'move' ? moved : resized;
    setRect((r) => change(r, delta[0]!, delta[1]!, viewport(), limits));
  };

  const handle = (kind: 'move' | 'resize') => ({
    onPointerDown: start(kind),
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
    onKeyDown: keys(kind),
  });
  return { rect, moveHandle: handle('move'), resizeHandle: handle('resize') };
}
