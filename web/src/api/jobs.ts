import { useQuery } from '@tanstack/react-query';
import { jobStatus, type Job, type JobType } from '@fieldbook/domain';
import { apiFetch } from './client';
import { useSession } from './session';

/** The jobs service of spec 3 §7: `GET /rest/jobs`, newest first, paged by `next_page_key`. */
export interface JobsPage {
  jobs: Job[];
  next_page_key: string | null;
}

export interface JobsQuery {
  type: JobType;
  projectID?: string;
  ownerID?: string;
  pageKey?: string;
  pageSize: number;
}

/** While a job of the page runs, the page is read again this often for its progress bar. */
export const JOBS_POLL_MS = 2000;

export const jobKeys = {
  all: (orgId: string | null) => ['jobs', orgId] as const,
  page: (orgId: string | null, q: JobsQuery) =>
    ['jobs', orgId, q.type, q.projectID, q.ownerID, q.pageKey, q.pageSize] as const,
};

export const jobsApi = {
  list: (q: JobsQuery) => apiFetch<JobsPage>('/rest/jobs', { query: { ...q } }),
};

export const anyRunning = (jobs: Job[] | undefined) => !!jobs?.some((j) => jobStatus(j) === 'inProgress');

/** One page of jobs; polls while any of its jobs is in progress. */
export function useJobsPage(q: JobsQuery, enabled: boolean) {
  const orgId = useSession((s) => s.orgId);
  return useQuery({
    queryKey: jobKeys.page(orgId, q),
    queryFn: () => jobsApi.list(q),
    enabled,
    refetchInterval: (query) => (anyRunning(query.state.data?.jobs) ? JOBS_POLL_MS : false),
  });
}
