import { sql, type SelectQueryBuilder } from 'kysely';
import { ACTIVITY_TEXTS, type ActivityEntry, type ActivityFilters } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { DB } from '../db/schema.js';
import type { LogScope } from './scope.js';

/**
 * The log query of spec 3 §3 (filters) over the caller's scope, shared by the page, the count, the
 * reports' bars and the CSV export. Pages are keyset pages on (occurred_at, seq), the order of the
 * indexes of migration 023, so the 1,000th page costs what the first does.
 */
type LogQuery = SelectQueryBuilder<DB, 'activities', object>;

const toTime = (ms: number) => new Date(ms);
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The projects to read: those asked for within the scope; undefined for all of an admin's organization. */
function projectsOf(scope: LogScope, f: ActivityFilters): string[] | undefined {
  if (scope.projectIds === 'all') return f.projectIds;
  const allowed = scope.projectIds;
  return f.projectIds ? f.projectIds.filter((id) => allowed.includes(id)) : allowed;
}

/**
 * Artifact containment. A feature's own entries name it as `featureId`; an entry of several features (a
 * move of a selection) lists them in `featureIds`, so asking for one feature finds both (GIN index).
 */
function artifactContains(contained: Record<string, unknown>) {
  const own = sql<boolean>`artifact @> ${JSON.stringify(contained)}::jsonb`;
  const { featureId, ...others } = contained;
  if (typeof featureId !== 'string') return own;
  const listed = JSON.stringify({ ...others, featureIds: [featureId] });
  return sql<boolean>`(${own} OR artifact @> ${listed}::jsonb)`;
}

export function filteredLog(db: Executor, scope: LogScope, f: ActivityFilters): LogQuery {
  let q: LogQuery = db.selectFrom('activities').where('organization_id', '=', scope.organizationId);
  const projectIds = projectsOf(scope, f);
  if (projectIds) q = projectIds.length ? q.where('project_id', 'in', projectIds) : q.where(sql<boolean>`false`);
  if (!scope.seesSupportEntries) q = q.where(sql<boolean>`actor_type IS DISTINCT FROM '1111'`);
  if (f.userIds?.length) q = q.where('account_id', 'in', f.userIds);
  if (f.activityTypes?.length) q = q.where('type', 'in', f.activityTypes);
  if (f.categories?.length) q = q.where('category', 'in', f.categories);
  if (f.startTime !== undefined) q = q.where('occurred_at', '>=', toTime(f.startTime));
  if (f.endTime !== undefined) q = q.where('occurred_at', '<=', toTime(f.endTime));
  if (f.messages?.length) q = q.where('message', 'in', f.messages);
  const partial = f.partialMessages;
  if (partial?.length) q = q.where((eb) => eb.or(partial.map((m) => eb('message', 'ilike', `%${likeEscaped(m)}%`))));
  if (f.partialArtifacts) {
    // A feature entry's kind is also a column (migration 025), which the reports' index carries.
    const { kind, ...rest } = f.partialArtifacts;
    const featureKind = typeof kind === 'string' && f.categories?.length === 1 && f.categories[0] === 'Feature';
    if (featureKind) q = q.where('feature_kind', '=', kind);
    const contained = featureKind ? rest : f.partialArtifacts;
    if (Object.keys(contained).length) q = q.where(artifactContains(contained));
  }
  return q;
}

/** Entries after the page key, in the requested order. */
function afterKey(q: LogQuery, f: ActivityFilters): LogQuery {
  if (f.lastTimestamp === undefined) return q;
  const time = toTime(f.lastTimestamp);
  const before = f.orderDirection === 'DESC';
  if (f.lastSeq === undefined) return q.where('occurred_at', before ? '<' : '>', time);
  return before
    ? q.where(sql<boolean>`(occurred_at, seq) < (${time}, ${f.lastSeq}::bigint)`)
    : q.where(sql<boolean>`(occurred_at, seq) > (${time}, ${f.lastSeq}::bigint)`);
}

