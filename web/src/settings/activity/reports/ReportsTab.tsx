import { useMemo, useState } from 'react';
import { Box, Paper, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import { DEFAULT_REPORT_RANGE, REPORT_METRICS, type ReportMetric } from '@fieldbook/domain';
import { useProjects } from '../../../api/projects';
import { useSettingsAccess } from '../../access';
import { filterableProjects } from '../activity-access';
import type { LogFilterState } from '../log-filters';
import { CollectionTable } from './CollectionTable';
import { MetricChart } from './MetricChart';
import { MetricTree } from './MetricTree';
import { barKey, barLabelId, metricKey, metricLabelId } from './metric-labels';
import { ProjectFilter, UserFilter, type Picked } from './PeopleAndProjects';
import { RangePicker } from './RangePicker';
import { barLogFilters, type ReportFilters } from './report-query';
import { rangeTimes, type ReportRange } from './report-range';
import { useBarCounts } from './reports-api';

/**
 * The Reports tab of the activity logs screen (spec 3 §2): the metric tree on the left, the date, user
 * and project filters and the selected metric's bars (or the collection table) on the right. A click on
 * a non-zero bar hands its log filter, within the report's filters, to the Activity logs tab.
 */
export function ReportsTab({ onOpenLog }: { onOpenLog: (filters: LogFilterState) => void }) {
  const intl = useIntl();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const access = useSettingsAccess();
  const orgAdmin = !!access?.isOrgAdmin;
  // Non-admins narrow the report only to the projects they administer (spec 3 §4, §6).
  const projectOptions: Picked[] = filterableProjects(useProjects().data, orgAdmin)
    .map((p) => ({ id: p.id, label: p.name }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const [metric, setMetric] = useState<ReportMetric>(REPORT_METRICS[0]);
  const [range, setRange] = useState<ReportRange>({ kind: 'quick', id: DEFAULT_REPORT_RANGE });
  // "Now" moves on when the range is picked again, not on every render (it keys the cached counts).
  const [now, setNow] = useState(() => Date.now());
  const [users, setUsers] = useState<Picked[]>([]);
  const [projects, setProjects] = useState<Picked[]>([]);

  const times = useMemo(() => rangeTimes(range, now), [range, now]);
  const filters: ReportFilters | null = times && {
    ...times,
    userIds: orgAdmin ? users.map((u) => u.id) : undefined,
    projectIds: projects.map((p) => p.id),
  };
  const bars = metric.bars ?? [];
  const barFilters = filters ? bars.map((b) => barLogFilters(b.filter, filters)) : [];
  const counts = useBarCounts(barFilters);
  const title = intl.formatMessage({ id: metricLabelId(metric) });

  return (
    <Box
      sx={{ display: 'flex', flexDirection: compact ? 'column' : 'row', gap: 2, alignItems: 'flex-start' }}
      data-testid="reports-tab"
    >
      {compact ? (
        <Box sx={{ width: '100%' }}>
          <MetricTree selected={metric} onSelect={setMetric} compact />
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ width: 250, flexShrink: 0, maxHeight: '75vh', overflow: 'auto', py: 1 }}>
          <MetricTree selected={metric} onSelect={setMetric} compact={false} />
        </Paper>
      )}
      <Box sx={{ flex: 1, minWidth: 0, width: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <RangePicker
            range={range}
            onChange={(r) => {
              setRange(r);
              setNow(Date.now());
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {orgAdmin && <UserFilter value={users} onChange={setUsers} />}
            <ProjectFilter options={projectOptions} value={projects} onChange={setProjects} />
          </Box>
        </Box>
        <Paper variant="outlined" sx={{ p: compact ? 1.5 : 2 }}>
          {metric.bars ? (
            <MetricChart
              key={metricKey(metric)}
              title={title}
              compact={compact}
              bars={bars.map((b, i) => ({
                key: barKey(b),
                label: intl.formatMessage({ id: barLabelId(b) }),
                count: filters ? counts[i] : null,
              }))}
              onOpen={(i) => onOpenLog(barFilters[i])}
            />
          ) : filters ? (
            <CollectionTable filters={filters} now={now} title={title} />
          ) : (
            // The dates say what is wrong beside them; the table waits for a range it can show.
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
