import { useEffect, useState } from 'react';
import { IconButton, Paper, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { usePreferences } from '../../app/preferences-store';
import { useMap } from '../ol/MapContext';
import { startMeasuring, type MeasureKind } from './measure-layer';

/**
 * The measuring tool while it is on: distance or area, the live result, and a close button. Escape
 * (or the toolbar toggle) ends it.
 */
export function MeasurePanel({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const map = useMap();
  const metric = usePreferences((s) => s.prefs.showMetricUnits);
  const [kind, setKind] = useState<MeasureKind>('length');
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => {
    const tool = startMeasuring(map, kind, metric, setResult);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        tool.abort();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      tool.stop();
    };
  }, [map, kind, metric, onClose]);

  const label = (id: string) => intl.formatMessage({ id });
  return (
    <Paper
      elevation={3}
      role="region"
      aria-label={label('app.map.measure.title')}
      data-testid="measure-panel"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, maxWidth: '100%', flexWrap: 'wrap' }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={kind}
        onChange={(_, v: MeasureKind | null) => v && setKind(v)}
        aria-label={label('app.map.measure.title')}
      >
        <ToggleButton value="length" data-testid="measure-length">
          {label('app.map.measure.distance')}
        </ToggleButton>
        <ToggleButton value="area" data-testid="measure-area">
          {label('app.map.measure.area')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Typography
        variant="body2"
        aria-live="polite"
        data-testid="measure-result"
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 96, fontWeight: 600 }}
      >
        {result ?? label(kind === 'area' ? 'app.map.measure.hint.area' : 'app.map.measure.hint')}
      </Typography>
      <Tooltip title={label('app.map.measure.close')}>
        <IconButton
          size="small"
          aria-label={label('app.map.measure.close')}
          onClick={onClose}
          data-testid="measure-close"
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