export async function logPage(db: Executor, scope: LogScope, f: ActivityFilters) {
  const direction = f.orderDirection === 'DESC' ? 'desc' : 'asc';
  const rows = await afterKey(filteredLog(db, scope, f), f)
    .select([
      'id',
      'seq',
      'occurred_at',
      'actor_email',
      'actor_type',
      'type',
      'category',
      'message',
      'project_id',
      'artifact',
    ])
    .orderBy('occurred_at', direction)
    .orderBy('seq', direction)
    .limit(f.pageSize + 1)
    .execute();
  const items: ActivityEntry[] = rows.slice(0, f.pageSize).map((r) => ({
    Id: r.id,
    Seq: Number(r.seq),
    Timestamp: new Date(r.occurred_at).getTime(),
    User: { email: r.actor_email, userType: r.actor_type },
    Type: r.type,
    Category: r.category,
    Message: r.message,
    Artifact: f.notRequestBody ? null : (r.artifact ?? null),
    ProjectId: r.project_id,
  }));
  const last = items.at(-1);
  return {
    Items: items,
    LastEvaluatedKey: rows.length > f.pageSize && last ? { Timestamp: last.Timestamp, Seq: last.Seq } : null,
  };
}

export async function logCount(db: Executor, scope: LogScope, f: ActivityFilters): Promise<number> {
  if (countableByDay(f)) return countByDays(db, scope, f);
  return rawCount(db, scope, f);
}

async function rawCount(db: Executor, scope: LogScope, f: ActivityFilters): Promise<number> {
  const row = await filteredLog(db, scope, f)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const KNOWN_TEXTS: readonly string[] = Object.values(ACTIVITY_TEXTS);
const DAY_MS = 86_400_000;

/**
 * Whether the day counts of migration 026 can answer the filter: they know project, category, type,
 * feature kind, fixed texts and support authors — not users, partial texts nor other artifact fields.
 */
function countableByDay(f: ActivityFilters): boolean {
  if (f.userIds?.length || f.partialMessages?.length) return false;
  if (f.messages?.some((m) => !KNOWN_TEXTS.includes(m))) return false;
  if (!f.partialArtifacts) return true;
  const { kind, ...rest } = f.partialArtifacts;
  const featureKind = typeof kind === 'string' && f.categories?.length === 1 && f.categories[0] === 'Feature';
  return featureKind && Object.keys(rest).length === 0;
}

/**
 * A count from the day counts for the whole UTC days inside the range, plus the log itself for the
 * partial days at either end: exact for a range cut in any time zone, and a year is ~365 rows a key.
 */
async function countByDays(db: Executor, scope: LogScope, f: ActivityFilters): Promise<number> {
  const firstDay = f.startTime === undefined ? undefined : Math.ceil(f.startTime / DAY_MS) * DAY_MS;
  const endDay = f.endTime === undefined ? undefined : Math.floor((f.endTime + 1) / DAY_MS) * DAY_MS;
  if (firstDay !== undefined && endDay !== undefined && firstDay >= endDay) return rawCount(db, scope, f);
  let q = db
    .selectFrom('activity_day_counts')
    .select((eb) => eb.fn.sum<string | number | null>('n').as('n'))
    .where('organization_id', '=', scope.organizationId);
  const projectIds = projectsOf(scope, f);
  if (projectIds) q = projectIds.length ? q.where('project_id', 'in', projectIds) : q.where(sql<boolean>`false`);
  if (!scope.seesSupportEntries) q = q.where('by_support', '=', false);
  if (f.activityTypes?.length) q = q.where('type', 'in', f.activityTypes);
  if (f.categories?.length) q = q.where('category', 'in', f.categories);
  if (f.messages?.length) q = q.where('message', 'in', f.messages);
  const kind = f.partialArtifacts?.kind;
  if (typeof kind === 'string') q = q.where('feature_kind', '=', kind);
  if (firstDay !== undefined) q = q.where('day', '>=', new Date(firstDay).toISOString().slice(0, 10));
  if (endDay !== undefined) q = q.where('day', '<', new Date(endDay).toISOString().slice(0, 10));
  const [days, head, tail] = await Promise.all([
    q.executeTakeFirstOrThrow(),
    firstDay !== undefined && f.startTime !== firstDay
      ? rawCount(db, scope, { ...f, endTime: firstDay - 1 })
      : Promise.resolve(0),
    endDay !== undefined ? rawCount(db, scope, { ...f, startTime: endDay }) : Promise.resolve(0),
  ]);
  return Number(days.n ?? 0) + head + tail;
}
