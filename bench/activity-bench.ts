/**
 * Activity-log benchmark (issue #14 "Speed"): the log's routes over BENCH_ACTIVITY_ENTRIES (1,000,000)
 * entries spread over a year (bench/activity-setup.ts), on PostgreSQL+PostGIS and on PGlite
 * (BENCH_ACTIVITY_PGLITE_ENTRIES, default the same; 0 skips it). Each route is called in-process
 * (app.inject) by one client, interleaved with its reference: the bare SQL a person would write for the
 * same answer, run straight on the database. Targets: a filtered page of the log p95 < 100 ms on
 * PostgreSQL; a report over a year (every bar of a metric, or the collection table) < 500 ms.
 */
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import { REPORT_METRICS } from '@fieldbook/domain';
import type { Database } from '../server/src/db/connect.js';
import type { DB } from '../server/src/db/schema.js';
import { buildActivityFixture, type ActivityFixture } from './activity-setup.js';
import { refPool } from './map-setup.js';
import { benchEachDatabase } from './per-database.js';
import { inProcess, measure, type Figure, type Round } from './stats.js';

export interface ActivityBenchOptions {
  pgAdminUrl?: string;
  pgEntries: number;
  pgliteEntries: number;
  tmpDir: string;
  log: (s: string) => void;
}

const DAY = 86_400_000;
const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The bare SQL of a page: the entries of the filter, newest first, 50 and one to know there is more. */
const barePage = (orgId: string, where: RawBuilder<unknown>) => sql<{ id: string }>`
  SELECT id, seq, occurred_at, actor_email, actor_type, type, category, message, project_id, artifact
  FROM activities WHERE organization_id = ${orgId} AND actor_type IS DISTINCT FROM '1111' AND ${where}
  ORDER BY occurred_at DESC, seq DESC LIMIT 51`;

