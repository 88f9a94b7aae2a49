import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-projects/en.json' with { type: 'json' };
import { expectSnack, openProjectPanel } from './support/map-page.js';
import { foldersOf, projectsOf, type ProjectRow, type TreeFolder } from './support/projects.js';
import { copyTemplate, signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * The project panel's dialogs in a real browser (spec 3 §2, §4, §5): projects listed by name,
 * project details edited, a project deleted with the agree checkbox (the first remaining one is
 * selected), a folder edited, a subfolder added, folders moved as a subfolder and to another project,
 * a layer and a folder deleted with the confirm checkbox, and the tree collapsed past five folders.
 */
describe('map panel dialogs: projects, folders and layers', () => {
  let env: MapEnv;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Dora', company: 'Dialogs' });
    const dictionary = await copyTemplate(env, 'apwa-utility-locating', 'Field Utilities');
    // Made out of order and in mixed case: the panel lists them by name.
    for (const name of ['Zeta', 'alpha', 'Mike']) {
      ids[name] = (await env.api<ProjectRow>('POST', '/rest/projects', { name, dataDictionaryId: dictionary.id })).id;
    }
    const folder = (projectId: string, name: string, parentId: string | null = null) =>
      env
        .api<TreeFolder>('POST', `/rest/projects/${projectId}/folders`, { name, parentId })
        .then((f) => (ids[name] = f.id));
    await folder(ids.Mike, 'North');
    await folder(ids.Mike, 'South');
    ids.Hydrants = (
      await env.api<{ id: string }>('POST', `/rest/projects/${ids.Mike}/folders/${ids.South}/layers`, {
        name: 'Hydrants',
      })
    ).id;
    // Six folders: more than five, so the tree starts collapsed.
    for (let i = 1; i <= 6; i++) await folder(ids.Zeta, `Zone ${i}`);
    ids.Parcels = (
      await env.api<{ id: string }>('POST', `/rest/projects/${ids.Zeta}/folders/${ids['Zone 1']}/layers`, {
        name: 'Parcels',
      })
    ).id;
    page = await env.page();
    await signIn(page, env.server, env.admin);
    await openProjectPanel(page);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 200 });
  const project = async (id: string) => (await projectsOf(env)).find((p) => p.id === id);
  const folderRow = (id: string) => page.getByTestId(`folder-row-${id}`);
  const pickProject = async (name: string) => {
    await page.getByTestId('project-select').click();
    await page.getByRole('option', { name, exact: true }).click();
    await eventually(() => page.getByTestId('project-select').inputValue()).toBe(name);
  };

  it('lists the projects by name and opens the first one', async () => {
    await eventually(() => page.getByTestId('project-select').inputValue()).toBe('alpha');
    await page.getByTestId('project-select').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['alpha', 'Mike', 'Zeta']);
    await page.keyboard.press('Escape');
  });

  it('edits the project name and description and saves the map extent', async () => {
    await page.getByRole('button', { name: en['app.project.details'] }).click();
    const dialog = page.getByTestId('project-details-dialog');
    await page.getByTestId('project-details-name').fill('Alpha Survey');
    await dialog.getByLabel(en['app.project.description']).fill('North side of the river');
    await page.getByTestId('project-save-extent').check();
    await page.getByTestId('project-details-save').click();
    await expectSnack(page, en['app.project.updated']);
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => page.getByTestId('project-select').inputValue()).toBe('Alpha Survey');
    const saved = (await project(ids.alpha))!;
    expect(saved).toMatchObject({ name: 'Alpha Survey', description: 'North side of the river' });
    // The view the map showed: the default centre at zoom 5.
    expect(saved.zoomLevel).toBe(5);
    const centre = JSON.parse(saved.coordinate!) as { lat: number; lng: number };
    expect(centre.lat).toBeCloseTo(38.67, 1);
    expect(centre.lng).toBeCloseTo(-97.91, 1);
  });

  it('deletes the project after the agree checkbox and selects the first remaining project', async () => {
    await page.getByRole('button', { name: en['app.project.details'] }).click();
    await page.getByTestId('project-delete').click();
    const dialog = page.getByTestId('delete-project-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Delete the project Alpha Survey');
    expect(await dialog.getByTestId('confirm-dialog-confirm').isDisabled()).toBe(true);
    await page.getByTestId('delete-project-agree').check();
    await dialog.getByTestId('confirm-dialog-confirm').click();
    await expectSnack(page, 'Project Alpha Survey deleted.');
    await eventually(() => page.getByTestId('project-select').inputValue()).toBe('Mike');
    expect((await projectsOf(env)).map((p) => p.name)).toEqual(['Mike', 'Zeta']);
  });

  it('edits a folder and adds a subfolder under it', async () => {
    // Two folders only: the tree opens expanded.
    expect(
      await folderRow(ids.North).getByRole('button', { name: en['app.folder.collapse'] }).getAttribute('aria-expanded'),
    ).toBe('true');
    await folderRow(ids.North).getByRole('button', { name: en['app.folder.edit'] }).click();
    const dialog = page.getByTestId('folder-dialog');
    await page.getByTestId('folder-name').fill('North Side');
    await dialog.getByLabel(en['app.folder.description']).fill('Everything north of Main Street');
    await page.getByTestId('folder-save').click();
    await expectSnack(page, 'Folder North Side saved.');
    await eventually(() => folderRow(ids.North).textContent()).toContain('North Side');
    expect((await project(ids.Mike))!.folders.find((f) => f.id === ids.North)).toMatchObject({
      name: 'North Side',
      description: 'Everything north of Main Street',
    });

    await folderRow(ids.North).getByRole('button', { name: en['app.folder.new-subfolder'] }).click();
    await page.getByTestId('folder-name').fill('Valves');
    await page.getByTestId('folder-save').click();
    await expectSnack(page, 'Folder Valves created.');
    await eventually(async () => foldersOf(await project(ids.Mike)).find((f) => f.name === 'Valves')?.parentId).toBe(
      ids.North,
    );
    ids.Valves = foldersOf(await project(ids.Mike)).find((f) => f.name === 'Valves')!.id;
    await eventually(() =>
      page.getByTestId(`folder-${ids.North}`).getByTestId(`folder-row-${ids.Valves}`).count(),
    ).toBe(1);
  });

  it('deletes a layer and a folder after the confirm checkbox', async () => {
    await page.getByTestId(`layer-row-${ids.Hydrants}`).getByRole('button', { name: 'Delete layer' }).click();
    const layerDialog = page.getByTestId('delete-layer-dialog');
    expect(await layerDialog.getByTestId('confirm-dialog-confirm').isDisabled()).toBe(true);
    await page.getByTestId('delete-layer-agree').check();
    await layerDialog.getByTestId('confirm-dialog-confirm').click();
    await expectSnack(page, 'Layer Hydrants deleted.');
    await eventually(() => page.getByTestId(`layer-row-${ids.Hydrants}`).count()).toBe(0);

    await folderRow(ids.Valves).getByRole('button', { name: en['app.folder.delete'] }).click();
    const folderDialog = page.getByTestId('delete-folder-dialog');
    // A normal folder needs only the checkbox, no typed word.
    expect(await folderDialog.getByTestId('delete-folder-word').count()).toBe(0);
    expect(await page.getByTestId('delete-folder-confirm').isDisabled()).toBe(true);
    await page.getByTestId('delete-folder-agree').check();
    await page.getByTestId('delete-folder-confirm').click();
    await expectSnack(page, 'Folder Valves deleted.');
    await eventually(() => folderRow(ids.Valves).count()).toBe(0);
    expect(foldersOf(await project(ids.Mike)).map((f) => f.name)).toEqual(['North Side', 'South']);
  });

  it('moves a folder into another folder as its subfolder', async () => {
    await folderRow(ids.South).getByRole('button', { name: en['app.folder.move'] }).click();
    const dialog = page.getByTestId('move-folder-dialog');
    // The current project is chosen already.
    expect(await dialog.getByTestId(`choice-${ids.Mike}`).isChecked()).toBe(true);
    await dialog.getByTestId('stepper-next').click();
    // Staying at the top level is no move, and the folder cannot go into itself.
    expect(await dialog.getByTestId('choice-top-level').isDisabled()).toBe(true);
    expect(await dialog.getByTestId(`choice-${ids.South}`).isDisabled()).toBe(true);
    await dialog.getByTestId(`choice-${ids.North}`).check();
    await dialog.getByTestId('stepper-next').click();
    await dialog.getByTestId('stepper-finish').click();
    await expectSnack(page, en['app.folder.move.success']);
    await eventually(async () => foldersOf(await project(ids.Mike)).find((f) => f.id === ids.South)?.parentId).toBe(
      ids.North,
    );
    await eventually(() => page.getByTestId(`folder-${ids.North}`).getByTestId(`folder-row-${ids.South}`).count()).toBe(
      1,
    );
  });

  it('shows a project with more than five folders collapsed', async () => {
    await pickProject('Zeta');
    const rows = page.locator('[data-testid^="folder-row-"]');
    await eventually(() => rows.count()).toBe(6);
    for (const expand of await page
      .getByTestId('project-tree')
      .getByRole('button', { name: en['app.folder.expand'] })
      .all()) {
      expect(await expand.getAttribute('aria-expanded')).toBe('false');
    }
    expect(await page.getByTestId(`layer-row-${ids.Parcels}`).count()).toBe(0);
    await folderRow(ids['Zone 1']).getByRole('button', { name: en['app.folder.expand'] }).click();
    await page.getByTestId(`layer-row-${ids.Parcels}`).waitFor();
  });

  it('moves a folder with its subfolder to the top level of another project', async () => {
    await pickProject('Mike');
    await folderRow(ids.North).getByRole('button', { name: en['app.folder.move'] }).click();
    const dialog = page.getByTestId('move-folder-dialog');
    await dialog.getByTestId(`choice-${ids.Zeta}`).check();
    await dialog.getByTestId('stepper-next').click();
    // With a subfolder of its own it can only go to the top level (two levels).
    expect(await dialog.getByTestId(`choice-${ids['Zone 2']}`).isDisabled()).toBe(true);
    await dialog.getByTestId('choice-top-level').check();
    await dialog.getByTestId('stepper-next').click();
    await dialog.getByTestId('stepper-finish').click();
    await expectSnack(page, en['app.folder.move.success']);
    await eventually(() => folderRow(ids.North).count()).toBe(0);
    const moved = (await project(ids.Zeta))!.folders.find((f) => f.id === ids.North);
    expect(moved?.folders.map((f) => f.name)).toEqual(['South']);
    expect((await project(ids.Mike))!.folders).toEqual([]);
    await page.getByTestId('add-folder-empty').waitFor();
  });
});
