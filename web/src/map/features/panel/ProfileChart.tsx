import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import type { Geometry } from '@fieldbook/domain';
import { usePreferences } from '../../../app/preferences-store';
import { areaIn, areaOf, lengthIn, profileOf } from './measure';

const W = 340;
const H = 140;
const PAD = 28;

/** Profile of a line or polygon (spec 3 §2): length, area for polygons, and the altitude series where z exists. */
export function ProfileChart({ geometry, vertex }: { geometry: Geometry; vertex: number }) {
  const intl = useIntl();
  const theme = useTheme();
  const metric = usePreferences((s) => s.prefs.showMetricUnits);
  const points = profileOf(geometry);
  const total = points.at(-1)?.distance ?? 0;
  const area = areaOf(geometry);
  const unit = metric ? 'm' : 'ft';
  const num = (v: number) => intl.formatNumber(v, { maximumFractionDigits: 3 });
  const withAltitude = points.filter((p) => p.altitude !== null) as Array<{ distance: number; altitude: number }>;
  const lo = Math.min(...withAltitude.map((p) => p.altitude));
  const hi = Math.max(...withAltitude.map((p) => p.altitude));
  const x = (d: number) => PAD + (total ? (d / total) * (W - 2 * PAD) : 0);
  const y = (a: number) => H - PAD - (hi > lo ? ((a - lo) / (hi - lo)) * (H - 2 * PAD) : (H - 2 * PAD) / 2);
  const path = withAltitude
    .map((p, i) => `${i ? 'L' : 'M'}${x(p.distance).toFixed(1)},${y(p.altitude).toFixed(1)}`)
    .join(' ');
  const current = points[vertex];
  const summary = intl.formatMessage(
    { id: 'app.feature.profile.summary' },
    { length: `${num(lengthIn(total, metric))} ${unit}` },
  );

  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="profile-chart">
      <Typography variant="body2" data-testid="profile-length">
        {summary}
      </Typography>
      {area !== null && (
        <Typography variant="body2" data-testid="profile-area">
          {intl.formatMessage({ id: 'app.feature.profile.area' }, { area: `${num(areaIn(area, metric))} ${unit}²` })}
        </Typography>
      )}
      {withAltitude.length > 1 ? (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          role="img"
          aria-label={intl.formatMessage({ id: 'app.feature.profile.altitude' })}
          style={{ maxWidth: W, display: 'block', marginTop: 8 }}
        >
          <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} stroke={theme.palette.divider} />
          <line x1={PAD} y1={PAD} x2={PAD} y2={H - PAD} stroke={theme.palette.divider} />
          <path d={path} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
          {current?.altitude != null && (
            <circle cx={x(current.distance)} cy={y(current.altitude)} r={4} fill={theme.palette.secondary.main} />
          )}
          <text
            x={PAD}
            y={PAD - 8}
            fontSize={10}
            fill={theme.palette.text.secondary}
          >{`${num(lengthIn(hi, metric))} ${unit}`}</text>
          <text
            x={PAD}
            y={H - 8}
            fontSize={10}
            fill={theme.palette.text.secondary}
          >{`${num(lengthIn(lo, metric))} ${unit}`}</text>
          <text
            x={W - PAD}
            y={H - 8}
            fontSize={10}
            textAnchor="end"
            fill={theme.palette.text.secondary}
          >{`${num(lengthIn(total, metric))} ${unit}`}</text>
        </svg>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {intl.formatMessage({ id: 'app.feature.profile.no-altitude' })}
        </Typography>
      )}
    </Box>
  );
}
