import { useId, type ReactNode } from 'react';
import { Box, Button, Slider, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import CropSquareIcon from '@mui/icons-material/CropSquare';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import UndoIcon from '@mui/icons-material/Undo';
import LayersClearOutlinedIcon from '@mui/icons-material/LayersClearOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useIntl } from 'react-intl';
import { ANNOTATION_TYPES, type AnnotationType } from '@fieldbook/domain';
import { CIRCLE_LETTERS, type AnnotationStyle } from './annotation-geometry';

interface Props {
  tool: AnnotationType;
  onTool: (tool: AnnotationType) => void;
  style: AnnotationStyle;
  onStyle: (style: AnnotationStyle) => void;
  canUndo: boolean;
  onUndo: () => void;
  canClear: boolean;
  onClear: () => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
}

const TOOL_ICONS: Partial<Record<AnnotationType, ReactNode>> = {
  oval: <CircleOutlinedIcon fontSize="small" sx={{ transform: 'scaleX(1.3)' }} />,
  rect: <CropSquareIcon fontSize="small" />,
  line: <HorizontalRuleIcon fontSize="small" sx={{ transform: 'rotate(-45deg)' }} />,
  check: <CheckIcon fontSize="small" />,
};

/** A utility circle's tool: its letter in a ring, as it is drawn. */
function LetterIcon({ letter }: { letter: string }) {
  return (
    <Box
      component="span"
      sx={{
        width: 20,
        height: 20,
        border: 2,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 11,
        fontWeight: 700,
        lineHeight: 1,
      }}
    >
      {letter}
    </Box>
  );
}

interface SliderProps {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  testId: string;
}

/** A slider named by the caption above it, which also shows its value. */
function LabelledSlider({ label, min, max, value, onChange, testId }: SliderProps) {
  const id = useId();
  return (
    <Box sx={{ flex: '1 1 120px', minWidth: 120 }}>
      <Typography id={id} variant="caption" color="text.secondary">
        {label}: {value}
      </Typography>
      <Slider
        size="small"
        min={min}
        max={max}
        value={value}
        onChange={(_, v) => onChange(v as number)}
        slotProps={{ input: { 'aria-labelledby': id, 'data-testid': testId } as object }}
      />
    </Box>
  );
}

/** The annotation tools (spec 3 §3 types), line width, alpha and colour, undo, clear and save. */
export function AnnotationToolbar(props: Props) {
  const { tool, onTool, style, onStyle } = props;
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Stack spacing={1} sx={{ py: 1 }} data-testid="annotation-toolbar">
      <ToggleButtonGroup
        exclusive
        size="small"
        value={tool}
        onChange={(_, next: AnnotationType | null) => next && onTool(next)}
        aria-label={t('app.attachment.annotate.tools')}
        sx={{ flexWrap: 'wrap' }}
      >
        {ANNOTATION_TYPES.map((type) => (
          <Tooltip key={type} title={t(`app.attachment.annotate.tool.${type}`)}>
            <ToggleButton
              value={type}
              aria-label={t(`app.attachment.annotate.tool.${type}`)}
              data-testid={`annotation-tool-${type}`}
              sx={{ width: 40, height: 36 }}
            >
              {TOOL_ICONS[type] ?? <LetterIcon letter={CIRCLE_LETTERS[type] ?? ''} />}
            </ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}>
        <LabelledSlider
          label={t('app.attachment.annotate.width')}
          min={1}
          max={60}
          value={style.line_width}
          onChange={(line_width) => onStyle({ ...style, line_width })}
          testId="annotation-width"
        />
        <LabelledSlider
          label={t('app.attachment.annotate.alpha')}
          min={0}
          max={255}
          value={style.alpha}
          onChange={(alpha) => onStyle({ ...style, alpha })}
          testId="annotation-alpha"
        />
        <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {t('app.attachment.annotate.color')}
          </Typography>
          <input
            type="color"
            value={style.color}
            onChange={(e) => onStyle({ ...style, color: e.target.value })}
            data-testid="annotation-color"
            style={{ width: 36, height: 28, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          startIcon={<UndoIcon />}
          disabled={!props.canUndo}
          onClick={props.onUndo}
          data-testid="annotation-undo"
        >
          {t('app.attachment.annotate.undo')}
        </Button>
        <Button
          size="small"
          startIcon={<LayersClearOutlinedIcon />}
          disabled={!props.canClear}
          onClick={props.onClear}
          data-testid="annotation-clear"
        >
          {t('app.attachment.annotate.clear')}
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={<SaveOutlinedIcon />}
          disabled={!props.dirty || props.saving}
          onClick={props.onSave}
          data-testid="annotation-save"
          sx={{ ml: 'auto' }}
        >
          {t('app.attachment.annotate.save')}
        </Button>
      </Box>
    </Stack>
  );
}