async function activityFigures(
  database: Database,
  f: ActivityFixture,
  url: string | null,
  log: (s: string) => void,
  figures: Figure[],
): Promise<void> {
  const refDb = url ? new Kysely<DB>({ dialect: new PostgresDialect({ pool: refPool(url, log) }) }) : database.db;
  // Session tokens last 15 minutes and a PGlite figure can take longer: signed in again (untimed) every 10.
  let signedAt = -Infinity;
  const fresh = async () => {
    if (performance.now() - signedAt < 10 * 60_000) return;
    const { idToken } = await f.json('POST', '/auth/signin', { email: f.email, password: f.password });
    f.auth.authorization = `Bearer ${idToken}`;
    signedAt = performance.now();
  };
  const get = async (route: string) => {
    const r = await f.app.inject({ method: 'GET', url: route, headers: f.auth });
    if (r.statusCode !== 200) throw new Error(`GET ${route} → ${r.statusCode} ${r.body}`);
    return r.json();
  };
  /** One round: every route of the list in turn (a report's bars), timed together. */
  const routes =
    (urls: string[]): Round =>
    async () => {
      await fresh();
      const s = performance.now();
      for (const u of urls) await get(u);
      return [performance.now() - s];
    };
  const reference = (name: string, qs: RawBuilder<unknown>[]) => ({
    name,
    round: inProcess(async () => {
      for (const q of qs) await q.execute(refDb);
    }, 1),
  });
  const now = Date.now();
  const org = f.organizationId;
  const at = (ms: number) => new Date(ms);
  // A feature in the middle of the year, for the feature panel's ACTIVITY tab.
  const feature = await sql<{ id: string }>`SELECT artifact->>'featureId' AS id FROM activities
    WHERE organization_id = ${org} AND category = 'Feature' AND occurred_at < ${new Date(now - 182 * DAY)}
    ORDER BY occurred_at DESC LIMIT 1`.execute(refDb);
  const featureId = JSON.stringify({ featureId: feature.rows[0]?.id ?? 'point.1' });
  try {
    // Pages of the log.
    const pages: Array<[string, Record<string, string | number>, RawBuilder<unknown>]> = [
      ['whole log, first page', {}, sql`true`],
      [
        'one project, Feature Delete, last 30 days',
        { projectIds: f.projectIds[3]!, categories: 'Feature', activityTypes: 'Delete', startTime: now - 30 * DAY },
        sql`project_id = ${f.projectIds[3]} AND category = 'Feature' AND type = 'Delete' AND occurred_at >= ${at(now - 30 * DAY)}`,
      ],
      [
        'one user, page from 6 months back (page key)',
        { userIds: f.accountIds[5]!, lastTimestamp: now - 182 * DAY },
        sql`account_id = ${f.accountIds[5]} AND occurred_at < ${at(now - 182 * DAY)}`,
      ],
      [
        'three projects (a project admin), Layer entries',
        { projectIds: f.projectIds.slice(0, 3).join(','), categories: 'Layer' },
        sql`project_id = ANY(${f.projectIds.slice(0, 3)}::uuid[]) AND category = 'Layer'`,
      ],
      [
        'rare: Project Add in one quarter (~0.25 % of the log)',
        { categories: 'Project', activityTypes: 'Add', startTime: now - 120 * DAY, endTime: now - 30 * DAY },
        sql`category = 'Project' AND type = 'Add' AND occurred_at BETWEEN ${at(now - 120 * DAY)} AND ${at(now - 30 * DAY)}`,
      ],
      [
        "one feature's entries (feature panel ACTIVITY tab)",
        { partialArtifacts: featureId },
        sql`artifact @> ${featureId}::jsonb`,
      ],
      [
        'message contains "moved", last 90 days',
        { partialMessages: 'moved', startTime: now - 90 * DAY },
        sql`message ILIKE '%moved%' AND occurred_at >= ${at(now - 90 * DAY)}`,
      ],
    ];
    for (const [name, params, where] of pages) {
      const route = `/rest/activities?${qs({ pageSize: 50, ...params })}`;
      await fresh();
      const answer = await get(route);
      const bare = barePage(org, where);
      const ref = (await bare.execute(refDb)).rows;
      const same =
        JSON.stringify(answer.Items.map((e: { Id: string }) => e.Id)) ===
        JSON.stringify(ref.slice(0, 50).map((r) => r.id));
      figures.push(
        await measure({
          name: `GET /rest/activities: ${name}`,
          thing: routes([route]),
          reference: reference('bare SQL: the page of 50 (+1) newest first', [bare]),
          note: `${answer.Items.length} entries; same page: ${same ? 'yes' : 'NO'}; target p95 < 100 ms`,
        }),
      );
    }

    // Reports over a year: every bar of a metric is one count (the web app asks them together).
    const year = { startTime: now - 365 * DAY, endTime: now };
    for (const metricName of ['Pointman Feature', 'Layer', 'Data Organization']) {
      const metric = REPORT_METRICS.find((m) => m.name === metricName)!;
      const urls = metric.bars!.map(
        (b) =>
          `/rest/activities/count?${qs({
            ...year,
            activityTypes: b.filter.activityTypes?.join(','),
            categories: b.filter.categories?.join(','),
            messages: b.filter.messages?.join(','),
            partialArtifacts: b.filter.partialArtifacts ? JSON.stringify(b.filter.partialArtifacts) : undefined,
          })}`,
      );
      const counts: number[] = [];
      await fresh();
      for (const u of urls) counts.push((await get(u)).count);
      const bare = metric.bars!.map(
        (b) => sql`SELECT count(*) FROM activities WHERE organization_id = ${org}
          AND actor_type IS DISTINCT FROM '1111' AND occurred_at BETWEEN ${at(year.startTime)} AND ${at(year.endTime)}
          AND ${b.filter.activityTypes ? sql`type = ANY(${b.filter.activityTypes}::text[])` : sql`true`}
          AND ${b.filter.categories ? sql`category = ANY(${b.filter.categories}::text[])` : sql`true`}
          AND ${b.filter.messages ? sql`message = ANY(${b.filter.messages}::text[])` : sql`true`}`,
      );
      figures.push(
        await measure({
          name: `report over a year: ${metricName} (${urls.length} bars = ${urls.length} counts)`,
          thing: routes(urls),
          reference: reference('bare SQL: one count(*) per bar', bare),
          note: `bars ${counts.join(' / ')}; target < 500 ms`,
        }),
      );
    }
    // The year's table asks for month columns (as the web app does); the daily rows are the spec's default.
    for (const period of ['monthly', 'daily'] as const) {
      const collection = `/rest/stats/user/daily?${qs({ fromDate: year.startTime, toDate: year.endTime, featureType: 'line', timezone: 'America/Denver', period })}`;
      const column =
        period === 'daily'
          ? sql`to_char(occurred_at AT TIME ZONE 'America/Denver', 'YYYY-MM-DD')`
          : sql`to_char(date_trunc('month', occurred_at AT TIME ZONE 'America/Denver'), 'YYYY-MM-DD')`;
      await fresh();
      const rows = await get(collection);
      figures.push(
        await measure({
          name: `report over a year: User Feature Collection (lines, ${period}, by user and project)`,
          thing: routes([collection]),
          reference: reference(`bare SQL: sums GROUP BY ${period === 'daily' ? 'day' : 'month'}, user, project`, [
            sql`SELECT ${column}, account_id, project_id, sum(length_m), count(*), sum(vertices)
                FROM activities WHERE organization_id = ${org} AND actor_type IS DISTINCT FROM '1111'
                  AND type = 'Add' AND category = 'Feature' AND feature_kind = 'line'
                  AND occurred_at BETWEEN ${at(year.startTime)} AND ${at(year.endTime)}
                GROUP BY 1, 2, 3`,
          ]),
          note: `${rows.length} rows; target < 500 ms${period === 'daily' ? ' (not what the table asks)' : ''}`,
        }),
      );
    }
  } finally {
    if (refDb !== database.db) await refDb.destroy();
  }
}

export function runActivityBench(o: ActivityBenchOptions): Promise<string[]> {
  return benchEachDatabase(
    {
      name: 'activity',
      unit: 'entries',
      title: (size) => `activity log of ${size} over a year`,
      fill: buildActivityFixture,
      measure: activityFigures,
    },
    { pgAdminUrl: o.pgAdminUrl, pg: o.pgEntries, pglite: o.pgliteEntries, tmpDir: o.tmpDir, log: o.log },
  );
}
