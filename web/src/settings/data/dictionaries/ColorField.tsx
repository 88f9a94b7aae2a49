import { useEffect, useEffectEvent, useId, useState, type ChangeEvent } from 'react';
import { Box, ButtonBase, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useIntl } from 'react-intl';
import { DICTIONARY_MSG } from '@fieldbook/domain';

/** The APWA uniform colour code first, then a few neutral ones. */
export const SWATCHES = [
  '#FF0000',
  '#FFFF00',
  '#FF8000',
  '#0000FF',
  '#800080',
  '#00FF00',
  '#FF69B4',
  '#FFFFFF',
  '#000000',
  '#808080',
  '#8B4513',
  '#008080',
];

const HEX6 = /^[0-9a-fA-F]{6}$/;

/** Black or white, whichever reads better on the colour. */
export function contrastOn(hex: string): string {
  const m = hex.match(/^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!m) return '#000';
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? '#000' : '#fff';
}

interface Props {
  label: string;
  /** '#RRGGBB'. */
  value: string;
  onChange: (value: string) => void;
  /** Reports whether the hex input holds exactly 6 hex characters. */
  onValidChange?: (valid: boolean) => void;
  testId: string;
  disabled?: boolean;
}

/**
 * Colour picker (spec 2 §5): swatches, the browser's colour chooser and a hex input that must hold
 * exactly 6 hex characters, otherwise 'valid hex' shows.
 */
export function ColorField({ label, value, onChange, onValidChange, testId, disabled }: Props) {
  const intl = useIntl();
  const groupId = useId();
  const [hex, setHex] = useState(value.replace(/^#/, ''));
  const valid = HEX6.test(hex);

  // Follow outside changes (a swatch, the chooser, a reset) unless they are what was typed.
  const follow = useEffectEvent((outside: string) => {
    if (outside.toLowerCase() !== hex.toLowerCase()) setHex(outside);
  });
  useEffect(() => follow(value.replace(/^#/, '')), [value]);
  // The parent's callback may be a new function on every render; only a change of validity is reported.
  const reportValid = useEffectEvent((isValid: boolean) => onValidChange?.(isValid));
  useEffect(() => reportValid(valid), [valid]);

  const choose = (next: string) => {
    setHex(next.replace(/^#/, '').toUpperCase());
    onChange(next.toUpperCase());
  };
  const current = valid ? `#${hex}`.toUpperCase() : null;

  return (
    <Box role="group" aria-labelledby={groupId} data-testid={testId}>
      <Typography id={groupId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
        {SWATCHES.map((c) => {
          const selected = current === c;
          return (
            <Tooltip key={c} title={c}>
              <ButtonBase
                disabled={disabled}
                onClick={() => choose(c)}
                aria-label={intl.formatMessage({ id: 'app.dictionary.color.swatch' }, { color: c })}
                aria-pressed={selected}
                data-testid={`${testId}-swatch-${c.slice(1)}`}
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  bgcolor: c,
                  border: 1,
                  borderColor: 'divider',
                  outline: selected ? 2 : 0,
                  outlineColor: 'primary.main',
                  outlineStyle: 'solid',
                  outlineOffset: 2,
                }}
              >
                {selected && <CheckIcon sx={{ fontSize: 16, color: contrastOn(c) }} />}
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box
          component="input"
          type="color"
          disabled={disabled}
          value={current ?? '#000000'}
          onChange={(e: ChangeEvent<HTMLInputElement>) => choose(e.target.value)}
          aria-label={intl.formatMessage({ id: 'app.dictionary.color.chooser' }, { field: label })}
          data-testid={`${testId}-chooser`}
          sx={{
            width: 48,
            height: 40,
            p: 0.25,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'transparent',
            cursor: 'pointer',
          }}
        />
        <TextField
          size="small"
          label={intl.formatMessage({ id: 'app.dictionary.color.hex' })}
          value={hex}
          disabled={disabled}
          onChange={(e) => {
            const next = e.target.value.replace(/^#/, '').slice(0, 6);
            setHex(next);
            if (HEX6.test(next)) onChange(`#${next}`.toUpperCase());
          }}
          error={!valid}
          helperText={!valid ? intl.formatMessage({ id: DICTIONARY_MSG.invalidHex }) : ' '}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">#</InputAdornment> },
            htmlInput: {
              'data-testid': `${testId}-hex`,
              maxLength: 7,
              spellCheck: false,
              'aria-label': `${label} (hex)`,
            },
          }}
          sx={{ width: 160 }}
        />
      </Stack>
    </Box>
  );
}
