import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPermissions } from '../src/accounts/store.js';
import { recordActivity, type ActivityActor } from '../src/activities/record.js';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import { harness, type Harness } from './harness.js';
import {
  createAccount,
  createMember,
  signIn,
  signedInAccount,
  type SignedIn,
  templateDictionaryId,
} from './factories.js';
import { call } from './feature-fixtures.js';

/**
 * The read side of the activity log (spec 3 §3 filters, §6 visibility, §7 activities and stats calls):
 * pages, counts, the CSV export job and the collection stats, over entries written the way the write
 * paths write them.
 */
interface World {
  h: Harness;
  admin: SignedIn;
  projectAdmin: SignedIn;
  viewer: SignedIn;
  support: SignedIn;
  projects: { a: string; b: string };
}

const query = (params: Record<string, string | number>) =>
  '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const actor = (who: SignedIn, userType = '0111'): ActivityActor => ({
  organizationId: who.organizationId,
  accountId: who.accountId,
  email: who.email,
  userType,
});

let w: World;

beforeAll(async () => {
  const h = await harness();
  const admin = await signedInAccount(h);
  const dictionaryId = await templateDictionaryId(h);
  const project = async (name: string) =>
    (await call(h, admin, 'POST', '/rest/projects', { name, dataDictionaryId: dictionaryId })).body.id as string;
  const projects = { a: await project('Alpha'), b: await project('Bravo') };
  // A project admin of Alpha only: an editor who views the organization and administers one project.
  const projectAdmin = await createMember(h, admin.organizationId, 'viewer', { userType: '0111' });
  await insertPermissions(h.db, projectAdmin.accountId, admin.organizationId, [
    { assetTypeName: 'project', assetId: projects.a, bitMask: '1111' },
  ]);
  const viewer = await createMember(h, admin.organizationId, 'viewer');
  const support = await signIn(h, await createAccount(h, { organizationId: admin.organizationId, userType: '1111' }));
  w = { h, admin, projectAdmin, viewer, support, projects };
});

