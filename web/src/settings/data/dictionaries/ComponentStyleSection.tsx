import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Box, FormControlLabel, Radio, RadioGroup, Slider, Stack, Switch, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { STYLE_RANGES, defaultComponentStyle, type ComponentStyle, type ComponentTypeName } from '@fieldbook/domain';
import { ColorField } from './ColorField';
import { tidyNumber, type StyleDraft } from './model';
import { ShapePreview } from './ShapePreview';
import { SymbolPicker } from './SymbolPicker';

interface Props {
  type: ComponentTypeName;
  systemColor: string;
  /** The organization's dictionary-styling flag. */
  stylingEnabled: boolean;
  styling: boolean;
  onStylingChange: (on: boolean) => void;
  draft: StyleDraft;
  onDraftChange: (draft: StyleDraft) => void;
  /** False while a colour's hex input is not 6 hex characters. */
  onValidChange: (valid: boolean) => void;
}

/**
 * Component styling (spec 2 §4, §5, §9): stroke and fill colours and opacities, stroke width, point
 * size or dashed line, clamped to the ranges; a Point may use a marker symbol instead.
 */
export function ComponentStyleSection({
  type,
  systemColor,
  stylingEnabled,
  styling,
  onStylingChange,
  draft,
  onDraftChange,
  onValidChange,
}: Props) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const reportValid = useEffectEvent((valid: boolean) => onValidChange(valid));
  useEffect(() => reportValid(!Object.values(invalid).some(Boolean)), [invalid]);
  // Colour inputs that went away (marker mode, styling off) no longer count.
  useEffect(() => setInvalid({}), [draft.mode, styling, type]);

  if (!stylingEnabled) {
    return (
      <Alert severity="info" data-testid="styling-disabled">
        {label('app.dictionary.styling.disabled')}
      </Alert>
    );
  }

  const style: ComponentStyle = draft.mode === 'style' ? draft.style : defaultComponentStyle(type, systemColor);
  const set = (patch: Partial<ComponentStyle>) => onDraftChange({ mode: 'style', style: { ...style, ...patch } });
  const validity = (key: string) => (valid: boolean) =>
    setInvalid((s) => (s[key] === !valid ? s : { ...s, [key]: !valid }));

  const slider = (
    key: 'strokeOpacity' | 'fillOpacity' | 'strokeWidth' | 'size',
    labelId: string,
    range: { min: number; max: number; step: number },
  ) => {
    const value = tidyNumber((style[key] ?? 0) as number);
    return (
      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary" id={`style-${key}-label`}>
            {label(labelId)}
          </Typography>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </Box>
        <Slider
          value={value}
          min={range.min}
          max={range.max}
          step={range.step}
          onChange={(_, v) => set({ [key]: v as number })}
          valueLabelDisplay="auto"
          aria-labelledby={`style-${key}-label`}
          data-testid={`style-${key}`}
          sx={{ mx: 1, width: 'calc(100% - 16px)' }}
        />
      </Box>
    );
  };

  return (
    <Box data-testid="component-styling">
      <FormControlLabel
        control={
          <Switch
            checked={styling}
            onChange={(_, on) => onStylingChange(on)}
            slotProps={{ input: { 'data-testid': 'component-styling-toggle' } as object }}
          />
        }
        label={label('app.dictionary.style.custom')}
      />
      {styling && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 140px' }, gap: 2, mt: 1 }}>
          <Stack spacing={2}>
            {type === 'Point' && (
              <RadioGroup
                row
                value={draft.mode}
                onChange={(_, mode) =>
                  onDraftChange(
                    mode === 'marker'
                      ? { mode: 'marker', url: null }
                      : { mode: 'style', style: defaultComponentStyle(type, systemColor) },
                  )
                }
                aria-label={label('app.dictionary.style.kind')}
              >
                <FormControlLabel
                  value="style"
                  control={<Radio slotProps={{ input: { 'data-testid': 'style-mode-style' } as object }} />}
                  label={label('app.dictionary.style.kind.style')}
                />
                <FormControlLabel
                  value="marker"
                  control={<Radio slotProps={{ input: { 'data-testid': 'style-mode-marker' } as object }} />}
                  label={label('app.dictionary.style.kind.marker')}
                />
              </RadioGroup>
            )}
            {draft.mode === 'marker' ? (
              <SymbolPicker value={draft.url} onChange={(url) => onDraftChange({ mode: 'marker', url })} />
            ) : (
              <>
                <ColorField
                  label={label('app.dictionary.style.stroke-color')}
                  value={style.strokeColor}
                  onChange={(c) => set({ strokeColor: c })}
                  onValidChange={validity('stroke')}
                  testId="style-stroke-color"
                />
                {slider('strokeOpacity', 'app.dictionary.style.stroke-opacity', STYLE_RANGES.opacity)}
                {slider('strokeWidth', 'app.dictionary.style.stroke-width', STYLE_RANGES.width)}
                {type !== 'Line' && (
                  <>
                    <ColorField
                      label={label('app.dictionary.style.fill-color')}
                      value={style.fillColor}
                      onChange={(c) => set({ fillColor: c })}
                      onValidChange={validity('fill')}
                      testId="style-fill-color"
                    />
                    {slider('fillOpacity', 'app.dictionary.style.fill-opacity', STYLE_RANGES.opacity)}
                  </>
                )}
                {type === 'Point' && slider('size', 'app.dictionary.style.size', STYLE_RANGES.size)}
                {type === 'Line' && (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={Boolean(style.dashed)}
                        onChange={(_, on) => set({ dashed: on })}
                        slotProps={{ input: { 'data-testid': 'style-dashed' } as object }}
                      />
                    }
                    label={label('app.dictionary.style.dashed')}
                  />
                )}
              </>
            )}
          </Stack>
          <Box
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 1,
              alignSelf: 'start',
              position: { sm: 'sticky' },
              top: { sm: 0 },
            }}
          >
            <Typography variant="caption" color="text.secondary">
              {label('app.dictionary.style.preview')}
            </Typography>
            <ShapePreview type={type} draft={draft} width={96} label={label('app.dictionary.style.preview')} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
