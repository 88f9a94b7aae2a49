import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { JOB_MSG, MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { removeDeadProcessOutputs } from '../platform/gdal.js';
import { purgeDeletedLayerFeatures } from '../projects/deleted-layers.js';
import { purgeAttachments } from '../attachments/purge.js';
import { archiveTickets } from '../onecall/archive.js';
import { jobEvents, jobRegistration, type JobContext, type JobRecord } from './queue.js';

/**
 * Runs jobs of the queue one at a time. A claim is `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP
 * LOCKED)`, one short statement, so several workers (in-process and `npm run worker`) never take the
 * same job. While a job runs its worker beats `heartbeat_at`; a job whose heartbeat is older than
 * STALE_AFTER_MS lost its worker (crash, kill -9) and is queued again once, then failed.
 */

const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 60_000;
/** How long a silent worker counts as alive (config JOB_STALE_AFTER_MS), and how often a worker beats. */
const staleAfterOf = (deps: Deps) => deps.config.jobStaleAfterMs ?? STALE_AFTER_MS;
const heartbeatOf = (deps: Deps) => Math.min(HEARTBEAT_MS, Math.floor(staleAfterOf(deps) / 4));
const PROGRESS_EVERY_MS = 500;
/** How often a worker purges the features of layers deleted longer ago than the retention. */
const PURGE_EVERY_MS = 3_600_000;
/** A job is tried at most this often; an interruption after that fails it. */
const MAX_ATTEMPTS = 2;

const newWorkerId = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

async function claimNextJob(deps: Deps, workerId: string, organizationId?: string): Promise<JobRecord | undefined> {
  const r = await sql<JobRecord>`
    UPDATE jobs SET claimed_by = ${workerId}, heartbeat_at = now(), attempts = attempts + 1, updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE NOT is_complete AND NOT has_error AND claimed_by IS NULL AND (timeout_time IS NULL OR timeout_time > now())
        AND (${organizationId ?? null}::uuid IS NULL OR organization_id = ${organizationId ?? null}::uuid)
      ORDER BY seq LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(deps.db);
  return r.rows[0];
}

/**
 * What a failed job tells its owner: an Error's message, or (gdal3.js throws lists of
 * `{ message }` objects) the messages of what was thrown, never "[object Object]".
 */
function failureText(err: unknown): string {
  if (err instanceof Error) return err.message;
  const items = Array.isArray(err) ? err : [err];
  const texts = items.map((e) =>
    typeof e === 'object' && e !== null && 'message' in e ? String((e as { message: unknown }).message) : String(e),
  );
  return texts.filter(Boolean).join('; ') || MSG.errorOccurred;
}

const appendInfo = (messages: string[]) => sql<string>`info_messages || ${JSON.stringify(messages)}::jsonb`;

/**
 * Jobs whose worker stopped beating: queued again (progress reset) while they have attempts left,
 * else failed with JOB_MSG.interrupted and their half-made work cleaned. A job queued again keeps its
 * input (an import's upload): its handler starts over and clears what the dead run staged.
 */
export async function recoverStaleJobs(deps: Deps, staleAfterMs = staleAfterOf(deps)): Promise<number> {
  const stale = await deps.db
    .selectFrom('jobs')
    .selectAll()
    .where('is_complete', '=', false)
    .where('has_error', '=', false)
    .where('claimed_by', 'is not', null)
    .where('heartbeat_at', '<', new Date(Date.now() - staleAfterMs))
    .execute();
  for (const job of stale) {
    const retry = job.attempts < MAX_ATTEMPTS;
    const released = await deps.db
      .updateTable('jobs')
      .set({
        claimed_by: null,
        heartbeat_at: null,
        processed: 0,
        has_error: !retry,
        info_messages: retry ? undefined : appendInfo([JOB_MSG.interrupted]),
        updated_at: new Date(),
      })
      .where('id', '=', job.id)
      .where('claimed_by', '=', job.claimed_by)
      .executeTakeFirst();
    // Only the recovery that released the job cleans it (another worker may be recovering too).
    if (!retry && Number(released.numUpdatedRows) > 0) await jobRegistration(job)?.cleanup?.(deps, job);
  }
  if (stale.length) jobEvents.emit('enqueued');
  return stale.length;
}

async function runJob(deps: Deps, workerId: string, job: JobRecord, stopping: AbortSignal): Promise<void> {
  const registration = jobRegistration(job);
  const infos: string[] = [];
  const abort = new AbortController();
  const onStop = () => abort.abort(new Error(JOB_MSG.interrupted));
  stopping.addEventListener('abort', onStop);
  const timeoutLeft = job.timeout_time ? job.timeout_time.getTime() - Date.now() : Infinity;
  const timer = Number.isFinite(timeoutLeft)
    ? setTimeout(() => abort.abort(new Error(JOB_MSG.timedOut)), Math.max(0, timeoutLeft))
    : undefined;
  const mine = () => deps.db.updateTable('jobs').where('id', '=', job.id).where('claimed_by', '=', workerId);
  const beat = setInterval(() => {
    mine()
      .set({ heartbeat_at: new Date() })
      .execute()
      .catch((err: unknown) => deps.log.warn({ err, jobId: job.id }, 'job heartbeat failed'));
  }, heartbeatOf(deps));
  let lastProgress = 0;
  const ctx: JobContext = {
    deps,
    signal: abort.signal,
    info: (message) => void infos.push(message),
    progress: async (processed, total) => {
      const now = Date.now();
      if (now - lastProgress < PROGRESS_EVERY_MS && processed < total) return;
      lastProgress = now;
      await mine().set({ processed, total, updated_at: new Date() }).execute();
      // Let waiting requests in before the next step: on the embedded database a job's statements run
      // on the server's thread back to back, and the jobs panel would not hear of this progress.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  try {
    if (!registration) throw new Error(JOB_MSG.unknownType);
    const outcome = await registration.handler(job, ctx);
    await mine()
      .set({
        is_complete: true,
        has_error: outcome.hasError ?? false,
        result_url: outcome.resultUrl ?? null,
        info_messages: appendInfo(infos),
        claimed_by: null,
        updated_at: new Date(),
      })
      .execute();
  } catch (err) {
    const timedOut = abort.signal.aborted && (abort.signal.reason as Error | undefined)?.message === JOB_MSG.timedOut;
    const message = timedOut ? JOB_MSG.timedOut : failureText(err);
    if (stopping.aborted && !timedOut) {
      // The worker is shutting down: give the job back to the queue, input kept, for the next worker.
      await mine().set({ claimed_by: null, heartbeat_at: null, processed: 0, updated_at: new Date() }).execute();
      return;
    }
    deps.log.warn({ err, jobId: job.id, type: job.type }, 'job failed');
    await registration
      ?.cleanup?.(deps, job)
      .catch((cleanupErr: unknown) => deps.log.error({ err: cleanupErr, jobId: job.id }, 'job cleanup failed'));
    // A timed-out job stays "not complete, no error" so the panel shows it as timeout (spec 1 §9).
    await mine()
      .set({
        has_error: !timedOut,
        info_messages: appendInfo([...infos, message]),
        claimed_by: null,
        updated_at: new Date(),
      })
      .execute();
  } finally {
    clearInterval(beat);
    clearTimeout(timer);
    stopping.removeEventListener('abort', onStop);
  }
}

/**
 * Runs queued jobs until none is left (the worker's inner loop; tests pass `organizationId` to run
 * only their own organization's jobs). Returns how many ran.
 */
export async function runJobsUntilIdle(
  deps: Deps,
  options: { workerId?: string; signal?: AbortSignal; organizationId?: string } = {},
) {
  const workerId = options.workerId ?? newWorkerId();
  const signal = options.signal ?? new AbortController().signal;
  let count = 0;
  while (!signal.aborted) {
    const job = await claimNextJob(deps, workerId, options.organizationId);
    if (!job) break;
    await runJob(deps, workerId, job, signal);
    count += 1;
  }
  return count;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/**
 * A polling worker: recovers stale jobs at start and every minute, purges the features of layers
 * and the attachments deleted past their retention at start and every hour, then runs jobs as they come
 * (woken at once by jobs enqueued in this process, else every `pollMs`).
 */
export function startJobWorker(deps: Deps, options: { pollMs?: number } = {}): RunningWorker {
  const pollMs = options.pollMs ?? 2_000;
  const stopping = new AbortController();
  const workerId = newWorkerId();
  let wake: (() => void) | undefined;
  const onEnqueued = () => wake?.();
  jobEvents.on('enqueued', onEnqueued);
  let lastRecovery = 0;
  let lastPurge = 0;
  void removeDeadProcessOutputs().catch((err: unknown) =>
    deps.log.warn({ err }, 'removing the GDAL outputs of dead processes failed'),
  );
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        if (Date.now() - lastRecovery > staleAfterOf(deps)) {
          lastRecovery = Date.now();
          await recoverStaleJobs(deps);
        }
        if (Date.now() - lastPurge > PURGE_EVERY_MS) {
          lastPurge = Date.now();
          await purgeDeletedLayerFeatures(deps.db);
          await purgeAttachments(deps);
          await archiveTickets(deps);
        }
        await runJobsUntilIdle(deps, { workerId, signal: stopping.signal });
      } catch (err) {
        deps.log.error({ err }, 'job worker error');
      }
      // Sleep until the next poll, a job enqueued here, or stop; the stop listener is removed again
      // (added on every poll and left behind, they piled up: one every two seconds).
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stopping.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        wake = done;
        stopping.signal.addEventListener('abort', done, { once: true });
      });
      wake = undefined;
    }
  })();
  return {
    async stop() {
      stopping.abort();
      jobEvents.off('enqueued', onEnqueued);
      await loop;
    },
  };
}

/**
 * SIGINT/SIGTERM end the process cleanly: the worker stops taking jobs and finishes its statement,
 * then the app closes (the database last). Used by the server and by `npm run worker`.
 */
export function stopOnSignals(
  app: { close(): Promise<unknown>; log: { info(msg: string): void } },
  worker: { stop(): Promise<void> },
) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: shutting down`);
      worker
        .stop()
        .then(() => app.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}