describe('activity log pages and visibility', () => {
  it('pages newest first by (time, seq) without skipping entries of one instant, and filters', async () => {
    const { h, admin, projects } = w;
    // 7 entries in one transaction share one instant: the page key's seq keeps them apart.
    await h.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 7; i++)
        await recordActivity(trx, actor(admin), {
          type: i % 2 ? 'Edit' : 'Add',
          category: 'Layer',
          message: `Layer 'L${i}' ${i % 2 ? 'edited' : 'added'}`,
          projectId: i < 5 ? projects.a : projects.b,
          artifact: { layerId: `l${i}`, name: `L${i}` },
        });
    });
    const seen: string[] = [];
    let key: { Timestamp: number; Seq: number } | null = null;
    do {
      const page = await call(
        h,
        admin,
        'GET',
        `/rest/activities${query({ categories: 'Layer', pageSize: 3, ...(key ? { lastTimestamp: key.Timestamp, lastSeq: key.Seq } : {}) })}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.Items.map((e: { Message: string }) => e.Message));
      key = page.body.LastEvaluatedKey;
    } while (key);
    expect(seen.filter((m) => m.startsWith("Layer 'L"))).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((i) => expect.stringContaining(`'L${i}'`)),
    );

    const oldest = await call(
      h,
      admin,
      'GET',
      `/rest/activities${query({ categories: 'Layer', orderDirection: 'ASC', pageSize: 1 })}`,
    );
    expect(oldest.body.Items[0]).toMatchObject({
      Type: 'Add',
      Category: 'Layer',
      User: { email: admin.email, userType: '0111' },
      ProjectId: projects.a,
      Artifact: { layerId: 'l0', name: 'L0' },
    });
    expect(typeof oldest.body.Items[0].Timestamp).toBe('number');

    const edits = await call(
      h,
      admin,
      'GET',
      `/rest/activities${query({ activityTypes: 'Edit', projectIds: projects.a })}`,
    );
    expect(edits.body.Items.map((e: { Message: string }) => e.Message).sort()).toEqual([
      "Layer 'L1' edited",
      "Layer 'L3' edited",
    ]);
    const bySubstring = await call(h, admin, 'GET', `/rest/activities${query({ partialMessages: "'l6" })}`);
    expect(bySubstring.body.Items).toHaveLength(1);
    const byArtifact = await call(h, admin, 'GET', `/rest/activities${query({ partialArtifacts: '{"name":"L2"}' })}`);
    expect(byArtifact.body.Items.map((e: { Message: string }) => e.Message)).toEqual(["Layer 'L2' added"]);
    const lean = await call(h, admin, 'GET', `/rest/activities${query({ notRequestBody: 'true', pageSize: 1 })}`);
    expect(lean.body.Items[0].Artifact).toBeNull();
    const counted = await call(
      h,
      admin,
      'GET',
      `/rest/activities/count${query({ categories: 'Layer', activityTypes: 'Add' })}`,
    );
    expect(counted.body).toEqual({ count: 4 });
  });

  it('limits a project admin to their projects, refuses others, hides support entries but from support users', async () => {
    const { h, admin, projectAdmin, viewer, support, projects } = w;
    await recordActivity(h.db, actor(support, '1111'), {
      type: 'Edit',
      category: 'Project',
      message: 'Support fixed a project',
      projectId: projects.a,
    });
    const messages = async (who: SignedIn, params: Record<string, string> = {}) =>
      (await call(h, who, 'GET', `/rest/activities${query({ pageSize: 200, ...params })}`)).body.Items.map(
        (e: { Message: string; ProjectId: string | null }) => e,
      ) as Array<{ Message: string; ProjectId: string | null }>;

    const own = await messages(projectAdmin);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.ProjectId === projects.a)).toBe(true);
    // Asking for another project's entries gives none, not that project's log.
    expect(await messages(projectAdmin, { projectIds: projects.b })).toEqual([]);
    expect((await call(h, viewer, 'GET', '/rest/activities')).status).toBe(403);
    expect((await call(h, viewer, 'GET', '/rest/activities')).body.message).toBe('app.as.logs.error.not-allowed');

    expect((await messages(admin)).some((e) => e.Message === 'Support fixed a project')).toBe(false);
    expect((await messages(projectAdmin)).some((e) => e.Message === 'Support fixed a project')).toBe(false);
    expect((await messages(support)).some((e) => e.Message === 'Support fixed a project')).toBe(true);

    // Another organization reads none of it.
    const stranger = await signedInAccount(h);
    const theirs = await messages(stranger, { projectIds: projects.a });
    expect(theirs).toEqual([]);
  });

  it('refuses a start after the end and unknown filter values with the spec ids', async () => {
    const { h, admin } = w;
    const bad = await call(h, admin, 'GET', `/rest/activities${query({ startTime: 2000, endTime: 1000 })}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('app.as.logs.error.date-range');
    expect((await call(h, admin, 'GET', `/rest/activities${query({ categories: 'Nope' })}`)).status).toBe(400);
    expect((await call(h, admin, 'GET', `/rest/activities${query({ partialArtifacts: '[1]' })}`)).status).toBe(400);
  });
});

