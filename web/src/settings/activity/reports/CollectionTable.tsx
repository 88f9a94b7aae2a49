import { useState } from 'react';
import {
  Alert,
  Box,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useIntl, type IntlShape } from 'react-intl';
import { COLLECTION_FEATURE_TYPES, type CollectionPeriod } from '@fieldbook/domain';
import { usePreferences } from '../../../app/preferences-store';
import {
  collectionSpan,
  collectionTable,
  measureOf,
  type CollectionColumn,
  type CollectionMeasure,
} from './collection-table';
import { dayStart, endOfToday, localDay } from './report-range';
import type { ReportFilters } from './report-query';
import { useDailyCollection, useFirstCollected } from './reports-api';

type FeatureType = (typeof COLLECTION_FEATURE_TYPES)[number];
const MEASURES: CollectionMeasure[] = ['length', 'features', 'vertices'];

// The user column stays in view while the periods scroll sideways.
const STICKY = { position: 'sticky', left: 0, bgcolor: 'background.paper' } as const;

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

function columnLabel(intl: IntlShape, column: CollectionColumn, period: CollectionPeriod): string {
  const day = (d: string) => intl.formatDate(utc(d), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  if (period === 'daily') return day(column.from);
  if (period === 'weekly')
    return column.from === column.to ? day(column.from) : `${day(column.from)} – ${day(column.to)}`;
  return intl.formatDate(utc(column.from), { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

function Choice<T extends string>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string }>;
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as T)}
      sx={{ minWidth: 160 }}
      data-testid={props.testId}
    >
      {props.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * User Feature Collection (spec 3 §2, §9): per user and period, the length, number of features or
 * vertices collected of one feature type. Length is in feet, whole, or metres by the metric preference.
 */
export function CollectionTable({ filters, now, title }: { filters: ReportFilters; now: number; title: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const metric = usePreferences((s) => s.prefs.showMetricUnits);
  const [measure, setMeasure] = useState<CollectionMeasure>('length');
  const [featureType, setFeatureType] = useState<FeatureType>('line');
  const people = { featureType, userIds: filters.userIds, projectIds: filters.projectIds };
  const openStart = filters.startTime === undefined;
  const first = useFirstCollected(people, openStart);
  const firstDataDay = first.data ? localDay(first.data) : undefined;
  const span = collectionSpan(filters, now, firstDataDay);
  // An open start waits for the first collected day, where its columns begin; none collected: no table.
  const stats = useDailyCollection(
    !openStart || firstDataDay
      ? {
          ...people,
          fromDate: filters.startTime ?? dayStart(span.from),
          toDate: Math.min(filters.endTime ?? Infinity, endOfToday(now)),
          period: span.period,
        }
      : null,
  );
  const rows = stats.data ?? [];
  const nothingCollected = openStart && first.data === null;
  const users = collectionTable(rows, span.columns);
  const unit = t(metric ? 'app.reports.unit.meters' : 'app.reports.unit.feet');
  const measureLabel = (m: CollectionMeasure) => t(`app.reports.collection.measure.${m}`, { unit });
  const value = (amounts: Parameters<typeof measureOf>[0]) => intl.formatNumber(measureOf(amounts, measure, metric));

  return (
    <Box data-testid="report-collection">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1 }}>
        <Choice
          label={t('app.reports.collection.measure')}
          value={measure}
          onChange={setMeasure}
          options={MEASURES.map((m) => ({ value: m, label: measureLabel(m) }))}
          testId="report-collection-measure"
        />
        <Choice
          label={t('app.reports.collection.feature-type')}
          value={featureType}
          onChange={setFeatureType}
          options={COLLECTION_FEATURE_TYPES.map((type) => ({
            value: type,
            label: t(`app.reports.collection.type.${type}`),
          }))}
          testId="report-collection-type"
        />
      </Box>
      <Box sx={{ height: 3, mb: 1 }}>{(first.isFetching || stats.isFetching) && <LinearProgress />}</Box>
      {stats.isError || first.isError ? (
        <Alert severity="error">{t('app.reports.collection.error')}</Alert>
      ) : nothingCollected || (!stats.isPending && users.length === 0) ? (
        <Typography color="text.secondary" sx={{ py: 3 }} data-testid="report-collection-empty">
          {t('app.reports.collection.no-data')}
        </Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader sx={{ '& td, & th': { px: 1.5 } }}>
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px' }}>
              {t('app.reports.collection.caption', {
                measure: measureLabel(measure),
                period: t(`app.reports.collection.period.${span.period}`),
              })}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...STICKY, zIndex: 3, bgcolor: 'background.default' }}>
                  {t('app.reports.collection.user')}
                </TableCell>
                {span.columns.map((c) => (
                  <TableCell key={c.from} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {columnLabel(intl, c, span.period)}
                  </TableCell>
                ))}
                <TableCell align="right">{t('app.reports.collection.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((u) => (
                <TableRow key={u.key} data-testid="report-collection-row" data-email={u.email}>
                  <TableCell
                    component="th"
                    scope="row"
                    title={u.email}
                    sx={{
                      ...STICKY,
                      maxWidth: { xs: 150, md: 220 },
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    {u.email}
                  </TableCell>
                  {u.cells.map((cell, i) => (
                    <TableCell key={span.columns[i].from} align="right">
                      {value(cell)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="report-collection-total">
                    {value(u.total)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
