import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { AnnotationType } from '@fieldbook/domain';
import { DEFAULT_STYLE } from './annotation-geometry';
import { clearAll, currentOf, draw, isDirty, undo, type AnnotationHistory } from './annotation-history';
import { AnnotationCanvas } from './AnnotationCanvas';
import { AnnotationToolbar } from './AnnotationToolbar';

interface Props {
  url: string;
  attempt: number;
  onError: () => void;
  history: AnnotationHistory;
  onHistory: (next: AnnotationHistory) => void;
  /** Drawing and saving need the right to change the attachment. */
  editable: boolean;
  saving: boolean;
  onSave: () => void;
  expanded: boolean;
}

/** An image attachment with its annotations; those who may change it draw, undo, clear and save (spec 3 §2). */
export function ImageAnnotator({
  url,
  attempt,
  onError,
  history,
  onHistory,
  editable,
  saving,
  onSave,
  expanded,
}: Props) {
  const intl = useIntl();
  const [tool, setTool] = useState<AnnotationType>('oval');
  const [style, setStyle] = useState(DEFAULT_STYLE);
  const annotations = currentOf(history);
  const dirty = isDirty(history);
  return (
    <Box>
      {editable && (
        <AnnotationToolbar
          tool={tool}
          onTool={setTool}
          style={style}
          onStyle={setStyle}
          canUndo={history.steps.length > 0}
          onUndo={() => onHistory(undo(history))}
          canClear={annotations.length > 0}
          onClear={() => onHistory(clearAll(history))}
          dirty={dirty}
          saving={saving}
          onSave={onSave}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 0.5 }}>
        <AnnotationCanvas
          url={url}
          attempt={attempt}
          annotations={annotations}
          drawing={editable ? { tool, style, onDraw: (a) => onHistory(draw(history, a)) } : undefined}
          onError={onError}
          maxHeight={expanded ? 'max(200px, calc(100vh - 380px))' : '60vh'}
        />
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mt: 0.5 }}
        data-testid="annotation-count"
      >
        {intl.formatMessage({ id: 'app.attachment.annotations.count' }, { count: annotations.length })}
        {dirty && ` · ${intl.formatMessage({ id: 'app.attachment.annotate.unsaved' })}`}
      </Typography>
    </Box>
  );
}