describe('activity counts', () => {
  it('counts from the day counts and the partial days at the ends exactly as the log itself, in any range', async () => {
    const { h } = w;
    const other = await signedInAccount(h);
    const dictionaryId = await templateDictionaryId(h);
    const project = (
      await call(h, other, 'POST', '/rest/projects', { name: 'Counted', dataDictionaryId: dictionaryId })
    ).body.id as string;
    const base = Date.UTC(2025, 2, 10);
    // 240 entries over 10 days, every 61 minutes, of three shapes; some by a support user.
    const rows = Array.from({ length: 240 }, (_, i) => ({
      organization_id: other.organizationId,
      account_id: other.accountId,
      actor_email: other.email,
      actor_type: i % 17 === 0 ? '1111' : '0111',
      type: i % 3 === 0 ? 'Add' : 'Edit',
      category: i % 5 === 0 ? 'Layer' : 'Feature',
      feature_kind: i % 5 === 0 ? null : i % 2 ? 'line' : 'point',
      message: i % 7 === 0 ? 'Layer moved' : `Entry ${i}`,
      project_id: i % 4 === 0 ? null : project,
      occurred_at: new Date(base + i * 61 * 60_000),
    }));
    await h.db.insertInto('activities').values(rows).execute();
    const ranges: Array<[number | undefined, number | undefined]> = [
      [undefined, undefined],
      [base, base + 10 * 86_400_000],
      [base + 3_600_000 * 5 + 17, base + 86_400_000 * 6 + 3_600_000 * 13 + 999],
      [base + 86_400_000, base + 2 * 86_400_000 - 1],
      [base + 3_600_000, base + 3_600_000 * 20],
      [base + 86_400_000 * 4 + 1, undefined],
      [undefined, base + 86_400_000 * 2 + 5],
    ];
    const filters: Array<Record<string, string>> = [
      {},
      { categories: 'Feature', activityTypes: 'Edit' },
      { categories: 'Feature', partialArtifacts: '{"kind":"line"}' },
      { messages: 'Layer moved' },
      { projectIds: project, categories: 'Layer' },
    ];
    const count = async (params: Record<string, string | number>) =>
      (await call(h, other, 'GET', `/rest/activities/count${query(params)}`)).body.count as number;
    for (const [startTime, endTime] of ranges)
      for (const f of filters) {
        const params = {
          ...f,
          ...(startTime !== undefined ? { startTime } : {}),
          ...(endTime !== undefined ? { endTime } : {}),
        };
        // A partial message forces the count over the log itself: the reference.
        const raw = await count({ ...params, partialMessages: 'e' });
        const withoutE = rows.filter((r) => !r.message.includes('e') && !r.message.includes('E')).length;
        expect(withoutE).toBe(0);
        expect(await count(params), JSON.stringify(params)).toBe(raw);
      }
  });
});

