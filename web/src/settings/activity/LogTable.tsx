import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { ACTIVITY_MSG } from '@fieldbook/domain';
import { useActivityLog } from '../../api/activities';
import { errorMessageOf } from '../../api/client';
import { visuallyHidden } from '../../app/visually-hidden';
import { useT } from '../../i18n/translate';
import type { LogFilterState, LogOrder } from './log-filters';
import { entriesOf } from './log-format';
import { LogRow, type LogRowOptions } from './LogRow';

interface Props extends LogRowOptions {
  filters: LogFilterState;
  order: LogOrder;
  pageSize: number;
  testId?: string;
}

/**
 * The activity log as a table that loads its next keyset page when the last row scrolls into view
 * (spec 3 §4 logs list: loading, loaded, error, has-more); shared by the logs screen and the feature
 * panel's ACTIVITY tab.
 */
export function LogTable({ filters, order, pageSize, testId = 'log-table', ...rowOptions }: Props) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const log = useActivityLog(filters, order, pageSize);
  const entries = entriesOf(log.data?.pages);
  const [expanded, setExpanded] = useState<string | null>(null);
  const { compact, showProject } = rowOptions;
  // Expand, the content columns, restore.
  const colSpan = 1 + (compact ? 2 : 4 + (showProject ? 1 : 0)) + 1;

  // The last row in view asks for the next page (once per page: fetchNextPage ignores a call in flight).
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = log;
  const observer = useRef<IntersectionObserver | null>(null);
  const lastRowRef = useCallback(
    (row: HTMLTableRowElement | null) => {
      observer.current?.disconnect();
      if (!row || !hasNextPage || isError) return;
      observer.current = new IntersectionObserver((seen) => {
        if (seen.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      });
      observer.current.observe(row);
    },
    [hasNextPage, isFetchingNextPage, isError, fetchNextPage],
  );
  useEffect(() => () => observer.current?.disconnect(), []);

  const headerCell = (id: string, sx?: object) => (
    <TableCell sx={{ whiteSpace: 'nowrap', ...sx }}>{label(id)}</TableCell>
  );
  const errorText =
    log.error && errorMessageOf(log.error) === ACTIVITY_MSG.notAllowed ? t(ACTIVITY_MSG.notAllowed) : null;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid={testId}>
      <Box sx={{ height: 4 }}>
        {log.isFetching && !isFetchingNextPage && <LinearProgress aria-label={label('app.as.logs.loading')} />}
      </Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={label('app.as.logs.table')}
          aria-busy={log.isFetching}
          sx={{
            '& td:not(.MuiTableCell-paddingCheckbox), & th:not(.MuiTableCell-paddingCheckbox)': {
              px: { xs: 1, sm: compact ? 1 : 2 },
            },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {label('app.as.logs.col.details')}
                </Box>
              </TableCell>
              {compact ? (
                <>
                  {headerCell('app.as.logs.col.date-performer', { whiteSpace: 'normal' })}
                  {headerCell(
                    showProject ? 'app.as.logs.col.action-category-project' : 'app.as.logs.col.action-category',
                    { whiteSpace: 'normal' },
                  )}
                </>
              ) : (
                <>
                  {headerCell('app.as.logs.col.date')}
                  {headerCell('app.as.logs.col.performer')}
                  {headerCell('app.as.logs.col.action')}
                  {headerCell('app.as.logs.col.category')}
                  {showProject && headerCell('app.as.logs.col.project')}
                </>
              )}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {label('app.as.logs.restore')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry, i) => (
              <LogRow
                key={entry.Id}
                entry={entry}
                open={expanded === entry.Id}
                onToggle={() => setExpanded(expanded === entry.Id ? null : entry.Id)}
                colSpan={colSpan}
                rowRef={i === entries.length - 1 ? lastRowRef : undefined}
                {...rowOptions}
              />
            ))}
            {log.isSuccess && entries.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="log-empty">
                    {t(ACTIVITY_MSG.noData)}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {isFetchingNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }} data-testid="log-loading-more">
          <CircularProgress size={22} aria-label={label('app.as.logs.loading-more')} />
        </Box>
      )}
      {isError && (
        <Alert
          severity="error"
          sx={{ m: 1 }}
          data-testid="log-error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void (log.data ? fetchNextPage() : log.refetch())}
              data-testid="log-retry"
            >
              {label('app.retry')}
            </Button>
          }
        >
          {errorText ?? label('app.as.logs.error')}
        </Alert>
      )}
      {log.isSuccess && entries.length > 0 && !hasNextPage && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1.5, textAlign: 'center' }} data-testid="log-end">
          {label('app.as.logs.end')}
        </Typography>
      )}
    </Paper>
  );
}
