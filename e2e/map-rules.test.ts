import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import base from '../web/src/i18n/en.json' with { type: 'json' };
import features from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import map from '../web/src/i18n/map/en.json' with { type: 'json' };
import projects from '../web/src/i18n/map-projects/en.json' with { type: 'json' };
import { seedLocates, type Locates } from './support/features.js';
import { clickUntil, closeFeaturePanel, expectSnack, openProjectPanel, selectAt } from './support/map-page.js';
import { signIn, startMapEnv, type MapEnv } from './support/session.js';

const en: Record<string, string> = { ...base, ...features, ...map, ...projects };
const DENVER = { center: { lat: 39.74, lng: -104.99 }, zoom: 16 };
const POLE = [-104.99, 39.74];
const SPARE_POLE = [-104.9885, 39.7405];
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });

/**
 * Rules of the map screen a user runs into (spec 3 §2, §5, §6, §8): moving a feature from the
 * feature panel, a read-only layer made writable again, move targets refused by name or raster,
 * leader actions by the server's abilities, the organization selector and project-details selects
 * by flag, and street view and directions only with a Google key.
 */
describe('map rules', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  const folders: Record<string, { id: string; layers: Array<{ id: string; name: string }> }> = {};
  let orgId = '';
  const layerButton = (layerId: string, name: string) =>
    page.getByTestId(`layer-row-${layerId}`).getByRole('button', { name });
  const setFlags = async (flags: Record<string, unknown>) => {
    const org = await env.server.db
      .selectFrom('organizations')
      .select('functionality_flags')
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow();
    await env.server.db
      .updateTable('organizations')
      .set({ functionality_flags: JSON.stringify({ ...org.functionality_flags, ...flags }) as never })
      .where('id', '=', orgId)
      .execute();
  };
  const reload = async () => {
    await page.reload();
    await page.getByTestId('map').waitFor();
  };

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Rita', company: 'Rules' });
    ids = await seedLocates(env, DENVER);
    orgId = (await env.api<{ organization: { id: string } }>('GET', '/rest/accounts/profile')).organization.id;
    const pole = (coordinates: number[]) =>
      env.api('POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates },
        properties: {
          layer_id: ids.point,
          system_id: ids.pole.systemId,
          component_id: ids.pole.componentId,
          attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
        },
      });
    await pole(POLE);
    await pole(SPARE_POLE);
    // Archive takes moved features; Spare holds a layer of the same name in other case; Imagery a raster.
    for (const [name, layers] of [
      ['Archive', [['Old poles', 'VECTOR']]],
      ['Spare', [['OLD POLES', 'VECTOR']]],
      ['Imagery', [['Ortho', 'RASTER']]],
    ] as const) {
      const folder = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders`, { name });
      const made = [];
      for (const [layer, type] of layers)
        made.push(
          await env.api<{ id: string; name: string }>(
            'POST',
            `/rest/projects/${ids.project}/folders/${folder.id}/layers`,
            { name: layer, type },
          ),
        );
      folders[name] = { id: folder.id, layers: made };
    }
    page = await env.page();
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('moves a feature to another layer from the feature panel and shows it there', async () => {
    const target = folders.Archive.layers[0];
    await selectAt(page, POLE, 'Electric Pole');
    await page.getByTestId('feature-move').click();
    const dialog = page.getByTestId('move-features-dialog');
    expect(await dialog.getByTestId(`choice-${ids.project}`).isChecked()).toBe(true);
    await dialog.getByTestId('stepper-next').click();
    // The features' own layer is not offered; Imagery's raster takes no features.
    expect(await dialog.getByTestId(`choice-${ids.point}`).count()).toBe(0);
    expect(await dialog.getByTestId(`choice-${folders.Imagery.layers[0].id}`).count()).toBe(0);
    await dialog.getByTestId(`choice-${target.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    expect(await dialog.textContent()).toContain('Move 1 feature to Old poles in Downtown.');

    // A refusal shows the server's own words in preference to the fallback (spec 3 §8).
    const organize = /\/rest\/data-organization(\?|$)/;
    await page.route(organize, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 409, code: 'Conflict', message: 'Old poles is being imported' }),
      }),
    );
    await dialog.getByTestId('stepper-finish').click();
    await expectSnack(page, 'Old poles is being imported');
    await page.unroute(organize);
    await dialog.getByTestId('stepper-finish').click();
    await expectSnack(page, en['app.feature.move.success']);
    await dialog.waitFor({ state: 'hidden' });
    // Move toasts stay 10 s rather than the usual 3 s (spec 3 §9).
    await page.waitForTimeout(4000);
    expect(await page.getByTestId('snackbar').textContent()).toContain(en['app.feature.move.success']);

    const moved = await env.server.db
      .selectFrom('features')
      .select('layer_id')
      .where('project_id', '=', ids.project)
      .where('kind', '=', 'point')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(moved.layer_id).toBe(target.id);
    // The target layer was turned on; with the source off the pole is still there to select.
    await openProjectPanel(page);
    expect(await page.getByTestId(`layer-row-${target.id}`).getByRole('checkbox').isChecked()).toBe(true);
    await page.getByTestId(`layer-row-${ids.point}`).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: en['app.projects.close'] }).click();
    await selectAt(page, POLE, 'Electric Pole');
  });

  it('blocks feature edit, delete and move on a read-only layer, and lets the admin make it writable again', async () => {
    const layer = folders.Archive.layers[0];
    await env.api('PUT', `/rest/projects/${ids.project}/folders/${folders.Archive.id}/layers`, {
      id: layer.id,
      name: layer.name,
      readOnly: true,
    });
    await reload();
    await selectAt(page, POLE, 'Electric Pole');
    for (const action of ['feature-edit-attributes', 'feature-delete', 'feature-move'])
      expect([action, await page.getByTestId(action).isDisabled()]).toEqual([action, true]);
    await closeFeaturePanel(page);

    await openProjectPanel(page);
    expect(await layerButton(layer.id, en['app.layer.move']).isDisabled()).toBe(true);
    await layerButton(layer.id, 'Edit layer').click();
    await page.getByTestId('layer-read-only').uncheck();
    await page.getByTestId('layer-save').click();
    await eventually(() =>
      page.getByTestId(`layer-row-${layer.id}`).getByLabel(en['app.layer.read-only']).count(),
    ).toBe(0);
    expect(await layerButton(layer.id, en['app.layer.move']).isDisabled()).toBe(false);
    await page.getByRole('button', { name: en['app.projects.close'] }).click();
    await selectAt(page, POLE, 'Electric Pole');
    await eventually(() => page.getByTestId('feature-move').isDisabled()).toBe(false);
    await closeFeaturePanel(page);
  });

  it('disables move targets holding a same-named layer and refuses rasters (spec 3 §5)', async () => {
    await openProjectPanel(page);
    await layerButton(folders.Archive.layers[0].id, en['app.layer.move']).click();
    const dialog = page.getByTestId('move-layer-dialog');
    await dialog.getByTestId('stepper-next').click();
    expect(await dialog.getByTestId(`choice-${folders.Spare.id}`).isDisabled()).toBe(true);
    expect(await dialog.getByTestId(`choice-${folders.Archive.id}`).isDisabled()).toBe(true);
    expect(await dialog.getByTestId(`choice-${ids.folder}`).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    expect(await layerButton(folders.Imagery.layers[0].id, en['app.layer.move']).isDisabled()).toBe(true);
    await page
      .getByTestId(`folder-row-${folders.Imagery.id}`)
      .getByRole('button', { name: en['app.folder.move'] })
      .click();
    const folderDialog = page.getByTestId('move-folder-dialog');
    expect(await folderDialog.getByTestId('move-folder-raster').textContent()).toBe(en['app.folder.move.error.raster']);
    expect(await folderDialog.getByTestId('stepper-next').isDisabled()).toBe(true);
    await folderDialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('offers leader edit and delete only as the server allows them', async () => {
    const spare = await env.server.db
      .selectFrom('features')
      .select('id')
      .where('layer_id', '=', ids.point)
      .executeTakeFirstOrThrow();
    const end = [SPARE_POLE[0] + 0.0008, SPARE_POLE[1] + 0.0004];
    const leader = await env.api<{ id: string }>('POST', '/rest/features/leaders', {
      folderId: ids.folder,
      featureId: `point.${spare.id}`,
      geometry: { type: 'LineString', coordinates: [SPARE_POLE, end] },
      metadata: { text: 'Spare', color: '#d81b60', vertex: 0, symbol: 'CIRCLE' },
    });
    // The buttons follow the leader's abilities as GET /rest/features/{id} reports them.
    const expectLeaderButtons = async (disabled: boolean[]) => {
      await reload();
      await clickUntil(page, [SPARE_POLE[0] + 0.0006, SPARE_POLE[1] + 0.0003], () =>
        page.getByTestId('leader-snackbar').isVisible(),
      );
      await eventually(async () => [
        await page.getByTestId('leader-edit').isDisabled(),
        await page.getByTestId('leader-delete').isDisabled(),
      ]).toEqual(disabled);
    };
    await expectLeaderButtons([false, false]);
    const row = await env.server.db
      .selectFrom('features')
      .select('layer_id')
      .where('id', '=', leader.id.split('.').pop()!)
      .executeTakeFirstOrThrow();
    await env.server.db.updateTable('layers').set({ read_only: true }).where('id', '=', row.layer_id).execute();
    await expectLeaderButtons([true, true]);
  });

  it('shows the organization selector only with organizations enabled and several organizations', async () => {
    const panelOrg = () => page.getByTestId('project-panel').getByTestId('org-select').count();
    await reload();
    await openProjectPanel(page);
    expect(await panelOrg()).toBe(0);
    await env.api('POST', '/rest/organizations', { name: 'Rules North', parentId: orgId });
    await reload();
    await openProjectPanel(page);
    await eventually(panelOrg).toBe(1);
    await setFlags({ organizations: { enabled: false } });
    await reload();
    await openProjectPanel(page);
    await page.getByTestId('project-select').waitFor();
    expect(await panelOrg()).toBe(0);
  });

  it('shows site calibration and geoid in the project details only with their flags', async () => {
    const selects = async () => {
      await reload();
      await openProjectPanel(page);
      await page.getByTestId('edit-project').click();
      await page.getByTestId('project-details-name').waitFor();
      const shown = [
        await page.getByTestId('project-siteId').count(),
        await page.getByTestId('project-geoidId').count(),
      ];
      await page.getByTestId('project-details-dialog').getByRole('button', { name: 'Close' }).click();
      return shown;
    };
    expect(await selects()).toEqual([1, 1]);
    await setFlags({ siteCalibration: false, projectGeoid: false });
    expect(await selects()).toEqual([0, 0]);
    await setFlags({ siteCalibration: true, projectGeoid: true });
  });

  it('labels the map and the resize handles, and has no street view or directions without a Google key', async () => {
    await reload();
    expect(await page.getByRole('main', { name: en['app.map.region'] }).count()).toBe(1);
    await openProjectPanel(page);
    const handle = page.getByTestId('project-panel-resize');
    expect(
      await Promise.all(['aria-valuenow', 'aria-valuemin', 'aria-valuemax'].map((a) => handle.getAttribute(a))),
    ).toEqual(['375', '151', '1180']);
    await page.getByRole('button', { name: en['app.projects.close'] }).click();
    await selectAt(page, POLE, 'Electric Pole');
    const featureHandle = page.getByTestId('feature-panel-resize');
    expect(
      await Promise.all(['aria-valuenow', 'aria-valuemin', 'aria-valuemax'].map((a) => featureHandle.getAttribute(a))),
    ).toEqual(['375', '375', '1130']);
    await page.getByTestId('feature-view-PEDIGREE').waitFor();
    expect(await page.getByTestId('feature-view-STREET').count()).toBe(0);
    expect(await page.getByTestId('feature-view-DIRECTIONS').count()).toBe(0);
  });
});

describe('map rules with a Google key', () => {
  let env: MapEnv;

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Gina', company: 'Keyed', config: { googleMapsKey: 'test-google-key' } });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('shows street view of the selected feature in an iframe, not while editing', async () => {
    const ids = await seedLocates(env, DENVER);
    await env.api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: POLE },
      properties: {
        layer_id: ids.point,
        system_id: ids.pole.systemId,
        component_id: ids.pole.componentId,
        attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
      },
    });
    const page = await env.page();
    // Nothing leaves the machine: Google's embed answers with a stand-in page.
    const asked: string[] = [];
    await page.route(/^https:\/\/([a-z0-9-]+\.)*(google|googleapis|gstatic)\.com\//, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>street view</p>' });
    });
    await signIn(page, env.server, env.admin);
    await selectAt(page, POLE, 'Electric Pole');
    await page.getByTestId('feature-view-STREET').click();
    const frame = page.getByTestId('feature-street-view');
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.pathname).toBe('/maps/embed/v1/streetview');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      key: 'test-google-key',
      location: '39.740000,-104.990000',
      radius: '50',
    });
    expect(await frame.getAttribute('title')).toBe(en['app.feature.street.title']);
    await eventually(() => asked.some((u) => u.includes('/maps/embed/v1/streetview'))).toBe(true);

    await page.getByTestId('feature-view-DIRECTIONS').click();
    const directions = new URL(
      (await page.getByTestId('feature-directions').getAttribute('src', { timeout: 15_000 }))!,
    );
    expect(directions.searchParams.get('destination')).toBe('39.740000,-104.990000');
    expect(directions.searchParams.get('origin')).toMatch(/^-?\d+\.\d{6},-?\d+\.\d{6}$/);

    await page.getByTestId('feature-view-STREET').click();
    await page.getByTestId('feature-edit-geometry').click();
    await page.getByTestId('geometry-edit-bar').waitFor();
    expect(await page.getByTestId('feature-view-STREET').isDisabled()).toBe(true);
    expect(await page.getByTestId('feature-street-view').count()).toBe(0);
  });
});
