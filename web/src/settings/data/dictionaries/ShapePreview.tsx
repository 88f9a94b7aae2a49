import { Box } from '@mui/material';
import type { ComponentTypeName } from '@fieldbook/domain';
import type { StyleDraft } from './model';

interface Props {
  type: ComponentTypeName;
  draft: StyleDraft;
  /** Box size in pixels (the drawing is 40 by 28 units). */
  width?: number;
  label?: string;
}

/**
 * A small picture of a component: a point, a line or a polygon drawn in its style (or the system
 * colour), or its marker image. Decorative unless a label is given.
 */
export function ShapePreview({ type, draft, width = 40, label }: Props) {
  const height = Math.round((width * 28) / 40);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  if (draft.mode === 'marker') {
    return (
      <Box
        {...a11y}
        sx={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}
        data-testid="shape-preview"
        data-shape="marker"
      >
        {draft.url ? (
          <Box
            component="img"
            src={draft.url}
            alt=""
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : null}
      </Box>
    );
  }
  const s = draft.style;
  const stroke = { stroke: s.strokeColor, strokeOpacity: s.strokeOpacity, strokeWidth: Math.max(s.strokeWidth, 0) };
  return (
    <Box
      component="svg"
      viewBox="0 0 40 28"
      {...a11y}
      sx={{ width, height, flexShrink: 0, display: 'block', overflow: 'visible' }}
      data-testid="shape-preview"
      data-shape={type}
    >
      {type === 'Point' && (
        <circle
          cx={20}
          cy={14}
          r={Math.min(12, Math.max(2, (s.size ?? 6) / 2 + 1))}
          fill={s.fillColor}
          fillOpacity={s.fillOpacity}
          {...stroke}
          strokeWidth={Math.min(stroke.strokeWidth, 4)}
        />
      )}
      {type === 'Line' && (
        <polyline
          points="3,22 14,9 26,19 37,6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeDasharray={s.dashed ? '4 3' : undefined}
          {...stroke}
          strokeWidth={Math.min(Math.max(stroke.strokeWidth, 0.5), 6)}
        />
      )}
      {type === 'Polygon' && (
        <polygon
          points="5,23 9,6 27,3 36,15 25,25"
          fill={s.fillColor}
          fillOpacity={s.fillOpacity}
          strokeLinejoin="round"
          {...stroke}
          strokeWidth={Math.min(stroke.strokeWidth, 4)}
        />
      )}
    </Box>
  );
}
