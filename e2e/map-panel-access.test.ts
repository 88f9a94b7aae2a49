import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-projects/en.json' with { type: 'json' };
import { colourShares, expectSnack, mapIdle, mapView, openProjectPanel } from './support/map-page.js';
import { TestWmsServer } from './support/map-service.js';
import { projectsOf, type TreeFolder } from './support/projects.js';
import {
  addMemberByApi,
  copyTemplate,
  seedFeatureProject,
  signIn,
  startMapEnv,
  updatePrefs,
  type Account,
  type MapEnv,
} from './support/session.js';

/**
 * The project panel with an external service and for a viewer (spec 3 §2, §5, §6): a WMS on this
 * machine added through the dialog (the operator allows private addresses) and drawn through the
 * server with the stored credentials; the map extent saved with the project is where another user
 * first sees it; and a viewer gets the panel with the write actions disabled.
 */
describe('map panel: external service, saved extent and a viewer', () => {
  let env: MapEnv;
  let page: Page;
  let viewer: Account;
  const wms = new TestWmsServer({ username: 'maps', password: 's3cret-Pass', colour: '#7b1fa2' });
  const ids = { project: '', utilities: '', mains: '', point: '', features: '' };
  const denver = { lat: 39.7392, lng: -104.9903 };

  beforeAll(async () => {
    await wms.start();
    env = await startMapEnv({ given: 'Alma', company: 'Access', config: { allowPrivateServiceUrls: true } });
    const dictionary = await copyTemplate(env, 'apwa-utility-locating', 'Field Utilities');
    const seeded = await seedFeatureProject(env, 'Survey', dictionary.id);
    ids.project = seeded.project;
    ids.point = seeded.point;
    ids.features = seeded.folder;
    ids.utilities = (
      await env.api<TreeFolder>('POST', `/rest/projects/${ids.project}/folders`, { name: 'Utilities' })
    ).id;
    ids.mains = (
      await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders/${ids.utilities}/layers`, {
        name: 'Mains',
      })
    ).id;
    await updatePrefs(env.api, {
      lastProject: ids.project,
      provider: 'MAP_OFFLINE',
      projectPrefs: [{ id: ids.project, mapPrefs: { type: 'roadmap', theme: 'none', center: denver, zoom: 12 } }],
    });
    viewer = await addMemberByApi(env, { given: 'Vic', userType: '0001' });
    page = await env.page();
    await signIn(page, env.server, env.admin);
    await openProjectPanel(page);
  });
  afterAll(async () => {
    await env?.stop();
    await wms.stop();
  });

  it('refuses a malformed capabilities URL, then adds the WMS service with its layers', async () => {
    await page.getByRole('button', { name: en['app.external-service.add'] }).click();
    const dialog = page.getByTestId('external-service-dialog');
    expect(await dialog.getByRole('button', { name: 'WMS', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('external-url').fill('county imagery');
    await dialog.getByText(en['app.url.invalid']).waitFor();
    expect(await page.getByTestId('external-save').isDisabled()).toBe(true);
    await page.getByTestId('external-url').fill(`${wms.url}/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0`);
    await dialog.getByLabel(en['app.external-service.username']).fill('maps');
    await dialog.getByLabel(en['app.external-service.password']).fill('s3cret-Pass');
    await page.getByTestId('external-save').click();
    await expectSnack(page, 'External service County Imagery added.');
    await dialog.waitFor({ state: 'detached' });
    // The new folder opens with one layer per advertised layer; the credentials stay on the server.
    await page.getByRole('checkbox', { name: 'Orthophoto 2024' }).waitFor();
    await page.getByRole('checkbox', { name: 'Parcels' }).waitFor();
    expect(JSON.stringify(await projectsOf(env))).not.toContain('s3cret-Pass');
    expect(wms.requests.at(-1)?.authorization).toBe(`Basic ${Buffer.from('maps:s3cret-Pass').toString('base64')}`);
  });

  it('draws a switched-on service layer from GetMap images fetched with the stored credentials', async () => {
    expect(wms.getMaps()).toHaveLength(0);
    await page.getByRole('checkbox', { name: 'Orthophoto 2024' }).check();
    await expect.poll(() => wms.getMaps().length, { timeout: 15_000 }).toBeGreaterThan(0);
    const request = wms.getMaps()[0];
    expect(request.params.get('LAYERS')).toBe('ortho');
    expect(request.params.get('VERSION')).toBe('1.3.0');
    expect(request.authorization).toBe(`Basic ${Buffer.from('maps:s3cret-Pass').toString('base64')}`);
    // The service's purple covers the map under the (empty) project layers.
    await mapIdle(page);
    await expect.poll(async () => (await colourShares(page, ['#7b1fa2']))[0], { timeout: 15_000 }).toBeGreaterThan(0.5);
    await page.getByRole('checkbox', { name: 'Orthophoto 2024' }).uncheck();
    await expect.poll(async () => (await colourShares(page, ['#7b1fa2']))[0], { timeout: 15_000 }).toBeLessThan(0.01);
  });

  it('saves the current map extent with the project', async () => {
    await page.getByRole('button', { name: en['app.project.details'] }).click();
    await page.getByTestId('project-save-extent').check();
    await page.getByTestId('project-details-save').click();
    await expectSnack(page, en['app.project.updated']);
    const saved = (await projectsOf(env)).find((p) => p.id === ids.project)!;
    expect(saved.zoomLevel).toBe(12);
    expect(JSON.parse(saved.coordinate!)).toEqual({
      lat: expect.closeTo(denver.lat, 4),
      lng: expect.closeTo(denver.lng, 4),
    });
  });

  it('opens the project at its saved extent for a viewer, with every write action disabled', async () => {
    const v = await env.page();
    await signIn(v, env.server, viewer);
    // A user with no view of their own for the project starts at the extent saved with it.
    await expect
      .poll(
        async () => {
          const view = await mapView(v);
          return [view.zoom, view.lat.toFixed(3), view.lng.toFixed(3)];
        },
        { timeout: 15_000 },
      )
      .toEqual([12, denver.lat.toFixed(3), denver.lng.toFixed(3)]);

    await openProjectPanel(v);
    await expect.poll(() => v.getByTestId('project-select').inputValue(), { timeout: 10_000 }).toBe('Survey');
    const disabled = async (scope: ReturnType<Page['getByTestId']>, label: string) => [
      label,
      await scope.getByRole('button', { name: label, exact: true }).isDisabled(),
    ];
    const panel = v.getByTestId('project-panel');
    for (const label of [en['app.project.new'], en['app.folder.new'], en['app.external-service.add']])
      expect(await disabled(panel, label)).toEqual([label, true]);
    expect(await disabled(panel, en['app.project.details'])).toEqual([en['app.project.details'], false]);

    const folder = v.getByTestId(`folder-row-${ids.utilities}`);
    for (const label of [
      en['app.folder.new-subfolder'],
      en['app.folder.edit'],
      en['app.folder.move'],
      en['app.folder.delete'],
    ]) {
      expect(await disabled(folder, label)).toEqual([label, true]);
    }
    expect(await disabled(folder, en['app.folder.toggle-all'])).toEqual([en['app.folder.toggle-all'], false]);
    expect(await folder.getByRole('button', { name: en['app.layer.new'] }).count()).toBe(0);
    for (const row of [v.getByTestId(`layer-row-${ids.mains}`), v.getByTestId(`layer-row-${ids.point}`)]) {
      for (const label of ['Add feature', 'Edit layer', 'Move layer', 'Share layer', 'Delete layer'])
        expect(await disabled(row, label)).toEqual([label, true]);
      expect(await disabled(row, 'Zoom to layer')).toEqual(['Zoom to layer', false]);
    }

    // The project details are shown read-only: no save, no delete.
    await v.getByRole('button', { name: en['app.project.details'] }).click();
    await v.getByTestId('project-details-dialog').waitFor();
    expect(await v.getByTestId('project-details-name').isDisabled()).toBe(true);
    expect(await v.getByTestId('project-details-save').count()).toBe(0);
    expect(await v.getByTestId('project-delete').count()).toBe(0);
  });
});
