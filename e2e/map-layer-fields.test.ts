import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import projectsEn from '../web/src/i18n/map-projects/en.json' with { type: 'json' };
import featuresEn from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import mainEn from '../web/src/i18n/en.json' with { type: 'json' };
import { choose, closeFeaturePanel, expectSnack, openProjectPanel, selectAt } from './support/map-page.js';
import { seedLocates, type Locates } from './support/features.js';
import {
  addMemberByApi,
  apiFor,
  signIn,
  startMapEnv,
  updatePrefs,
  type Account,
  type MapEnv,
} from './support/session.js';

/**
 * Typed layer fields in a real browser (issue #10 §1): a project admin adds a text and a decimal
 * field to a layer in the layer dialog, fills them for a feature in the feature panel and saves; after
 * a reload the panel shows the typed values; a viewer sees them without an edit action. The dialog
 * and the panel are photographed at desktop and phone width, light and dark (/tmp/shots).
 */
describe('map layer fields: define in the layer dialog, fill in the feature panel', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  let viewer: Account;
  const pole = [-104.992, 39.742];
  const note = 'Checked by maria.lopez@city-works.example.org after the storm';
  const shots = '/tmp/shots';

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    env = await startMapEnv({ given: 'Fido', company: 'Fields' });
    ids = await seedLocates(env, { center: { lat: 39.742, lng: -104.992 }, zoom: 17 });
    await env.api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: pole },
      properties: {
        layer_id: ids.point,
        system_id: ids.pole.systemId,
        component_id: ids.pole.componentId,
        attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
      },
    });
    viewer = await addMemberByApi(env, { given: 'Vera', userType: '0001' });
    const prefs = await env.api<Record<string, unknown>>('GET', '/preferences');
    await updatePrefs(apiFor(env.server, viewer.token), {
      lastProject: prefs.lastProject,
      provider: prefs.provider,
      projectPrefs: prefs.projectPrefs,
    });
    page = await env.page();
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const openLayerDialog = async (p: Page) => {
    await openProjectPanel(p);
    await p.getByTestId(`layer-row-${ids.point}`).getByRole('button', { name: projectsEn['app.layer.edit'] }).click();
    await p.getByTestId('layer-dialog').waitFor();
  };
  const pointLayer = async () => {
    const project = await env.api<{
      folders: Array<{ layers: Array<{ id: string; name: string; fields: unknown[] }> }>;
    }>('GET', `/rest/projects/${ids.project}`);
    return project.folders.flatMap((f) => f.layers).find((l) => l.id === ids.point)!;
  };

  it('adds a text and a decimal field to the layer, refusing a reserved name', async () => {
    await openLayerDialog(page);
    const dialog = page.getByTestId('layer-dialog');
    await dialog.getByText(projectsEn['app.layer.fields.none']).waitFor();
    await page.getByTestId('layer-field-add').click();
    await page.getByTestId('layer-field-name-0').fill('geometry');
    await dialog.getByText(mainEn['app.layer.field.error.reserved']).waitFor();
    expect(await page.getByTestId('layer-save').isDisabled()).toBe(true);
    await page.getByTestId('layer-field-name-0').fill('inspection_note');
    await page.getByTestId('layer-field-add').click();
    await page.getByTestId('layer-field-name-1').fill('depth_m');
    await choose(page, 'layer-field-type-1', projectsEn['app.layer.field.type.real']);
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${shots}/layer-dialog-desktop-light.png` });
    await page.getByTestId('layer-save').click();
    const layer = await pointLayer();
    await expectSnack(page, projectsEn['app.layer.updated'].replace('{name}', layer.name));
    expect((await pointLayer()).fields).toEqual([
      { name: 'inspection_note', type: 'text', order: 0 },
      { name: 'depth_m', type: 'real', order: 1 },
    ]);
    // Opened again, the stored fields keep their type; removing one asks first.
    await openLayerDialog(page);
    expect(await page.getByTestId('layer-field-name-1').inputValue()).toBe('depth_m');
    expect(await page.getByTestId('layer-field-type-1').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('layer-field-remove-1').click();
    await page.getByTestId('layer-field-remove-dialog').waitFor();
    await page.getByTestId('layer-field-remove-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('layer-field-remove-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('layer-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('layer-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('project-panel-toggle').click();
    await page.getByTestId('project-panel').waitFor({ state: 'hidden' });
  });

  it('fills the fields in the feature panel and shows the typed values after a reload', async () => {
    await selectAt(page, pole, 'Electric Pole');
    const fields = page.getByTestId('feature-fields');
    await fields.waitFor();
    expect(await page.getByTestId('feature-field-depth_m').textContent()).toBe('—');
    await page.getByTestId('feature-fields-edit').click();
    await page.getByTestId('feature-field-input-depth_m').fill('deep');
    await fields.getByText(mainEn['app.feature.error.field-value']).first().waitFor();
    expect(await page.getByTestId('feature-fields-save').isDisabled()).toBe(true);
    await page.getByTestId('feature-field-input-depth_m').fill('1234.75');
    await page.getByTestId('feature-field-input-inspection_note').fill(note);
    await page.getByTestId('feature-fields-save').click();
    await expectSnack(page, featuresEn['app.feature.update.success']);
    await page.getByTestId('feature-fields-editor').waitFor({ state: 'detached' });
    const stored = await env.api<{ properties: { fieldValues: Record<string, unknown> } }>(
      'GET',
      `/rest/features/point.${(await env.server.db.selectFrom('features').select('id').where('layer_id', '=', ids.point).executeTakeFirstOrThrow()).id}`,
    );
    expect(stored.properties.fieldValues).toEqual({ inspection_note: note, depth_m: 1234.75 });

    await page.reload();
    await page.getByTestId('map').waitFor();
    await selectAt(page, pole, 'Electric Pole');
    await page.getByTestId('feature-fields').waitFor();
    expect(await page.getByTestId('feature-field-depth_m').textContent()).toBe('1,234.75');
    expect(await page.getByTestId('feature-field-inspection_note').textContent()).toBe(note);
    await page.getByTestId('feature-panel').screenshot({ path: `${shots}/feature-panel-desktop-light.png` });
    await closeFeaturePanel(page);
  });

  it('shows a viewer the values without an edit action', async () => {
    const v = await env.page();
    await signIn(v, env.server, viewer);
    await selectAt(v, pole, 'Electric Pole');
    await v.getByTestId('feature-fields').waitFor();
    expect(await v.getByTestId('feature-field-depth_m').textContent()).toBe('1,234.75');
    expect(await v.getByTestId('feature-field-inspection_note').textContent()).toBe(note);
    expect(await v.getByTestId('feature-fields-edit').count()).toBe(0);
  });

  it.each([
    { name: 'desktop-dark', phone: false, colorScheme: 'dark' as const },
    { name: 'phone-light', phone: true, colorScheme: 'light' as const },
    { name: 'phone-dark', phone: true, colorScheme: 'dark' as const },
  ])('lays out the dialog and the panel at $name', async ({ name, phone, colorScheme }) => {
    // The app's theme is the user's preference once signed in.
    await updatePrefs(env.api, { theme: colorScheme });
    const p = await env.page({ phone, colorScheme });
    await signIn(p, env.server, env.admin);
    await openLayerDialog(p);
    await p.getByTestId('layer-field-name-1').waitFor();
    // Past the dialog's entering transition.
    await p.waitForTimeout(500);
    await p.screenshot({ path: `${shots}/layer-dialog-${name}.png` });
    await p.getByTestId('layer-dialog').getByRole('button', { name: 'Cancel' }).click();
    await p.getByTestId('layer-dialog').waitFor({ state: 'detached' });
    // On a phone the panel is a modal drawer over the map and its toggle: Escape closes it.
    if (phone) await p.keyboard.press('Escape');
    else await p.getByTestId('project-panel-toggle').click();
    await p.getByTestId('project-panel').waitFor({ state: 'hidden' });
    await selectAt(p, pole, 'Electric Pole');
    await p.getByTestId('feature-fields').waitFor();
    await p.waitForTimeout(500);
    await p.getByTestId('feature-panel').screenshot({ path: `${shots}/feature-panel-${name}.png` });
    await p.getByTestId('feature-fields-edit').click();
    await p.getByTestId('feature-fields-editor').waitFor();
    await p.getByTestId('feature-panel').screenshot({ path: `${shots}/feature-fields-edit-${name}.png` });
  });
});
