import { Box, FormHelperText, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useIntl } from 'react-intl';
import { REPORT_QUICK_RANGES } from '@fieldbook/domain';
import {
  customRangeBounds,
  customRangeError,
  localDay,
  rangeTimes,
  type QuickRangeId,
  type ReportRange,
} from './report-range';

interface Props {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
}

/** Custom dates start as the days the range showed, so they can be adjusted rather than typed anew. */
function customFrom(range: ReportRange): ReportRange {
  const times = rangeTimes(range, Date.now()) ?? {};
  const day = (ms: number | undefined) => (ms === undefined ? '' : localDay(ms));
  return { kind: 'custom', start: day(times.startTime), end: day(times.endTime) };
}

/** Quick date buttons and the custom dates (spec 3 §2; bounds and order of §5). */
export function RangePicker({ range, onChange }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const custom = range.kind === 'custom' ? range : null;
  const bounds = customRangeBounds(custom ?? { start: '', end: '' });
  const error = custom && customRangeError(custom);
  const errorText = error ? t(error, { min: bounds.startMin, max: bounds.endMax }) : undefined;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={range.kind === 'quick' ? range.id : 'custom'}
        onChange={(_, value: QuickRangeId | 'custom' | null) => {
          if (!value) return;
          onChange(value === 'custom' ? customFrom(range) : { kind: 'quick', id: value });
        }}
        aria-label={t('app.reports.range.label')}
        sx={{ flexWrap: 'wrap' }}
        data-testid="report-range"
      >
        {REPORT_QUICK_RANGES.map((r) => (
          <ToggleButton key={r.id} value={r.id} data-testid={`report-range-${r.id}`}>
            {t(r.labelId)}
          </ToggleButton>
        ))}
        <ToggleButton value="custom" data-testid="report-range-custom">
          {t('app.reports.range.custom')}
        </ToggleButton>
      </ToggleButtonGroup>
      {custom && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {(['start', 'end'] as const).map((side) => (
            <TextField
              key={side}
              type="date"
              size="small"
              margin="none"
              label={t(`app.reports.range.${side}`)}
              value={custom[side]}
              onChange={(e) => onChange({ ...custom, [side]: e.target.value })}
              error={!!error}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput:
                  side === 'start'
                    ? { min: bounds.startMin, max: bounds.startMax }
                    : { min: bounds.endMin, max: bounds.endMax },
              }}
              sx={{ width: 170 }}
              data-testid={`report-range-${side}`}
            />
          ))}
          {errorText && (
            <FormHelperText error sx={{ flexBasis: '100%', mx: 1.5, mt: 0 }} data-testid="report-range-error">
              {errorText}
            </FormHelperText>
          )}
        </Box>
      )}
    </Box>
  );
}
