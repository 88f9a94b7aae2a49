import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-projects/en.json' with { type: 'json' };
import { expectSnack, openProjectPanel } from './support/map-page.js';
import { folderNamed as folderIn, projectsOf, type ProjectRow, type TreeFolder } from './support/projects.js';
import { copyTemplate, signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * The project panel in a real browser (spec 3 §2, §4): a project with a dictionary, folders and a
 * layer made through the dialogs; layer and folder toggles and the tree expansion restored after a
 * reload; a layer moved through the stepper; a feature folder deleted with the typed word; the
 * duplicate-name error; and the panel as an overlay at phone width.
 */
describe('map projects panel', () => {
  let env: MapEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Paula', company: 'Projects' });
    // A company dictionary copied from a provider template (the projects need one).
    await copyTemplate(env, 'apwa-utility-locating', 'Field Utilities');
  });
  afterAll(async () => {
    await env?.stop();
  });

  const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });
  const projects = () => projectsOf(env);
  const folderNamed = async (name: string) => (await folderIn(env, name))!;

  it('creates a project with a dictionary, folders and a layer through the panel', async () => {
    page = await env.page();
    await signIn(page, env.server, env.admin);
    await page.getByTestId('project-panel-toggle').click();
    await page.getByTestId('add-project').click();
    await page.getByTestId('project-name').fill('Survey A');
    await page.getByTestId('project-dictionary').click();
    await page.getByRole('option', { name: 'Field Utilities' }).click();
    await page.getByTestId('project-save').click();
    await expectSnack(page, 'Project Survey A created.');
    await eventually(() => page.getByTestId('project-select').inputValue()).toBe('Survey A');

    await page.getByTestId('add-folder').click();
    await page.getByTestId('folder-name').fill('Utilities');
    await page.getByTestId('folder-save').click();
    await page.getByTestId('new-folder').click();
    await page.getByTestId('folder-name').fill('Storm');
    await page.getByTestId('folder-save').click();
    await eventually(async () => (await projects())[0]?.folders.length).toBe(2);

    const utilities = await folderNamed('Utilities');
    for (const name of ['Mains', 'Valves']) {
      await page.getByTestId(`folder-row-${utilities.id}`).getByRole('button', { name: en['app.layer.new'] }).click();
      await page.getByTestId('layer-name').fill(name);
      await page.getByTestId('layer-save').click();
      await eventually(() => page.locator('[data-testid^="layer-row-"]').count()).toBe(name === 'Mains' ? 1 : 2);
      // A layer just made is switched on, ready to draw into (issue #12).
      await eventually(() => page.getByRole('checkbox', { name }).isChecked()).toBe(true);
    }
    const row = page.locator('[data-testid^="layer-row-"]').first();
    for (const label of ['Zoom to layer', 'Add feature', 'Edit layer', 'Move layer', 'Share layer', 'Delete layer']) {
      expect(await row.getByRole('button', { name: label }).count()).toBe(1);
    }
  });

  it('shows the duplicate project name error', async () => {
    await page.getByTestId('new-project').click();
    await page.getByTestId('project-name').fill('survey a');
    await eventually(() => page.getByTestId('new-project-dialog').textContent()).toContain(
      en['app.project.error.name.exist'],
    );
    expect(await page.getByTestId('project-save').isDisabled()).toBe(true);
    await page.getByTestId('new-project-dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('restores layer toggles and tree expansion after a reload', async () => {
    const utilities = await folderNamed('Utilities');
    const storm = await folderNamed('Storm');
    const [mains, valves] = utilities.layers;
    // With all its layers on, the folder toggle turns them off, then on again; then one layer goes off
    // again; Storm is collapsed.
    const showAll = page.getByTestId(`folder-row-${utilities.id}`).getByRole('button', { name: 'Show all layers' });
    await showAll.click();
    expect(await page.getByRole('checkbox', { name: valves.name }).isChecked()).toBe(false);
    await showAll.click();
    expect(await page.getByRole('checkbox', { name: valves.name }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: mains.name }).click();
    await page.getByTestId(`folder-row-${storm.id}`).getByRole('button', { name: en['app.folder.collapse'] }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/preferences') && r.request().method() === 'PUT', {
      timeout: 15_000,
    });
    expect((await saved).status()).toBe(200);

    await page.reload();
    await page.getByTestId('map').waitFor();
    await openProjectPanel(page);
    await eventually(() => page.getByRole('checkbox', { name: valves.name }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: mains.name }).isChecked()).toBe(false);
    expect(
      await page
        .getByTestId(`folder-row-${storm.id}`)
        .getByRole('button', { name: en['app.folder.expand'] })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    expect(
      await page
        .getByTestId(`folder-row-${utilities.id}`)
        .getByRole('button', { name: en['app.folder.collapse'] })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('moves a layer to another folder through the stepper', async () => {
    const utilities = await folderNamed('Utilities');
    const storm = await folderNamed('Storm');
    const mains = utilities.layers.find((l) => l.name === 'Mains')!;
    await page.getByTestId(`layer-row-${mains.id}`).getByRole('button', { name: 'Move layer' }).click();
    const dialog = page.getByTestId('move-layer-dialog');
    await dialog.getByTestId('stepper-next').click();
    expect(await dialog.getByTestId('stepper-next').isDisabled()).toBe(true);
    await dialog.getByTestId(`choice-${storm.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    await dialog.getByTestId('stepper-finish').click();
    await expectSnack(page, en['app.layer.move.success']);
    await page.getByTestId(`folder-row-${storm.id}`).getByRole('button', { name: en['app.folder.expand'] }).click();
    await eventually(() => page.getByTestId(`folder-${storm.id}`).getByTestId(`layer-row-${mains.id}`).count()).toBe(1);
    expect(await page.getByTestId(`folder-${utilities.id}`).getByTestId(`layer-row-${mains.id}`).count()).toBe(0);
  });

  it('moves a layer to a folder of another project with the same dictionary', async () => {
    const a = (await projects()).find((p) => p.name === 'Survey A')!;
    const { dataDictionaryId } = await env.api<{ dataDictionaryId: string }>('GET', `/rest/projects/${a.id}`);
    const b = await env.api<ProjectRow>('POST', '/rest/projects', { name: 'Survey B', dataDictionaryId });
    const inbox = await env.api<TreeFolder>('POST', `/rest/projects/${b.id}/folders`, { name: 'Inbox' });
    await page.reload();
    await page.getByTestId('map').waitFor();
    await openProjectPanel(page);
    const valves = (await folderNamed('Utilities')).layers.find((l) => l.name === 'Valves')!;
    await page.getByTestId(`layer-row-${valves.id}`).getByRole('button', { name: 'Move layer' }).click();
    const dialog = page.getByTestId('move-layer-dialog');
    await dialog.getByTestId(`choice-${b.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    await dialog.getByTestId(`choice-${inbox.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    expect(await dialog.textContent()).toContain('Move Valves to Inbox in Survey B.');
    await dialog.getByTestId('stepper-finish').click();
    await expectSnack(page, en['app.layer.move.success']);
    await eventually(() => page.getByTestId(`layer-row-${valves.id}`).count()).toBe(0);
    await page.getByTestId('project-select').click();
    await page.getByRole('option', { name: 'Survey B' }).click();
    await eventually(() => page.getByTestId(`folder-${inbox.id}`).getByTestId(`layer-row-${valves.id}`).count()).toBe(
      1,
    );
    await page.getByTestId('project-select').click();
    await page.getByRole('option', { name: 'Survey A' }).click();
  });

  it('deletes a feature folder only after the typed word', async () => {
    await page.getByTestId('new-folder').click();
    await page.getByTestId('folder-name').fill('Field Features');
    await page.getByTestId('folder-feature-option').check();
    await page.getByTestId('folder-save').click();
    await eventually(async () => !!(await folderNamed('Field Features'))).toBe(true);
    const folder = await folderNamed('Field Features');
    await page.getByTestId(`folder-row-${folder.id}`).getByRole('button', { name: 'Delete folder' }).click();
    await page.getByTestId('delete-folder-agree').check();
    expect(await page.getByTestId('delete-folder-confirm').isDisabled()).toBe(true);
    await page.getByTestId('delete-folder-word').fill('delete');
    await page.getByTestId('delete-folder-confirm').click();
    await eventually(() => page.getByTestId(`folder-row-${folder.id}`).count()).toBe(0);
  });

  it('shares a layer read-only into a folder of another project', async () => {
    const storm = await folderNamed('Storm');
    const inbox = await folderNamed('Inbox');
    const mains = storm.layers.find((l) => l.name === 'Mains')!;
    const expand = page.getByTestId(`folder-row-${storm.id}`).getByRole('button', { name: en['app.folder.expand'] });
    if (await expand.count()) await expand.click();
    await page.getByTestId(`layer-row-${mains.id}`).getByRole('button', { name: 'Share layer' }).click();
    const dialog = page.getByTestId('share-layer-dialog');
    const b = (await projects()).find((p) => p.name === 'Survey B')!;
    await dialog.getByTestId(`choice-${b.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    await dialog.getByTestId(`choice-${inbox.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    await dialog.getByTestId('stepper-finish').click();
    await expectSnack(page, 'Layer Mains shared.');
    // Shared out, it can no longer be deleted here; in Survey B it shows read-only.
    expect(
      await page.getByTestId(`layer-row-${mains.id}`).getByRole('button', { name: 'Delete layer' }).isDisabled(),
    ).toBe(true);
    await page.getByTestId('project-select').click();
    await page.getByRole('option', { name: 'Survey B' }).click();
    const shared = page.getByTestId(`folder-${inbox.id}`).getByTestId(`layer-row-${mains.id}`);
    await eventually(() => shared.count()).toBe(1);
    expect(await shared.getByRole('button', { name: 'Edit layer' }).isDisabled()).toBe(true);
    expect(await shared.getByLabel(en['app.layer.shared-here']).count()).toBe(1);
  });

  it('resizes the panel from its left edge within the page', async () => {
    const handle = page.getByTestId('project-panel-resize');
    const before = Number(await handle.getAttribute('aria-valuenow'));
    expect(before).toBe(375);
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe(395);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + 3, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(10, box.y + 200, { steps: 4 });
    await page.mouse.up();
    // At least 100 px less than the page width.
    await eventually(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe(1280 - 100);
  });

  it('shows the panel as an overlay at phone width', async () => {
    const phone = await env.page({ phone: true });
    await signIn(phone, env.server, env.admin);
    await phone.getByTestId('project-panel-toggle').click();
    await phone.getByTestId('project-panel').waitFor();
    expect(await phone.locator('.MuiDrawer-modal').count()).toBe(1);
    const map = await phone.getByTestId('map').boundingBox();
    expect(map?.width).toBe(390);
    const panel = await phone.getByTestId('project-panel').boundingBox();
    expect(panel!.width).toBeLessThanOrEqual(390);
  });
});
