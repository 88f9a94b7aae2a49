import { jobStatus, type Job, type JobStatus } from '@fieldbook/domain';

/** How each status of spec 1 §9 reads and looks in the jobs table. */
export const JOB_STATUS_VIEW: Record<JobStatus, { labelId: string; color: 'success' | 'warning' | 'error' | 'info' }> =
  {
    success: { labelId: 'app.jobs.status.success', color: 'success' },
    completeWithErrors: { labelId: 'app.jobs.status.complete-with-errors', color: 'warning' },
    failed: { labelId: 'app.jobs.status.failed', color: 'error' },
    timeout: { labelId: 'app.jobs.status.timeout', color: 'error' },
    inProgress: { labelId: 'app.jobs.status.in-progress', color: 'info' },
  };

/** The progress bar of a running job: a percentage once the total is known, else indeterminate (null). */
export function jobProgress(job: Pick<Job, 'processed' | 'total'>): number | null {
  if (job.total <= 0) return null;
  return Math.min(100, Math.round((job.processed / job.total) * 100));
}

/** Jobs the user may download a result of: finished ones that left a file. */
export const hasResult = (job: Job, now = Date.now()) => {
  const status = jobStatus(job, now);
  return !!job.resultURL && (status === 'success' || status === 'completeWithErrors');
};

/** Page sizes of the jobs table (spec 1 §9): 1 to 10, 12, 15, 20, 25, 50; default 10. */
export { JOB_PAGE_SIZES } from '@fieldbook/domain';
export const DEFAULT_JOB_PAGE_SIZE = 10;
