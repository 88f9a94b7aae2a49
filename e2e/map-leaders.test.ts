import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import { clickUntil, expectSnack, mapView, selectAt } from './support/map-page.js';
import { seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, type MapEnv } from './support/session.js';

interface LeaderCollection {
  features: Array<{ id: string; properties: { metadata: string } }>;
}

/**
 * Leaders in a real browser (spec 3 §2 leader dialogs, §4, §8, §9): a leader clicked on the map gets
 * a snackbar with Edit and Delete that hides by itself after about 4 s; its text is edited in the
 * side drawer; it is deleted after a confirmation; below zoom 12 no leader can be added.
 */
describe('map leaders: select, edit, delete and the zoom threshold', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  const pole = [-104.9915, 39.7402];
  // The leader runs from the pole up and to the right; its text sits at the far end.
  const end = [-104.9905, 39.7407];

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Lea', company: 'Leaders' });
    ids = await seedLocates(env, { center: { lat: 39.7402, lng: -104.991 }, zoom: 17 });
    const point = await env.api<{ id: string }>('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: pole },
      properties: {
        layer_id: ids.point,
        system_id: ids.pole.systemId,
        component_id: ids.pole.componentId,
        attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
      },
    });
    await env.api('POST', '/rest/features/leaders', {
      folderId: ids.folder,
      featureId: point.id,
      geometry: { type: 'MultiLineString', coordinates: [[pole, end]] },
      metadata: { text: 'Pole P-9', color: '#ff5722', vertex: 0, symbol: 'FORWARD_CLOSED_ARROW' },
    });
    page = await env.page();
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const leaders = () => env.api<LeaderCollection>('GET', `/rest/features/leaders?projectId=${ids.project}`);
  const snackbar = () => page.getByTestId('leader-snackbar');
  /** Clicks the middle of the leader's line until its snackbar shows (the leaders load after the map). */
  const clickLeader = async () => {
    await clickUntil(page, [(pole[0] + end[0]) / 2, (pole[1] + end[1]) / 2], () => snackbar().isVisible(), 20_000);
  };

  it('edits the text of a leader from its snackbar', async () => {
    await clickLeader();
    expect(await snackbar().textContent()).toContain(en['app.leader.selected']);
    await snackbar().getByRole('button', { name: en['app.leader.edit'] }).click();
    const drawer = page.getByTestId('leader-drawer');
    await drawer.waitFor();
    expect(await page.getByTestId('leader-text').inputValue()).toBe('Pole P-9');
    await page.getByTestId('leader-text').fill('Pole P-9\nreplaced 2024');
    await page.getByTestId('leader-save').click();
    await expectSnack(page, en['app.leader.update.success']);
    await drawer.waitFor({ state: 'detached' });
    const [leader] = (await leaders()).features;
    expect(JSON.parse(leader.properties.metadata)).toMatchObject({
      text: 'Pole P-9\nreplaced 2024',
      vertex: 0,
      symbol: 'FORWARD_CLOSED_ARROW',
    });
  });

  it('hides the leader snackbar by itself after a few seconds', async () => {
    await clickLeader();
    // Nothing is clicked: it goes away on its own (after 4 s), and no leader is being edited.
    await snackbar().waitFor({ state: 'hidden', timeout: 15_000 });
    expect(await page.getByTestId('leader-drawer').count()).toBe(0);
  });

  it('deletes a leader after the confirmation', async () => {
    await clickLeader();
    await snackbar().getByRole('button', { name: en['app.leader.delete'] }).click();
    const dialog = page.getByTestId('leader-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(en['app.leader.delete.message']);
    await dialog.getByTestId('confirm-dialog-confirm').click();
    await expectSnack(page, en['app.leader.delete.success']);
    await dialog.waitFor({ state: 'hidden' });
    expect((await leaders()).features).toEqual([]);
  });

  it('asks to zoom in when a leader is added at zoom 12 or below', async () => {
    await selectAt(page, pole, 'Electric Pole');
    for (let zoom = 16; zoom >= 12; zoom--) {
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(async () => (await mapView(page)).zoom, { timeout: 10_000 }).toBe(zoom);
    }
    await page.getByRole('button', { name: en['app.leader.add'] }).click();
    await expectSnack(page, en['app.leader.increase.zoom']);
    expect(await page.getByTestId('leader-drawer').count()).toBe(0);
    // One level closer, the drawer opens.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await mapView(page)).zoom, { timeout: 10_000 }).toBe(13);
    await page.getByRole('button', { name: en['app.leader.add'] }).click();
    await page.getByTestId('leader-drawer').waitFor();
  });
});
