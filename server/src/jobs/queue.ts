import { EventEmitter } from 'node:events';
import type { Selectable } from 'kysely';
import type { JobType } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { JobsTable } from '../db/schema.js';

/**
 * The jobs queue (issue #10 §4): a job is a row of `jobs`; workers (worker.ts) claim open rows and
 * run the handler registered for the row's type. Areas register their handlers when their routes are
 * built, so a process that builds the app knows every job type.
 */

export type JobRecord = Selectable<JobsTable>;

export interface JobContext {
  deps: Deps;
  /** Records progress for the jobs panel; writes at most twice a second. */
  progress(processed: number, total: number): Promise<void>;
  /** Adds a line to the job's infoMessages (kept in memory, written when the job ends). */
  info(message: string): void;
  /** Aborted when the job passes its timeout or the worker stops. */
  signal: AbortSignal;
}

export interface JobOutcome {
  resultUrl?: string;
  /** Complete, with errors (spec 1 §9 "complete with errors"). */
  hasError?: boolean;
}

export type JobHandler = (job: JobRecord, ctx: JobContext) => Promise<JobOutcome>;

/**
 * Removes what a job left half-made (staging rows, temporary files, its input) once it has failed or
 * timed out, or its worker died for the last time. Not called for a job given back to the queue: that
 * one keeps its input, and its handler clears the earlier run's half-made work when it starts over.
 */
export type JobCleanup = (deps: Deps, job: JobRecord) => Promise<void>;

interface Registration {
  handler: JobHandler;
  cleanup?: JobCleanup;
}

const registrations = new Map<string, Registration>();

/**
 * Registers the handler of a job type. A `variant` handler takes the jobs of that type whose payload
 * names it (`payload.variant`): an activity-log CSV is an EXPORT job for the user (jobs panel,
 * download) but has its own handler.
 */
export function registerJobHandler(type: JobType, handler: JobHandler, cleanup?: JobCleanup, variant?: string): void {
  registrations.set(variant ? `${type}/${variant}` : type, { handler, cleanup });
}

export function jobRegistration(job: Pick<JobRecord, 'type' | 'payload'>): Registration | undefined {
  const variant = (job.payload as { variant?: unknown } | null)?.variant;
  return (typeof variant === 'string' && registrations.get(`${job.type}/${variant}`)) || registrations.get(job.type);
}

/** A job that takes longer than this shows as timed out and is stopped. */
export const DEFAULT_JOB_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/** In-process wake-up: the worker of this process starts a new job at once instead of at its next poll. */
export const jobEvents = new EventEmitter();

export interface NewJob {
  organizationId: string;
  projectId: string | null;
  ownerId: string;
  type: JobType;
  title: string;
  payload: Record<string, unknown>;
  timeoutMs?: number;
}

export async function enqueueJob(db: Executor, job: NewJob): Promise<{ id: string }> {
  const timeoutMs = job.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const row = await db
    .insertInto('jobs')
    .values({
      organization_id: job.organizationId,
      project_id: job.projectId,
      owner_id: job.ownerId,
      type: job.type,
      title: job.title,
      payload: JSON.stringify(job.payload),
      info_messages: '[]',
      timeout_time: new Date(Date.now() + timeoutMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  jobEvents.emit('enqueued');
  return { id: row.id };
}
