import { z } from 'zod';

/** Background jobs (spec 3 §3 Job, §7 jobs service; spec 1 §9 job status display). */
export const JOB_TYPES = ['IMPORT', 'EXPORT'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const JOB_MSG = {
  /** The worker running the job stopped (crash, kill) twice; the job is not tried again. */
  interrupted: 'app.jobs.error.interrupted',
  /** The job ran past its time limit. */
  timedOut: 'app.jobs.error.timeout',
  /** No handler for the job's type in this server (an older worker picked it up). */
  unknownType: 'app.jobs.error.unknown-type',
} as const;

export const JOB_PAGE_SIZES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 50] as const;

export const jobsQuerySchema = z.object({
  orgId: z.string().optional(),
  projectID: z.string().uuid().optional(),
  pageKey: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  type: z.enum(JOB_TYPES).optional(),
  ownerID: z.string().uuid().optional(),
});

export const jobSchema = z.object({
  id: z.string(),
  type: z.enum(JOB_TYPES),
  title: z.string(),
  projectId: z.string().nullable(),
  ownerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isComplete: z.boolean(),
  hasError: z.boolean(),
  timeoutTime: z.string().nullable(),
  resultURL: z.string().nullable(),
  infoMessages: z.array(z.string()),
  /** Features (or rows) done so far and in all, for the progress bar; total 0 while unknown. */
  processed: z.number(),
  total: z.number(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobsPageSchema = z.object({ jobs: z.array(jobSchema), next_page_key: z.string().nullable() });

export type JobStatus = 'success' | 'completeWithErrors' | 'failed' | 'timeout' | 'inProgress';

/** Spec 1 §9: how a job shows in the jobs table. */
export function jobStatus(job: Pick<Job, 'isComplete' | 'hasError' | 'timeoutTime'>, now = Date.now()): JobStatus {
  if (job.isComplete) return job.hasError ? 'completeWithErrors' : 'success';
  if (job.hasError) return 'failed';
  if (job.timeoutTime && Date.parse(job.timeoutTime) < now) return 'timeout';
  return 'inProgress';
}
