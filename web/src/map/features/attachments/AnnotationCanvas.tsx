import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Box } from '@mui/material';
import { useIntl } from 'react-intl';
import type { Annotation, AnnotationType } from '@fieldbook/domain';
import {
  annotationFromDrag,
  isDrawable,
  paintAnnotations,
  toImagePoint,
  type AnnotationStyle,
  type Point,
  type Size,
} from './annotation-geometry';

interface Props {
  url: string;
  /** Remounts the image when the URL is asked for again. */
  attempt: number;
  annotations: readonly Annotation[];
  /** Drawing is on when the user may change the attachment. */
  drawing?: { tool: AnnotationType; style: AnnotationStyle; onDraw: (annotation: Annotation) => void };
  onError: () => void;
  /** The tallest the image may be shown (CSS length). */
  maxHeight: string;
}

/**
 * The photo with its annotations drawn on a canvas laid exactly over it. Annotations are kept in image
 * pixels and scaled to the size the image is shown at, redrawn whenever that size changes.
 */
export function AnnotationCanvas({ url, attempt, annotations, drawing, onError, maxHeight }: Props) {
  const intl = useIntl();
  const image = useRef<HTMLImageElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [shown, setShown] = useState<Size | null>(null);
  const [drag, setDrag] = useState<{ start: Point; end: Point } | null>(null);

  useEffect(() => {
    const img = image.current;
    if (!img) return;
    const observer = new ResizeObserver(() => setShown({ width: img.clientWidth, height: img.clientHeight }));
    observer.observe(img);
    return () => observer.disconnect();
  }, [attempt]);

  const inProgress =
    drawing && drag && natural ? annotationFromDrag(drawing.tool, drag.start, drag.end, drawing.style, natural) : null;

  useEffect(() => {
    const c = canvas.current;
    if (!c || !shown || !natural || shown.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(shown.width * ratio);
    c.height = Math.round(shown.height * ratio);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, shown.width, shown.height);
    paintAnnotations(ctx, inProgress ? [...annotations, inProgress] : annotations, shown.width / natural.width);
  }, [annotations, inProgress, shown, natural]);

  const pointOf = (e: PointerEvent<HTMLCanvasElement>): Point | null => {
    if (!natural || !shown) return null;
    const box = e.currentTarget.getBoundingClientRect();
    return toImagePoint({ x: e.clientX - box.left, y: e.clientY - box.top }, shown, natural);
  };
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const at = pointOf(e);
    if (!drawing || !at || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ start: at, end: at });
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const at = pointOf(e);
    if (drag && at) setDrag({ ...drag, end: at });
  };
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const at = pointOf(e);
    if (drawing && drag && at && natural) {
      const made = annotationFromDrag(drawing.tool, drag.start, at, drawing.style, natural);
      if (isDrawable(made)) drawing.onDraw(made);
    }
    setDrag(null);
  };

  return (
    <Box sx={{ position: 'relative', display: 'inline-block', maxWidth: '100%', lineHeight: 0 }}>
      <img
        key={attempt}
        ref={image}
        src={url}
        alt={intl.formatMessage({ id: 'app.attachment.preview.image' })}
        onLoad={(e) => {
          const img = e.currentTarget;
          setNatural({ width: img.naturalWidth, height: img.naturalHeight });
          setShown({ width: img.clientWidth, height: img.clientHeight });
        }}
        onError={onError}
        data-testid="attachment-image"
        style={{ display: 'block', maxWidth: '100%', maxHeight, height: 'auto' }}
      />
      <canvas
        ref={canvas}
        role="img"
        aria-label={intl.formatMessage(
          { id: drawing ? 'app.attachment.annotate.area' : 'app.attachment.annotations.layer' },
          { count: annotations.length },
        )}
        data-testid="annotation-canvas"
        data-count={annotations.length}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          cursor: drawing ? 'crosshair' : 'default',
          touchAction: drawing ? 'none' : 'auto',
        }}
      />
    </Box>
  );
}
