import { List, ListItemButton, ListItemText, ListSubheader, MenuItem, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { REPORT_GROUPS, REPORT_METRICS, type ReportMetric } from '@fieldbook/domain';
import { groupLabelId, metricKey, metricLabelId } from './metric-labels';

interface Props {
  selected: ReportMetric;
  onSelect: (metric: ReportMetric) => void;
  /** Phone width: the tree becomes one select. */
  compact: boolean;
}

const GROUPED = REPORT_GROUPS.map((group) => ({ group, metrics: REPORT_METRICS.filter((m) => m.group === group) }));

/** The metrics by group (spec 3 §2 Reports tab): a list on the left, or a select on a phone. */
export function MetricTree({ selected, onSelect, compact }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const byKey = (key: string) => REPORT_METRICS.find((m) => metricKey(m) === key)!;

  if (compact) {
    return (
      <TextField
        select
        size="small"
        margin="none"
        label={t('app.reports.metric.select')}
        value={metricKey(selected)}
        onChange={(e) => onSelect(byKey(e.target.value))}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
        data-testid="report-metric-select"
      >
        {GROUPED.flatMap(({ group, metrics }) => [
          <ListSubheader key={group}>{t(groupLabelId(group))}</ListSubheader>,
          ...metrics.map((m) => (
            <MenuItem key={metricKey(m)} value={metricKey(m)} sx={{ pl: 4 }}>
              {t(metricLabelId(m))}
            </MenuItem>
          )),
        ])}
      </TextField>
    );
  }

  return (
    <List
      component="nav"
      dense
      aria-label={t('app.reports.metrics')}
      data-testid="report-metric-tree"
      sx={{ py: 0, '& .MuiListSubheader-root': { lineHeight: '32px', bgcolor: 'background.paper' } }}
    >
      {GROUPED.map(({ group, metrics }) => (
        <li key={group}>
          <ul style={{ padding: 0 }}>
            <ListSubheader>{t(groupLabelId(group))}</ListSubheader>
            {metrics.map((m) => (
              <ListItemButton
                key={metricKey(m)}
                selected={m === selected}
                aria-current={m === selected ? 'true' : undefined}
                onClick={() => onSelect(m)}
                sx={{ pl: 3, borderRadius: 1 }}
                data-testid={`report-metric-${metricKey(m)}`}
              >
                <ListItemText primary={t(metricLabelId(m))} />
              </ListItemButton>
            ))}
          </ul>
        </li>
      ))}
    </List>
  );
}
