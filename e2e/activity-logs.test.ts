import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/activity/en.json' with { type: 'json' };
import featuresEn from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import { closeFeaturePanel, expectSnack, mapSettled, selectAt } from './support/map-page.js';
import { seedLocates, type Locates } from './support/features.js';
import { addMemberByApi, signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * The activity log in a real browser (spec 3 §2 activity logs screen, §4 logs list and restore dialog):
 * a feature deleted on the map is found by its Delete entry, undeleted from the log and seen on the map
 * again; the log is filtered by category; the feature's ACTIVITY tab lists its own entries.
 */
describe('activity logs: find a deleted feature, restore it, filter, feature ACTIVITY tab', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  let pole: { id: string; coordinates: number[] };

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Lou', company: 'Logs' });
    ids = await seedLocates(env, { center: { lat: 39.74, lng: -104.99 }, zoom: 16 });
    const coordinates = [-104.9905, 39.7403];
    pole = { id: await addPole(coordinates), coordinates };
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** An Electric Pole added by the API (its Add entry is logged); its id "point.<n>". */
  const addPole = async (coordinates: number[]) =>
    (
      await env.api<{ id: string }>('POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates },
        properties: {
          layer_id: ids.point,
          system_id: ids.pole.systemId,
          component_id: ids.pole.componentId,
          attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
        },
      })
    ).id;
  const rows = () => page.getByTestId('log-table').getByTestId('log-row');
  const rowOf = (type: string, category = 'Feature') =>
    page.locator(`[data-testid="log-row"][data-type="${type}"][data-category="${category}"]`);
  const openLogs = async () => {
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-nav-activity-logs').click();
    await page.waitForURL(/\/settings\/users-and-organization\/activity-logs$/);
    await rows().first().waitFor();
  };
  const backToMap = async () => {
    await page.getByTestId('return-to-app').click();
    await page.getByTestId('map').waitFor();
    await mapSettled(page);
  };
  const deletedAt = async () =>
    (
      await env.server.db
        .selectFrom('features')
        .select('deleted_at')
        .where('id', '=', pole.id.split('.')[1])
        .executeTakeFirstOrThrow()
    ).deleted_at;

  it('deletes a feature on the map', async () => {
    page = await env.page();
    await signIn(page, env.server, env.admin);
    await mapSettled(page);
    await selectAt(page, pole.coordinates, 'Electric Pole');
    await page.getByTestId('feature-delete').click();
    await page.getByTestId('feature-delete-agree').check();
    await page.getByTestId('feature-delete-dialog').getByTestId('confirm-dialog-confirm').click();
    await expectSnack(page, featuresEn['app.feature.delete.success']);
    // Deleting closes the panel.
    await page.getByTestId('feature-panel').waitFor({ state: 'hidden' });
    expect(await deletedAt()).not.toBeNull();
  });

  it('finds the Delete entry in the activity logs and undeletes the feature from it', async () => {
    await openLogs();
    // Newest first: the delete is the latest entry.
    expect(await rows().first().getAttribute('data-type')).toBe('Delete');
    const entry = rowOf('Delete').first();
    expect(await entry.getByTestId('log-performer').textContent()).toBe(env.admin.email);
    expect(await entry.getByTestId('log-project').textContent()).toBe('Downtown');
    await entry.getByTestId('log-expand').click();
    const detail = page.getByTestId('log-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('log-artifact').textContent()).toContain(`"featureId": "${pole.id}"`);

    await entry.getByTestId('log-restore').click();
    const dialog = page.getByTestId('restore-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('restore-undelete').click();
    await expectSnack(page, en['app.restore.success']);
    await dialog.waitFor({ state: 'hidden' });
    expect(await deletedAt()).toBeNull();
    // The restore is logged, and the log shows it at the top.
    await expect.poll(() => rows().first().getAttribute('data-type'), { timeout: 10_000 }).toBe('Restore');
  });

  it('shows the restored feature on the map again', async () => {
    await backToMap();
    await selectAt(page, pole.coordinates, 'Electric Pole');
    await closeFeaturePanel(page);
  });

  it('filters the log by category; cancelling with nothing ticked clears the filter', async () => {
    await openLogs();
    await page.getByTestId('log-filter-categories').click();
    const editor = page.getByTestId('log-filter-categories-editor');
    await editor.getByRole('checkbox', { name: en['app.activity.category.folder'], exact: true }).check();
    await editor.getByTestId('log-filter-categories-apply').click();
    expect(await page.getByTestId('log-filter-categories').textContent()).toBe('Category: Folder');
    await expect
      .poll(async () => [...new Set(await rows().evaluateAll((r) => r.map((e) => e.getAttribute('data-category'))))])
      .toEqual(['Folder']);
    // The feature folder was logged when it was made.
    const { count } = await env.api<{ count: number }>('GET', '/rest/activities/count?categories=Folder');
    expect(count).toBeGreaterThan(0);
    expect(await rows().count()).toBe(count);

    await page.getByTestId('log-filter-categories').click();
    await editor.getByRole('checkbox', { name: en['app.activity.category.folder'], exact: true }).uncheck();
    await editor.getByTestId('log-filter-categories-cancel').click();
    expect(await page.getByTestId('log-filter-categories').textContent()).toBe('Category');
    await rowOf('Restore').first().waitFor();
  });

  it('brings back a deleted layer with its features from its Delete entry', async () => {
    const folder = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders`, { name: 'Survey' });
    const layer = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders/${folder.id}/layers`, {
      name: 'Stakes',
    });
    await env.api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-104.991, 39.741] },
      properties: { layer_id: layer.id },
    });
    await env.api('DELETE', `/rest/projects/${ids.project}/folders/${folder.id}/layers/${layer.id}`);
    await page.reload();
    await rowOf('Delete', 'Layer').first().waitFor();
    await rowOf('Delete', 'Layer').first().getByTestId('log-restore').click();
    const dialog = page.getByRole('dialog', { name: en['app.as.logs.restore-deletion.title'] });
    await dialog.getByRole('button', { name: en['app.as.logs.restore-deletion.yes'] }).click();
    await expectSnack(page, en['app.restore.deletion.success'].replace('{count}', '1'));
    const restored = await env.server.db
      .selectFrom('features')
      .select('deleted_at')
      .where('layer_id', '=', layer.id)
      .execute();
    expect(restored).toEqual([{ deleted_at: null }]);
    await expect.poll(() => rows().first().getAttribute('data-category'), { timeout: 10_000 }).toBe('Layer');
    expect(await rows().first().getAttribute('data-type')).toBe('Restore');
  });

  it('loads the next page when the last row scrolls into view, sorts oldest first and exports', async () => {
    // More entries than a page (50): each feature added logs one.
    for (let i = 0; i < 55; i++) await addPole([-104.995 + i * 0.0001, 39.745]);
    await page.reload();
    await rows().first().waitFor();
    expect(await rows().count()).toBe(50);
    expect(await page.getByTestId('log-end').count()).toBe(0);
    await rows().last().scrollIntoViewIfNeeded();
    await page.getByTestId('log-end').waitFor();
    const { count } = await env.api<{ count: number }>('GET', '/rest/activities/count');
    expect(await rows().count()).toBe(count);

    await page.getByTestId('log-sort').click();
    await page.getByTestId('log-sort-asc').click();
    const oldest = await env.api<{ Items: Array<{ Id: string }> }>(
      'GET',
      '/rest/activities?orderDirection=ASC&pageSize=1',
    );
    await expect.poll(() => rows().first().getAttribute('data-entry')).toBe(oldest.Items[0].Id);
    await page.getByTestId('log-sort').click();
    await page.getByTestId('log-sort-desc').click();

    await page.getByTestId('log-export').click();
    await page.getByTestId('log-export-dialog').waitFor();
    await page.getByTestId('log-export-confirm').click();
    await expectSnack(page, en['app.as.logs.export.success']);
    const jobs = await env.api<{ jobs: Array<{ title: string }> }>('GET', '/rest/jobs?type=EXPORT&pageSize=10');
    expect(jobs.jobs.map((j) => j.title)).toContainEqual(expect.stringMatching(/^activity-log-.*\.csv$/));
  });

  it("lists the feature's entries in its ACTIVITY tab", async () => {
    await backToMap();
    await selectAt(page, pole.coordinates, 'Electric Pole');
    await page.getByTestId('feature-tab-ACTIVITY').click();
    const table = page.getByTestId('feature-activity-table');
    await expect
      .poll(() => table.getByTestId('log-row').evaluateAll((r) => r.map((e) => e.getAttribute('data-type'))))
      .toEqual(['Restore', 'Delete', 'Add']);
    // A feature admin may restore from its Add, Edit and Delete entries.
    expect(await table.getByTestId('log-restore').count()).toBe(2);
  });

  it('shows a project admin only the projects they administer, and sends other members to the map', async () => {
    const uptown = await env.api<{ id: string }>('POST', '/rest/projects', {
      name: 'Uptown',
      dataDictionaryId: ids.dictionary.id,
    });
    const member = await addMemberByApi(env, { given: 'Pat', userType: '0111' });
    const logsUrl = `${env.server.url}/settings/users-and-organization/activity-logs`;

    const { data } = await env.api<{
      data: Array<{ id: string; permissions: Array<{ assetTypeName: string; assetId: string }> }>;
    }>(
      'GET',
      `/rest/accounts/filter?page=0&pageSize=10&sort=email&order=asc&search=${encodeURIComponent(member.email)}`,
    );
    const organization = data[0].permissions.find((p) => p.assetTypeName === 'organization')!.assetId;
    const grant = (projects: string[]) =>
      env.api('PUT', '/rest/accounts', {
        id: data[0].id,
        permissions: [
          { assetTypeName: 'organization', assetId: organization, bitMask: '0001' },
          ...projects.map((id) => ({ assetTypeName: 'project', assetId: id, bitMask: '1111' })),
        ],
      });

    // A viewer of the organization who administers no project: the address leads back to the map.
    await grant([]);
    const before = await env.page();
    await signIn(before, env.server, member);
    await before.goto(logsUrl);
    await before.waitForURL(/\/index\.html$/);
    await before.context().close();

    await grant([ids.project]);
    const admin = await env.page();
    await signIn(admin, env.server, member);
    await admin.getByTestId('open-settings').click();
    await admin.getByTestId('settings-nav-activity-logs').click();
    await admin.getByTestId('log-row').first().waitFor();
    // No user filter; the project filter offers Downtown only, and every entry is Downtown's.
    expect(await admin.getByTestId('log-filter-users').count()).toBe(0);
    await admin.getByTestId('log-filter-projects').click();
    const choices = admin.getByTestId('log-filter-projects-list').getByRole('checkbox');
    expect(await choices.evaluateAll((c) => c.map((e) => e.getAttribute('data-value')))).toEqual([ids.project]);
    expect(uptown.id).not.toBe(ids.project);
    await admin.getByTestId('log-filter-projects-cancel').click();
    const projects = await admin.getByTestId('log-project').allTextContents();
    expect(projects.length).toBeGreaterThan(0);
    expect([...new Set(projects)]).toEqual(['Downtown']);
  });
});