describe('activity log export and collection stats', () => {
  it('exports the filtered log as a CSV job with project names and times in the given zone', async () => {
    const { h, admin, projects } = w;
    const started = await call(h, admin, 'POST', `/rest/activities/export${query({ categories: 'Layer' })}`, {
      projectMapping: { [projects.a]: 'Alpha, the first' },
      timezone: 'America/Denver',
    });
    expect(started.status).toBe(202);
    await runJobsUntilIdle(h.app.deps, { organizationId: admin.organizationId });
    const job = await h.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', started.body.jobId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ type: 'EXPORT', is_complete: true, has_error: false });
    const download = await h.app.inject({ method: 'GET', url: job.result_url!, headers: admin.auth });
    expect(download.statusCode).toBe(200);
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Time zone,User,Action,Category,Project,Message,Artifact');
    expect(lines).toHaveLength(1 + 7);
    const l0 = lines.find((l) => l.includes("'L0'"))!;
    expect(l0).toContain(',America/Denver,');
    expect(l0).toContain('"Alpha, the first"');
    expect(l0).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
    // The export is itself logged, with the job.
    const logged = await call(h, admin, 'GET', `/rest/activities${query({ activityTypes: 'Export', pageSize: 1 })}`);
    expect(logged.body.Items[0]).toMatchObject({
      Message: 'Activity log exported',
      Artifact: { jobId: started.body.jobId },
    });
    // GDAL reads the CSV a user would open in a GIS or spreadsheet.
    const file = `${h.app.deps.config.dataDir}/activity-test.csv`;
    (await import('node:fs')).writeFileSync(file, download.rawPayload);
    const info = execFileSync('ogrinfo', ['-ro', '-al', '-so', file], { encoding: 'utf8' });
    expect(info).toContain('Feature Count: 7');

    const zone = await call(h, admin, 'POST', '/rest/activities/export', { timezone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('app.as.logs.error.timezone');
  });

  it('sums what each user collected per day from the feature Add entries', async () => {
    const { h, admin, projects } = w;
    const layer = async () => {
      const folder = (await call(h, admin, 'POST', `/rest/projects/${projects.b}/addFeatureFolder`, {})).body;
      return folder.layers.find((l: { serverName: string }) => l.serverName === 'line')?.id as string | undefined;
    };
    const lineLayer = await layer();
    if (!lineLayer) throw new Error('no line layer in the feature folder');
    const { recordFeatureActivity } = await import('../src/activities/record.js');
    // Two lines of about 111 m and 222 m (0.001° and 0.002° of latitude), written as the feature API writes them.
    const ids: string[] = [];
    for (const dy of [0.001, 0.002]) {
      const row = await h.db
        .insertInto('features')
        .values({
          organization_id: admin.organizationId,
          project_id: projects.b,
          layer_id: lineLayer,
          kind: 'line',
          geom: `SRID=4326;LINESTRING(-105 40, -105 ${40 + dy})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await recordFeatureActivity(h.db, actor(admin), { type: 'Add', featureIds: ids });
    const now = Date.now();
    const rows = await call(
      h,
      admin,
      'GET',
      `/rest/stats/user/daily${query({ fromDate: now - 86_400_000, toDate: now + 60_000, featureType: 'line', timezone: 'UTC' })}`,
    );
    expect(rows.status).toBe(200);
    expect(rows.body).toEqual([
      {
        date: new Date().toISOString().slice(0, 10),
        email: admin.email,
        account_id: admin.accountId,
        project_id: projects.b,
        meters_collected: expect.closeTo(333.6, 0),
        features_collected: 2,
        vertices_collected: 4,
      },
    ]);
    const points = await call(
      h,
      admin,
      'GET',
      `/rest/stats/user/daily${query({ fromDate: now - 86_400_000, toDate: now + 60_000, featureType: 'point' })}`,
    );
    expect(points.body).toEqual([]);
  });

  it("sums per day, per run of 7 days from the first day, or per calendar month, cut in the caller's zone", async () => {
    const { h } = w;
    const crew = await signedInAccount(h);
    const dictionaryId = await templateDictionaryId(h);
    const project = (await call(h, crew, 'POST', '/rest/projects', { name: 'Crews', dataDictionaryId: dictionaryId }))
      .body.id as string;
    // Lines added at UTC instants; Denver is 7 hours behind in winter.
    const added: Array<[string, number]> = [
      ['2025-01-10T06:00:00Z', 1000], // 9 January in Denver: before the range
      ['2025-01-10T08:00:00Z', 10],
      ['2025-01-17T06:30:00Z', 20], // 16 January, late evening
      ['2025-01-17T07:30:00Z', 40], // 17 January, just after midnight
      ['2025-02-01T06:00:00Z', 80], // 31 January
      ['2025-02-01T08:00:00Z', 160],
      ['2025-03-05T12:00:00Z', 320],
    ];
    await h.db
      .insertInto('activities')
      .values(
        added.map(([at, meters]) => ({
          organization_id: crew.organizationId,
          account_id: crew.accountId,
          actor_email: crew.email,
          actor_type: '0111',
          type: 'Add',
          category: 'Feature',
          feature_kind: 'line',
          length_m: meters,
          vertices: 2,
          message: 'Feature added',
          project_id: project,
          occurred_at: new Date(at),
        })),
      )
      .execute();
    const sums = async (period: string) => {
      const res = await call(
        h,
        crew,
        'GET',
        `/rest/stats/user/daily${query({
          fromDate: Date.parse('2025-01-10T07:00:00Z'),
          toDate: Date.parse('2025-04-01T06:59:59Z'),
          featureType: 'line',
          timezone: 'America/Denver',
          period,
        })}`,
      );
      expect(res.status).toBe(200);
      return (res.body as Array<{ date: string; meters_collected: number; features_collected: number }>).map((r) => [
        r.date,
        r.meters_collected,
        r.features_collected,
      ]);
    };
    expect(await sums('daily')).toEqual([
      ['2025-01-10', 10, 1],
      ['2025-01-16', 20, 1],
      ['2025-01-17', 40, 1],
      ['2025-01-31', 80, 1],
      ['2025-02-01', 160, 1],
      ['2025-03-05', 320, 1],
    ]);
    expect(await sums('weekly')).toEqual([
      ['2025-01-10', 30, 2],
      ['2025-01-17', 40, 1],
      ['2025-01-31', 240, 2],
      ['2025-02-28', 320, 1],
    ]);
    expect(await sums('monthly')).toEqual([
      ['2025-01-10', 150, 4],
      ['2025-02-01', 160, 1],
      ['2025-03-01', 320, 1],
    ]);
  });
});
