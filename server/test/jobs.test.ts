import { describe, expect, it } from 'vitest';
import { JOB_MSG, jobStatus } from '@fieldbook/domain';
import { harness, type Harness } from './harness.js';
import { signedInAccount, type SignedIn, templateDictionaryId } from './factories.js';
import { enqueueJob, jobRegistration, registerJobHandler } from '../src/jobs/queue.js';
import { recoverStaleJobs, runJobsUntilIdle } from '../src/jobs/worker.js';

const get = async (h: Harness, who: SignedIn, url: string) => {
  const res = await h.app.inject({ method: 'GET', url, headers: who.auth });
  return { status: res.statusCode, json: () => res.json() };
};

async function projectOf(h: Harness, who: SignedIn) {
  const template = { id: await templateDictionaryId(h) };
  const res = await h.app.inject({
    method: 'POST',
    url: '/rest/projects',
    headers: who.auth,
    payload: { name: 'Jobs', dataDictionaryId: template.id },
  });
  return res.json().id as string;
}

describe('jobs queue and listing', () => {
  it('lists the organization’s jobs newest first, paged, filtered, and hides them from others', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const projectId = await projectOf(h, admin);
    const base = { organizationId: admin.organizationId, projectId, ownerId: admin.accountId, payload: {} };
    // EXPORT jobs with no handler in this test stay queued until the worker runs; list them only.
    for (const title of ['one', 'two', 'three']) await enqueueJob(h.db, { ...base, type: 'EXPORT', title });
    const first = (await get(h, admin, `/rest/jobs?projectID=${projectId}&type=EXPORT&pageSize=2`)).json();
    expect(first.jobs.map((j: { title: string }) => j.title)).toEqual(['three', 'two']);
    expect(first.jobs[0]).toMatchObject({ type: 'EXPORT', isComplete: false, hasError: false, processed: 0, total: 0 });
    const second = (
      await get(h, admin, `/rest/jobs?projectID=${projectId}&type=EXPORT&pageSize=2&pageKey=${first.next_page_key}`)
    ).json();
    expect(second).toMatchObject({ jobs: [{ title: 'one' }], next_page_key: null });
    expect((await get(h, admin, `/rest/jobs?type=IMPORT&projectID=${projectId}`)).json().jobs).toEqual([]);

    const other = await signedInAccount(h);
    expect((await get(h, other, `/rest/jobs?projectID=${projectId}`)).status).toBe(404);
    expect((await get(h, other, '/rest/jobs')).json().jobs).toEqual([]);
    await h.db.deleteFrom('jobs').where('project_id', '=', projectId).execute();
  });

  it('runs a job with progress, records failures, and recovers a job whose worker died', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const projectId = await projectOf(h, admin);
    const base = { organizationId: admin.organizationId, projectId, ownerId: admin.accountId };
    // A stand-in EXPORT handler for this test only; the real one is put back at the end.
    const real = jobRegistration({ type: 'EXPORT', payload: {} });
    registerJobHandler('EXPORT', async (job, ctx) => {
      if (job.payload.fail) throw new Error('app.layer.upload.error');
      await ctx.progress(5, 5);
      ctx.info('done');
      return { resultUrl: '/files/result' };
    });
    const ok = await enqueueJob(h.db, { ...base, type: 'EXPORT', title: 'ok', payload: {} });
    const bad = await enqueueJob(h.db, { ...base, type: 'EXPORT', title: 'bad', payload: { fail: true } });
    await runJobsUntilIdle(h.app.deps, { organizationId: admin.organizationId });
    const rows = await h.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', 'in', [ok.id, bad.id])
      .orderBy('title')
      .execute();
    expect(
      rows.map((r) => [r.title, r.is_complete, r.has_error, r.info_messages, r.result_url, Number(r.processed)]),
    ).toEqual([
      ['bad', false, true, ['app.layer.upload.error'], null, 0],
      ['ok', true, false, ['done'], '/files/result', 5],
    ]);

    // A worker killed mid-job: claimed, heartbeat long stale. The restart queues it again once…
    const dead = await enqueueJob(h.db, { ...base, type: 'EXPORT', title: 'dead', payload: {} });
    const stale = { claimed_by: 'dead-worker', heartbeat_at: new Date(Date.now() - 10 * 60_000), attempts: 1 };
    await h.db.updateTable('jobs').set(stale).where('id', '=', dead.id).execute();
    expect(await recoverStaleJobs(h.app.deps)).toBeGreaterThanOrEqual(1);
    await runJobsUntilIdle(h.app.deps, { organizationId: admin.organizationId });
    const rerun = await h.db.selectFrom('jobs').selectAll().where('id', '=', dead.id).executeTakeFirstOrThrow();
    expect(rerun).toMatchObject({ is_complete: true, has_error: false });
    // …and a second death fails it with a message, never leaving it in progress.
    const twice = await enqueueJob(h.db, { ...base, type: 'EXPORT', title: 'twice', payload: {} });
    await h.db
      .updateTable('jobs')
      .set({ ...stale, attempts: 2 })
      .where('id', '=', twice.id)
      .execute();
    await recoverStaleJobs(h.app.deps);
    const failed = await h.db.selectFrom('jobs').selectAll().where('id', '=', twice.id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({
      is_complete: false,
      has_error: true,
      claimed_by: null,
      info_messages: [JOB_MSG.interrupted],
    });
    if (real) registerJobHandler('EXPORT', real.handler, real.cleanup);
  });

  it('shows a job past its timeout as timeout (spec 1 §9)', () => {
    const past = new Date(Date.now() - 1000).toISOString();
    expect(jobStatus({ isComplete: false, hasError: false, timeoutTime: past })).toBe('timeout');
    expect(jobStatus({ isComplete: true, hasError: true, timeoutTime: past })).toBe('completeWithErrors');
    expect(jobStatus({ isComplete: false, hasError: true, timeoutTime: null })).toBe('failed');
  });
});
