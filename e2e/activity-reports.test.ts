import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectedLength } from '@fieldbook/domain';
import { seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * The Reports tab of the activity logs screen in a real browser (spec 3 §2): the Layer metric's bars
 * count the layers written through the API; a click on the Add bar opens the Activity logs tab with
 * the Layer Add entries; the User Feature Collection table shows the line length the user collected.
 */
describe('activity reports: bars that open the log, and the collection table', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Rae', company: 'Reports' });
    ids = await seedLocates(env, { center: { lat: 39.74, lng: -104.99 }, zoom: 16 });
    // Two layers added and one of them edited, in a plain folder.
    const folder = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders`, { name: 'Survey' });
    const layersPath = `/rest/projects/${ids.project}/folders/${folder.id}/layers`;
    const pipes = await env.api<{ id: string }>('POST', layersPath, { name: 'Pipes' });
    await env.api('POST', layersPath, { name: 'Valves' });
    await env.api('PUT', layersPath, { id: pipes.id, name: 'Water pipes' });
    // Two lines collected by the admin.
    const electric = ids.dictionary.systems.find((s) => s.name === 'Electric')!;
    const lineComponent = electric.components.find((c) => c.alias === 'Electric Line')!;
    const status = lineComponent.attributes.find((a) => a.name === 'Locate Status')!.id;
    for (const coordinates of [
      [
        [-104.99, 39.74],
        [-104.988, 39.741],
      ],
      [
        [-104.99, 39.742],
        [-104.99, 39.744],
        [-104.987, 39.744],
      ],
    ]) {
      await env.api('POST', '/rest/features/lines', {
        geometry: { type: 'LineString', coordinates },
        properties: {
          layer_id: ids.line,
          system_id: electric.id,
          component_id: lineComponent.id,
          attributes: [{ attributeId: status, attributeValue: 'Marked' }],
        },
      });
    }
  });
  afterAll(async () => {
    await env?.stop();
  });

  const openReports = async () => {
    await page.getByTestId('activity-tab-reports').click();
    await page.getByTestId('reports-tab').waitFor();
  };

  it('shows the Layer bars and opens the Layer Add entries from the Add bar', async () => {
    const layerAdds = await env.api<{ count: number }>(
      'GET',
      '/rest/activities/count?activityTypes=Add&categories=Layer',
    );
    expect(layerAdds.count).toBeGreaterThanOrEqual(2);

    page = await env.page();
    await signIn(page, env.server, env.admin);
    await page.goto(`${env.server.url}/settings/users-and-organization/activity-logs`);
    await openReports();
    await page.getByTestId('report-metric-layer').click();
    await expect
      .poll(() => page.getByTestId('report-bar-add').getAttribute('data-count'))
      .toBe(String(layerAdds.count));
    await expect.poll(() => page.getByTestId('report-bar-edit').getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId('report-bar-delete').isDisabled()).toBe(true);

    // The chart's first bar is Add.
    await page.locator('[data-testid="report-chart"] .recharts-bar-rectangle path').first().click();
    await expect.poll(() => page.getByTestId('activity-tab-logs').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 15_000 }).toBe(layerAdds.count);
    expect(new Set(await page.getByTestId('log-action').allTextContents())).toEqual(new Set(['Add']));
    expect(new Set(await page.getByTestId('log-category').allTextContents())).toEqual(new Set(['Layer']));
  });

  it("shows the signed-in user's collected line length in feet in the User Feature Collection table", async () => {
    const adds = await env.api<{ Items: Array<{ Artifact: { lengthM?: number } }> }>(
      'GET',
      `/rest/activities?activityTypes=Add&categories=Feature&partialArtifacts=${encodeURIComponent('{"kind":"line"}')}`,
    );
    const meters = adds.Items.reduce((sum, e) => sum + (e.Artifact.lengthM ?? 0), 0);
    expect(meters).toBeGreaterThan(100);

    await openReports();
    await page.getByTestId('report-metric-user-feature-collection').click();
    const row = page.locator(`[data-testid="report-collection-row"][data-email="${env.admin.email}"]`);
    await expect
      .poll(() => row.getByTestId('report-collection-total').textContent(), { timeout: 15_000 })
      .toBe(collectedLength(meters, false).toLocaleString('en-US'));

    // "All time" starts its columns on the first day a line was collected: today, one column.
    await page.getByRole('button', { name: 'All time' }).click();
    await expect
      .poll(() => row.getByTestId('report-collection-total').textContent(), { timeout: 15_000 })
      .toBe(collectedLength(meters, false).toLocaleString('en-US'));
    expect(await page.getByTestId('report-collection').getByRole('columnheader').count()).toBe(3);
  });
});
