import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useIntl } from 'react-intl';
import type { PDFDocumentProxy } from './pdf-document';
import { TipIconButton } from './TipIconButton';

interface Props {
  url: string;
  attempt: number;
  onError: () => void;
  expanded: boolean;
}

/** One page of a PDF attachment at the pane's width, with page navigation (spec 3 §2 attachment preview). */
export function PdfPreview({ url, attempt, onError, expanded }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(0);
  const [rendering, setRendering] = useState(true);

  // PDF.js loads with the first PDF shown, not with the app.
  useEffect(() => {
    let cancelled = false;
    let close: (() => Promise<void>) | undefined;
    setDoc(null);
    setPage(1);
    void import('./pdf-document')
      .then(({ openPdf }) => {
        const opened = openPdf(url);
        close = opened.destroy;
        return opened.promise;
      })
      .then((loaded) => !cancelled && setDoc(loaded))
      .catch(() => !cancelled && onError());
    return () => {
      cancelled = true;
      void close?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onError (the caller's retry) is new each render; a new URL or attempt reloads
  }, [url, attempt]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const c = canvas.current;
    if (!doc || !c || width === 0) return;
    let task: { cancel: () => void; promise: Promise<void> } | undefined;
    let cancelled = false;
    setRendering(true);
    void doc.getPage(page).then((p) => {
      if (cancelled) return;
      const base = p.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      c.style.width = `${Math.floor(viewport.width / ratio)}px`;
      c.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = p.render({ canvas: c, viewport });
      task.promise.then(
        () => !cancelled && setRendering(false),
        () => undefined, // cancelled by a newer render
      );
    }, onError);
    return () => {
      cancelled = true;
      task?.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onError is new each render; only a page, size or document change redraws
  }, [doc, page, width]);

  const pages = doc?.numPages ?? 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }} data-testid="pdf-nav">
        <TipIconButton
          label={t('app.attachment.pdf.previous')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
          testId="pdf-previous"
        >
          <ChevronLeftIcon />
        </TipIconButton>
        <Typography variant="body2" aria-live="polite" data-testid="pdf-page">
          {pages ? t('app.attachment.pdf.page', { page, pages }) : ' '}
        </Typography>
        <TipIconButton
          label={t('app.attachment.pdf.next')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
          testId="pdf-next"
        >
          <ChevronRightIcon />
        </TipIconButton>
      </Box>
      <Box
        ref={box}
        sx={{
          position: 'relative',
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'auto',
          maxHeight: expanded ? 'calc(100vh - 240px)' : '70vh',
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('app.attachment.pdf.page', { page, pages })}
          data-testid="pdf-canvas"
          data-page={page}
          data-rendered={!rendering}
          style={{ display: 'block', margin: '0 auto', background: '#fff' }}
        />
        {(rendering || !doc) && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <CircularProgress size={28} aria-label={t('app.attachment.loading')} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
