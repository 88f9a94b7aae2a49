import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartBar {
  key: string;
  label: string;
  /** undefined while loading; null when the count failed (logged to the console). */
  count: number | null | undefined;
}

interface Props {
  title: string;
  bars: ChartBar[];
  onOpen: (index: number) => void;
  compact: boolean;
}

/**
 * A metric's bars (spec 3 §2): one bar per log filter, its height the filter's count; a click on a
 * non-zero bar opens the log. Below the chart every bar is also a button naming its label and count,
 * for keyboards, screen readers and fingers.
 */
export function MetricChart({ title, bars, onOpen, compact }: Props) {
  const intl = useIntl();
  const theme = useTheme();
  const loading = bars.some((b) => b.count === undefined);
  const data = bars.map((b) => ({ label: b.label, count: b.count ?? 0 }));
  const countText = (b: ChartBar) => (typeof b.count === 'number' ? intl.formatNumber(b.count) : '–');
  const opens = (i: number) => (bars[i].count ?? 0) > 0;
  const tick = { fill: theme.palette.text.secondary, fontSize: 12 };

  return (
    <Box data-testid="report-chart">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height: 3, mb: 1 }}>{loading && <LinearProgress />}</Box>
      <Box
        role="img"
        aria-label={intl.formatMessage({ id: 'app.reports.chart.label' }, { metric: title })}
        sx={{ height: compact ? 240 : 320, '& .recharts-surface:focus': { outline: 'none' } }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 24, right: 8, bottom: 4, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={theme.palette.divider} />
            <XAxis
              dataKey="label"
              tick={tick}
              interval={0}
              tickLine={false}
              axisLine={{ stroke: theme.palette.divider }}
            />
            <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={40} />
            <Tooltip
              cursor={{ fill: theme.palette.action.hover }}
              contentStyle={{
                background: theme.palette.background.paper,
                border: `1px solid ${theme.palette.divider}`,
                borderRadius: 8,
                color: theme.palette.text.primary,
              }}
              labelStyle={{ color: theme.palette.text.primary }}
              formatter={(value) => [
                intl.formatNumber(Number(value)),
                intl.formatMessage({ id: 'app.reports.chart.count' }),
              ]}
            />
            <Bar
              dataKey="count"
              fill={theme.palette.primary.main}
              radius={[4, 4, 0, 0]}
              maxBarSize={72}
              isAnimationActive={false}
              style={{ cursor: 'pointer' }}
              onClick={(_, index) => opens(index) && onOpen(index)}
            >
              <LabelList dataKey="count" position="top" fill={theme.palette.text.primary} fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {bars.map((b, i) => (
          <li key={b.key}>
            <Button
              size="small"
              variant="outlined"
              disabled={!opens(i)}
              onClick={() => onOpen(i)}
              aria-label={intl.formatMessage(
                { id: opens(i) ? 'app.reports.chart.open' : 'app.reports.chart.bar' },
                { label: b.label, count: countText(b) },
              )}
              data-testid={`report-bar-${b.key}`}
              data-count={b.count ?? ''}
            >
              {b.label}: {countText(b)}
            </Button>
          </li>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {intl.formatMessage({ id: 'app.reports.chart.hint' })}
      </Typography>
    </Box>
  );
}
