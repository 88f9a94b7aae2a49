import {
  ACTIVITY_MSG,
  ACTIVITY_TEXTS,
  isPlusOrganization,
  type ActivityFilters,
  type DailyCollectionRow,
} from '@fieldbook/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { dailyCollectionQuerySchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden } from '../http/errors.js';
import { enqueueJob, jobEvents } from '../jobs/queue.js';
import { actorOf, recordActivity } from './record.js';
import { isTimeZone, LOG_EXPORT_VARIANT, type LogExportPayload } from './log-export.js';
import { filteredLog, logCount, logPage } from './query.js';
import { logScopeOf, type LogScope } from './scope.js';

/** The log is not part of the Plus tier (spec 1 §2 settings routes). */
async function scopeFor(deps: Deps, caller: Caller): Promise<LogScope> {
  if (isPlusOrganization(caller.organizationType)) throw forbidden(ACTIVITY_MSG.notAllowed);
  return logScopeOf(deps.db, caller);
}

export async function listActivities(deps: Deps, caller: Caller, filters: ActivityFilters) {
  return logPage(deps.db, await scopeFor(deps, caller), filters);
}

export async function countActivities(deps: Deps, caller: Caller, filters: ActivityFilters) {
  return { count: await logCount(deps.db, await scopeFor(deps, caller), filters) };
}

/** Queues the CSV of the filtered log as an EXPORT job; the request itself is logged with the job. */
export async function exportActivities(
  deps: Deps,
  caller: Caller,
  filters: ActivityFilters,
  body: { projectMapping: Record<string, string>; timezone: string },
): Promise<{ jobId: string }> {
  const scope = await scopeFor(deps, caller);
  if (!isTimeZone(body.timezone)) throw badRequest(ACTIVITY_MSG.badTimezone);
  const payload: LogExportPayload = {
    variant: LOG_EXPORT_VARIANT,
    scope,
    filters,
    projectMapping: body.projectMapping,
    timezone: body.timezone,
    fileName: `activity-log-${new Date().toISOString().slice(0, 10)}.csv`,
  };
  const started = await deps.db.transaction().execute(async (trx) => {
    const job = await enqueueJob(trx, {
      organizationId: caller.organizationId,
      projectId: filters.projectIds?.length === 1 ? filters.projectIds[0] : null,
      ownerId: caller.accountId,
      type: 'EXPORT',
      title: payload.fileName,
      payload: payload as unknown as Record<string, unknown>,
    });
    await recordActivity(trx, actorOf(caller), {
      type: 'Export',
      category: 'General',
      message: ACTIVITY_TEXTS.logExported,
      artifact: { jobId: job.id, fileName: payload.fileName },
    });
    return { jobId: job.id };
  });
  // Wake the worker again now the job is committed (enqueueJob's wake-up came before the commit).
  jobEvents.emit('enqueued');
  return started;
}

type DailyQuery = z.output<typeof dailyCollectionQuerySchema>;

/** Each collector's e-mail as their latest entry has it (the log keeps people as they were). */
async function emailsOf(deps: Deps, organizationId: string, rows: Array<{ account_id: string | null }>) {
  const ids = [...new Set(rows.map((r) => r.account_id).filter((id): id is string => !!id))];
  if (!ids.length) return new Map<string, string | null>();
  const found = await sql<{ account_id: string; email: string | null }>`
    SELECT a.id AS account_id, e.actor_email AS email FROM unnest(${ids}::uuid[]) AS a(id)
    CROSS JOIN LATERAL (SELECT actor_email FROM activities
      WHERE organization_id = ${organizationId} AND account_id = a.id
      ORDER BY occurred_at DESC, seq DESC LIMIT 1) e`.execute(deps.db);
  return new Map(found.rows.map((r) => [r.account_id, r.email]));
}

/** The first day of an entry's day, run of 7 days from fromDate's day, or month (clipped to that day). */
function periodStart(q: DailyQuery) {
  const day = sql`(occurred_at AT TIME ZONE ${q.timezone})::date`;
  if (q.period === 'daily') return day;
  const firstDay = sql`(to_timestamp(${q.fromDate}::double precision / 1000) AT TIME ZONE ${q.timezone})::date`;
  if (q.period === 'weekly') return sql`${firstDay} + (${day} - ${firstDay}) / 7 * 7`;
  return sql`greatest(date_trunc('month', ${day})::date, ${firstDay})`;
}

/**
 * Spec 3 §3 daily user collection stat: what each user collected per day (in the caller's zone) and
 * project, summed from the log's feature Add entries (their artifacts carry length and vertices), so the
 * report needs no second bookkeeping of every write (their kind, length and vertices are columns the
 * category index carries: migration 025). Rows are summed per day, or per week or month when asked
 * (a year's table then reads 12 sums per user and project, not 365). Imports are not field
 * collection and log no per-feature entries.
 */
export async function dailyCollection(deps: Deps, caller: Caller, q: DailyQuery): Promise<DailyCollectionRow[]> {
  if (!isTimeZone(q.timezone)) throw badRequest(ACTIVITY_MSG.badTimezone);
  const scope = await scopeFor(deps, caller);
  const filters: ActivityFilters = {
    activityTypes: ['Add'],
    categories: ['Feature'],
    startTime: q.fromDate,
    endTime: q.toDate,
    projectIds: q.projectIds,
    userIds: q.userIds,
    orderDirection: 'ASC',
    pageSize: 1,
  };
  const rows = await filteredLog(deps.db, scope, filters)
    .where('feature_kind', 'in', q.featureType ? [q.featureType] : ['point', 'line', 'polygon'])
    .select([
      sql<string>`to_char(${periodStart(q)}, 'YYYY-MM-DD')`.as('date'),
      'account_id',
      'project_id',
      sql<number>`coalesce(sum(length_m), 0)`.as('meters'),
      sql<string>`count(*)`.as('features'),
      sql<string>`coalesce(sum(vertices), 0)`.as('vertices'),
    ])
    // By position: the day's expression binds the zone as a parameter, which GROUP BY would not match.
    .groupBy([sql`1`, 'account_id', 'project_id'])
    .orderBy(sql`1`)
    .orderBy('account_id')
    .execute();
  const emails = await emailsOf(deps, caller.organizationId, rows);
  return rows.map((r) => ({
    date: r.date,
    email: r.account_id ? (emails.get(r.account_id) ?? null) : null,
    account_id: r.account_id,
    project_id: r.project_id,
    meters_collected: Math.round(Number(r.meters) * 1000) / 1000,
    features_collected: Number(r.features),
    vertices_collected: Number(r.vertices),
  }));
}
