import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../web/src/i18n/map-projects/en.json' with { type: 'json' };
import { startApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, newContext } from './support/browser.js';
import { TestMailServer } from './support/mail-server.js';

interface TreeFolder { id: string; name: string; layers: Array<{ id: string; name: string }>; folders: TreeFolder[] }
interface ProjectRow { id: string; name: string; folders: TreeFolder[] }

/**
 * The project panel in a real browser (spec 3 §2, §4): a project with a dictionary, folders and a
 * layer made through the dialogs; layer and folder toggles and the tree expansion restored after a
 * reload; a layer moved through the stepper; a feature folder deleted with the typed word; the
 * duplicate-name error; and the panel as an overlay at phone width.
 */
describe('map projects panel', () => {
  let mail: TestMailServer;
  let server: RunningApp;
  let browser: Browser;
  const stamp = Date.now();
  const password = 'Proj-adm1n!';
  const email = `paula.${stamp}@projects.test`;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let token = '';

  beforeAll(async () => {
    mail = new TestMailServer();
    server = await startApp({ smtpUrl: await mail.start() });
    browser = await launchBrowser();
    const signup = await post('/auth/signup', {
      email, password, given_name: 'Paula', family_name: 'Projects', phone_number: '+12025550143', company_name: `Projects ${stamp}`,
    });
    expect(signup.status).toBe(200);
    expect((await post('/auth/confirm-signup', { email, code: await mail.waitForCode(email) })).status).toBe(200);
    token = ((await (await post('/auth/signin', { email, password })).json()) as { idToken: string }).idToken;
    expect((await api('PUT', '/rest/accounts/eula/web')).status).toBe(200);
    // A company dictionary copied from a provider template (the projects need one).
    const template = await server.db.selectFrom('dictionaries').select('id').where('template_key', '=', 'apwa-utility-locating').executeTakeFirstOrThrow();
    expect((await api('POST', `/rest/dictionaries/copy/${template.id}`, { name: 'Field Utilities', isReadonly: false })).status).toBe(201);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });
  const snackbar = (p: Page) => p.getByTestId('snackbar');
  const projects = async () => (await (await api('GET', '/rest/projects')).json()) as ProjectRow[];
  const folderNamed = async (name: string) => (await projects()).flatMap((p) => p.folders.flatMap((f) => [f, ...f.folders])).find((f) => f.name === name)!;

  it('creates a project with a dictionary, folders and a layer through the panel', async () => {
    page = await openPage();
    await signIn(page);
    await page.getByTestId('project-panel-toggle').click();
    await page.getByTestId('add-project').click();
    await page.getByTestId('project-name').fill('Survey A');
    await page.getByTestId('project-dictionary').click();
    await page.getByRole('option', { name: 'Field Utilities' }).click();
    await page.getByTestId('project-save').click();
    await eventually(() => snackbar(page).textContent()).toContain('Project Survey A created.');
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
    }
    const row = page.locator('[data-testid^="layer-row-"]').first();
    for (const label of ['Zoom to layer', 'Add feature', 'Edit layer', 'Move layer', 'Share layer', 'Delete layer']) {
      expect(await row.getByRole('button', { name: label }).count()).toBe(1);
    }
  });

  it('shows the duplicate project name error', async () => {
    await page.getByTestId('new-project').click();
    await page.getByTestId('project-name').fill('survey a');
    await eventually(() => page.getByTestId('new-project-dialog').textContent()).toContain(en['app.project.error.name.exist']);
    expect(await page.getByTestId('project-save').isDisabled()).toBe(true);
    await page.getByTestId('new-project-dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('restores layer toggles and tree expansion after a reload', async () => {
    const utilities = await folderNamed('Utilities');
    const storm = await folderNamed('Storm');
    const [mains, valves] = utilities.layers;
    // Folder toggle turns all its layers on; then one layer goes off again; Storm is collapsed.
    await page.getByTestId(`folder-row-${utilities.id}`).getByRole('button', { name: 'Show all layers' }).click();
    expect(await page.getByRole('checkbox', { name: valves.name }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: mains.name }).click();
    await page.getByTestId(`folder-row-${storm.id}`).getByRole('button', { name: en['app.folder.collapse'] }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/preferences') && r.request().method() === 'PUT', { timeout: 15_000 });
    expect((await saved).status()).toBe(200);

    await page.reload();
    await page.getByTestId('map').waitFor();
    if (!(await page.getByTestId('project-panel').isVisible())) await page.getByTestId('project-panel-toggle').click();
    await eventually(() => page.getByRole('checkbox', { name: valves.name }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: mains.name }).isChecked()).toBe(false);
    expect(await page.getByTestId(`folder-row-${storm.id}`).getByRole('button', { name: en['app.folder.expand'] }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId(`folder-row-${utilities.id}`).getByRole('button', { name: en['app.folder.collapse'] }).getAttribute('aria-expanded')).toBe('true');
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
    await eventually(() => snackbar(page).textContent()).toContain(en['app.layer.move.success']);
    await page.getByTestId(`folder-row-${storm.id}`).getByRole('button', { name: en['app.folder.expand'] }).click();
    await eventually(() => page.getByTestId(`folder-${storm.id}`).getByTestId(`layer-row-${mains.id}`).count()).toBe(1);
    expect(await page.getByTestId(`folder-${utilities.id}`).getByTestId(`layer-row-${mains.id}`).count()).toBe(0);
  });

  it('moves a layer to a folder of another project with the same dictionary', async () => {
    const a = (await projects()).find((p) => p.name === 'Survey A')!;
    const b = (await (await api('POST', '/rest/projects', { name: 'Survey B', dataDictionaryId: (await (await api('GET', `/rest/projects/${a.id}`)).json()).dataDictionaryId })).json()) as ProjectRow;
    const inbox = (await (await api('POST', `/rest/projects/${b.id}/folders`, { name: 'Inbox' })).json()) as TreeFolder;
    await page.reload();
    await page.getByTestId('map').waitFor();
    if (!(await page.getByTestId('project-panel').isVisible())) await page.getByTestId('project-panel-toggle').click();
    const valves = (await folderNamed('Utilities')).layers.find((l) => l.name === 'Valves')!;
    await page.getByTestId(`layer-row-${valves.id}`).getByRole('button', { name: 'Move layer' }).click();
    const dialog = page.getByTestId('move-layer-dialog');
    await dialog.getByTestId(`choice-${b.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    await dialog.getByTestId(`choice-${inbox.id}`).check();
    await dialog.getByTestId('stepper-next').click();
    expect(await dialog.textContent()).toContain('Move Valves to Inbox in Survey B.');
    await dialog.getByTestId('stepper-finish').click();
    await eventually(() => snackbar(page).textContent()).toContain(en['app.layer.move.success']);
    await eventually(() => page.getByTestId(`layer-row-${valves.id}`).count()).toBe(0);
    await page.getByTestId('project-select').click();
    await page.getByRole('option', { name: 'Survey B' }).click();
    await eventually(() => page.getByTestId(`folder-${inbox.id}`).getByTestId(`layer-row-${valves.id}`).count()).toBe(1);
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
    await eventually(() => snackbar(page).textContent()).toContain('Layer Mains shared.');
    // Shared out, it can no longer be deleted here; in Survey B it shows read-only.
    expect(await page.getByTestId(`layer-row-${mains.id}`).getByRole('button', { name: 'Delete layer' }).isDisabled()).toBe(true);
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
    const phone = await openPage({ phone: true });
    await signIn(phone);
    await phone.getByTestId('project-panel-toggle').click();
    await phone.getByTestId('project-panel').waitFor();
    expect(await phone.locator('.MuiDrawer-modal').count()).toBe(1);
    const map = await phone.getByTestId('map').boundingBox();
    expect(map?.width).toBe(390);
    const panel = await phone.getByTestId('project-panel').boundingBox();
    expect(panel!.width).toBeLessThanOrEqual(390);
  });

  // ---- helpers ------------------------------------------------------------------------------

  async function openPage(options: { phone?: boolean } = {}): Promise<Page> {
    const context = await newContext(browser, options);
    contexts.push(context);
    const p = await context.newPage();
    // Page errors are the first clue when a step times out.
    p.on('pageerror', (error) => console.error('page error:', error.message));
    return p;
  }

  function post(path: string, body: unknown) {
    return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  function api(method: string, path: string, body?: unknown) {
    return fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  /** Signs in through the UI, accepts the EULA and skips the first-run guide if it shows. */
  async function signIn(p: Page) {
    await p.goto(`${server.url}/signin`);
    await p.getByTestId('signin-email').fill(email);
    await p.getByTestId('signin-password').fill(password);
    await p.getByTestId('signin-submit').click();
    const agree = p.getByTestId('eula-agree');
    const map = p.getByTestId('map');
    await Promise.race([agree.waitFor().catch(() => undefined), map.waitFor().catch(() => undefined)]);
    if (await agree.isVisible()) await agree.click();
    await map.waitFor();
    const skip = p.getByTestId('getting-started-skip');
    if (await skip.waitFor({ timeout: 5_000 }).then(() => true, () => false)) await skip.click();
  }
});
