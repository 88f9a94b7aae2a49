import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useIntl } from 'react-intl';
import { jobStatus, type Job, type JobType } from '@fieldbook/domain';
import type { JobsPage } from '../../api/jobs';
import { downloadJobResult } from '../../api/transfers';
import { snackFailure } from '../../app/action-feedback';
import { CATALOGS } from '../../i18n/locale';
import { JOB_PAGE_SIZES, JOB_STATUS_VIEW, hasResult, jobProgress } from './job-view';

interface Props {
  type: JobType;
  page: JobsPage | undefined;
  loading: boolean;
  failed: boolean;
  /** Zero-based page index, the page size, and how the table moves between pages (server keys). */
  pageIndex: number;
  pageSize: number;
  onPage: (index: number) => void;
  onPageSize: (size: number) => void;
}

/** An info message is a message id of this build (translated) or the worker's own text (shown as is). */
function InfoLine({ text }: { text: string }) {
  const intl = useIntl();
  return (
    <Typography variant="caption" component="li" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {text in CATALOGS.en ? intl.formatMessage({ id: text }) : text}
    </Typography>
  );
}

function JobRow({ job }: { job: Job }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const status = jobStatus(job);
  const view = JOB_STATUS_VIEW[status];
  const percent = jobProgress(job);
  const download = () =>
    void downloadJobResult(job.resultURL!).catch((e: unknown) => snackFailure(e, 'app.jobs.download.error'));
  return (
    <TableRow data-testid={`job-row-${job.id}`} data-status={status}>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {job.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {intl.formatDate(job.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </Typography>
        {status === 'inProgress' && (
          <Box sx={{ mt: 0.5 }}>
            <LinearProgress
              variant={percent === null ? 'indeterminate' : 'determinate'}
              value={percent ?? undefined}
              aria-label={t('app.jobs.progress', { processed: job.processed, total: job.total })}
              data-testid={`job-progress-${job.id}`}
            />
            <Typography variant="caption" color="text.secondary">
              {t('app.jobs.progress', { processed: job.processed, total: job.total })}
            </Typography>
          </Box>
        )}
        {job.infoMessages.length > 0 && (
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }} data-testid={`job-info-${job.id}`}>
            {job.infoMessages.map((m, i) => (
              <InfoLine key={i} text={m} />
            ))}
          </Box>
        )}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
        <Chip
          size="small"
          variant="outlined"
          color={view.color}
          label={t(view.labelId)}
          data-testid={`job-status-${job.id}`}
          icon={status === 'inProgress' ? <CircularProgress size={12} aria-hidden /> : undefined}
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', width: 40, p: 0.5 }}>
        {hasResult(job) && (
          <Tooltip title={t('app.jobs.download')}>
            <IconButton
              size="small"
              aria-label={t('app.jobs.download')}
              onClick={download}
              data-testid={`job-download-${job.id}`}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}

/** One tab of the jobs panel: a server-paged table of jobs (spec 1 §9) with status, progress, messages and result. */
export function JobsTable({ type, page, loading, failed, pageIndex, pageSize, onPage, onPageSize }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const jobs = page?.jobs ?? [];
  // The total is unknown while more pages follow (-1 lets the next button on); known on the last page.
  const count = page?.next_page_key ? -1 : pageIndex * pageSize + jobs.length;

  let empty: ReactNode = null;
  if (failed) empty = t('app.jobs.load.error');
  else if (!loading && jobs.length === 0 && pageIndex > 0)
    empty = (
      <>
        {t('app.jobs.no.results.go.retry')}{' '}
        <Button size="small" onClick={() => onPage(0)} data-testid="jobs-first-page">
          {t('app.jobs.first-page')}
        </Button>
      </>
    );
  else if (!loading && jobs.length === 0)
    empty = t(type === 'IMPORT' ? 'app.jobs.none.imports' : 'app.jobs.none.exports');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box sx={{ flex: 1, overflow: 'auto', minHeight: 0 }}>
        {loading && <LinearProgress aria-label={t('app.loading')} />}
        <Table size="small" stickyHeader aria-label={t(type === 'IMPORT' ? 'app.jobs.imports' : 'app.jobs.exports')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('app.jobs.column.job')}</TableCell>
              <TableCell>{t('app.jobs.column.status')}</TableCell>
              <TableCell sx={{ width: 40, p: 0.5 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('app.jobs.column.result')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </TableBody>
        </Table>
        {empty && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="jobs-empty">
            {empty}
          </Typography>
        )}
      </Box>
      <TablePagination
        component="div"
        count={count}
        page={pageIndex}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, index) => onPage(index)}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
        labelRowsPerPage={t('app.jobs.page-size')}
        labelDisplayedRows={({ from, to, count: total }) =>
          total === -1 ? `${from}–${to}` : intl.formatMessage({ id: 'app.jobs.rows' }, { from, to, count: total })
        }
        sx={{ flexShrink: 0, borderTop: 1, borderColor: 'divider', '.MuiTablePagination-toolbar': { px: 1 } }}
        data-testid="jobs-pagination"
      />
    </Box>
  );
}

const PAGE_SIZES = [...JOB_PAGE_SIZES];

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
