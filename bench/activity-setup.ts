/**
 * The activity-log benchmark's data (issue #14 "Speed"): an organization signed up through the API with
 * 10 projects and 20 members, then N entries over the last 365 days written straight into `activities`
 * by `INSERT … SELECT generate_series` (100,000 rows a statement), deterministic from hashes of the row
 * number, in the proportions of a busy field organization:
 *
 * - 70 % feature entries (Add 40, Edit 22, Delete 7, Restore 1), each with the artifact the feature
 *   paths write (featureId, kind point/line/polygon, layerId, metadata, lengthM, vertices);
 * - 10 % sign-ins (no project), 8 % layer, 3 % folder, 3 % dictionary parts, 2 % exports, 1 % project,
 *   1 % moves and shares (known texts), 2 % other organization-wide entries;
 * - 1 % written by a support user (hidden from the others).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../server/src/db/connect.js';
import { signedUpApp, type BenchApp } from './map-setup.js';

export interface ActivityFixture extends BenchApp {
  organizationId: string;
  projectIds: string[];
  accountIds: string[];
  loadSeconds: number;
}

/** Entry shapes by share of the log (percent): type, category, message, has a project, kind of feature. */
const SHAPES: Array<[number, string, string, string, boolean]> = [
  [40, 'Add', 'Feature', '', true],
  [22, 'Edit', 'Feature', '', true],
  [7, 'Delete', 'Feature', '', true],
  [1, 'Restore', 'Feature', '', true],
  [10, 'Login', 'General', 'Signed in', false],
  [5, 'Add', 'Layer', "Layer 'Survey' added", true],
  [3, 'Edit', 'Layer', "Layer 'Survey' edited", true],
  [3, 'Add', 'Folder', "Folder 'Work' added", true],
  [1, 'Edit', 'System (Dictionary)', "System 'Water' edited", false],
  [1, 'Edit', 'Component (Dictionary)', "Component 'Valve' edited", false],
  [1, 'Edit', 'Dictionary', "Dictionary 'Locates' edited", false],
  [2, 'Export', 'Layer', 'Data exported', true],
  [1, 'Add', 'Project', "Project 'North' added", true],
  [0.5, 'Edit', 'Layer', 'Layer moved', true],
  [0.5, 'Share', 'Layer', 'Layer shared', true],
  [2, 'Edit', 'General', "Member 'crew@example.test' edited", false],
];

export async function buildActivityFixture(
  database: Database,
  n: number,
  dataDir: string,
  log: (s: string) => void,
): Promise<ActivityFixture> {
  const a = await signedUpApp(database, dataDir, { given: 'Activity', family: 'Bench' });
  const { json, auth } = a;
  const templates = await json('GET', '/rest/dictionaries?flat=true', undefined, auth);
  const projectIds: string[] = [];
  for (let i = 0; i < 10; i++)
    projectIds.push(
      (await json('POST', '/rest/projects', { name: `Project ${i}`, dataDictionaryId: templates[0].id }, auth)).id,
    );
  for (let i = 0; i < 20; i++)
    await json(
      'POST',
      '/rest/accounts',
      {
        email: `crew-${i}-${Date.now()}@example.test`,
        firstName: 'Crew',
        lastName: `${i}`,
        userType: i % 2 ? '0001' : '0011',
      },
      auth,
    );
  const org = await database.db
    .selectFrom('memberships')
    .select('organization_id')
    .where('account_id', '=', a.accountId)
    .executeTakeFirstOrThrow();
  const organizationId = org.organization_id;
  const members = await database.db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .select(['accounts.id', 'accounts.email'])
    .where('memberships.organization_id', '=', organizationId)
    .orderBy('accounts.email')
    .execute();
  const accountIds = members.map((m) => m.id);
  const emails = members.map((m) => m.email);
  await database.db.deleteFrom('activities').where('organization_id', '=', organizationId).execute();

  // Cumulative shares → a shape per row: the shape whose cumulative share first passes r(1)·100.
  let acc = 0;
  const bounds = SHAPES.map((s) => (acc += s[0]));
  const r = (k: number) => sql`((hashint8extended(i::bigint, ${k}::bigint) & 1099511627775)::float8 / 1099511627776)`;
  const t0 = performance.now();
  const STEP = 100_000;
  for (let from = 1; from <= n; from += STEP) {
    const to = Math.min(n, from + STEP - 1);
    await sql`
      WITH rows AS (
        SELECT i, (SELECT count(*) FROM unnest(${bounds}::float8[]) b WHERE b <= ${r(1)} * 100)::int + 1 AS shape,
               1 + floor(${r(2)} * 10)::int AS p, 1 + floor(${r(3)} * ${accountIds.length})::int AS u,
               (ARRAY['point', 'line', 'polygon'])[1 + floor(${r(4)} * 3)::int] AS kind
        FROM generate_series(${from}::int, ${to}::int) i)
      INSERT INTO activities (organization_id, account_id, actor_email, actor_type, type, category, message,
                              project_id, artifact, occurred_at, feature_kind, length_m, vertices)
      SELECT ${organizationId}::uuid, (${accountIds}::uuid[])[u], (${emails}::text[])[u],
             CASE WHEN ${r(5)} < 0.01 THEN '1111' ELSE '0111' END,
             (${SHAPES.map((s) => s[1])}::text[])[shape], (${SHAPES.map((s) => s[2])}::text[])[shape],
             CASE WHEN (${SHAPES.map((s) => s[3])}::text[])[shape] = ''
                  THEN (${SHAPES.map((s) => s[1])}::text[])[shape] || ' ' || kind || '.' || i
                  ELSE (${SHAPES.map((s) => s[3])}::text[])[shape] END,
             CASE WHEN (${SHAPES.map((s) => s[4])}::boolean[])[shape] THEN (${projectIds}::uuid[])[p] END,
             CASE WHEN (${SHAPES.map((s) => s[2])}::text[])[shape] = 'Feature' THEN jsonb_build_object(
               'featureId', kind || '.' || i, 'kind', kind, 'layerId', md5(p::text)::uuid, 'metadata', '{}'::jsonb,
               'lengthM', length_m, 'vertices', vertices)
             ELSE jsonb_build_object('name', 'Survey') END,
             date_trunc('milliseconds', now() - (${n}::int - i) * (interval '365 days' / ${n}::int)),
             CASE WHEN is_feature THEN kind END, CASE WHEN is_feature THEN length_m END,
             CASE WHEN is_feature THEN vertices END
      FROM (SELECT *, (${SHAPES.map((s) => s[2])}::text[])[shape] = 'Feature' AS is_feature,
                   CASE kind WHEN 'point' THEN 0 ELSE round((${r(6)} * 500)::numeric, 3)::float8 END AS length_m,
                   CASE kind WHEN 'point' THEN 1 ELSE 2 + floor(${r(7)} * 20)::int END AS vertices
            FROM rows) rows`.execute(database.db);
    log(`  ${to.toLocaleString('en')} entries`);
  }
  return { ...a, organizationId, projectIds, accountIds, loadSeconds: (performance.now() - t0) / 1000 };
}
