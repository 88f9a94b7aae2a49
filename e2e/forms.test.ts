import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../web/src/i18n/forms/en.json' with { type: 'json' };
import { startApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, newContext } from './support/browser.js';
import { TestMailServer } from './support/mail-server.js';

/**
 * Forms administration in a real browser (spec 2 §2 Forms administration, §4 Form permission toggle):
 * an organization admin uploads an HTML form with its script, grants it to a project in the
 * Projects tab (which creates the project's forms layer), sees the sandboxed preview, withdraws it
 * again (the layer is disabled) and deletes the form.
 */
describe('forms administration', () => {
  let mail: TestMailServer;
  let server: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let projectId: string;
  const stamp = Date.now();
  const password = 'Field-b00k!';
  const admin = `fran.${stamp}@forms.test`;
  const projectName = `Survey ${stamp}`;

  beforeAll(async () => {
    mail = new TestMailServer();
    server = await startApp({ smtpUrl: await mail.start() });
    browser = await launchBrowser();
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const signup = await post('/auth/signup', {
      email: admin, password, given_name: 'Fran', family_name: 'Forms', phone_number: '+12025550143', company_name: `Forms ${stamp}`,
    });
    expect(signup.status).toBe(200);
    expect((await post('/auth/confirm-signup', { email: admin, code: await mail.waitForCode(admin) })).status).toBe(200);
    const signin = await post('/auth/signin', { email: admin, password });
    expect(signin.status).toBe(200);
    token = ((await signin.json()) as { idToken: string }).idToken;
    await api('PUT', '/rest/accounts/eula/web');
    const listed = await api<unknown>('GET', '/rest/dictionaries?flat=true');
    const dictionaries = (Array.isArray(listed) ? listed : (listed as { data: unknown[] }).data) as Array<{ id: string }>;
    projectId = (await api<{ id: string }>('POST', '/rest/projects', { name: projectName, dataDictionaryId: dictionaries[0].id })).id;
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  it('uploads a form, grants it to a project (creating its forms layer), withdraws and deletes it', async () => {
    context = await newContext(browser);
    page = await context.newPage();
    await page.goto(`${server.url}/signin`);
    await page.getByTestId('signin-email').fill(admin);
    await page.getByTestId('signin-password').fill(password);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
    // The map, or the first-run guide over it (which hides the map from the accessibility tree).
    const map = page.getByTestId('map');
    const skip = page.getByTestId('getting-started-skip');
    await Promise.race([map.waitFor().catch(() => undefined), skip.waitFor().catch(() => undefined)]);
    if (await skip.waitFor({ timeout: 3_000 }).then(() => true, () => false)) await skip.click();
    await map.waitFor();

    await page.goto(`${server.url}/settings/data/manage-forms`);
    await page.getByTestId('forms-empty').waitFor();

    // New form: Save only once a name and both files are there.
    await page.getByTestId('forms-add').click();
    const save = page.getByTestId('form-save');
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('form-name').fill('Inspection');
    await page.getByTestId('form-description').fill('Manhole inspection sheet');
    await page.getByTestId('form-html-file').setInputFiles({ name: 'inspection.html', mimeType: 'text/html', buffer: Buffer.from(HTML) });
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('form-js-file').setInputFiles({ name: 'inspection.js', mimeType: 'text/javascript', buffer: Buffer.from(JS) });
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain(en['app.forms.message.created']);

    const row = page.getByTestId('form-row-Inspection');
    await row.waitFor();
    await row.getByTestId('form-expand').click();
    expect(await page.getByTestId('form-detail-description').textContent()).toBe('Manhole inspection sheet');

    // A second form of the same name: the server's message is shown translated.
    await page.getByTestId('forms-add').click();
    await page.getByTestId('form-name').fill('INSPECTION');
    await page.getByTestId('form-html-file').setInputFiles({ name: 'a.html', mimeType: 'text/html', buffer: Buffer.from(HTML) });
    await page.getByTestId('form-js-file').setInputFiles({ name: 'a.js', mimeType: 'text/javascript', buffer: Buffer.from(JS) });
    await save.click();
    await expect.poll(() => page.getByTestId('form-save-error').textContent()).toBe(en['app.form.name.exists']);
    await page.getByTestId('form-cancel').click();

    // Grant it to the project in the Projects tab.
    await row.getByTestId('form-edit').click();
    await page.getByTestId('form-tab-projects').click();
    const box = page.getByTestId(`form-project-${projectName}`);
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain(en['app.forms.permissions.updated']);
    await expect.poll(() => box.isChecked()).toBe(true);

    const forms = await server.db.selectFrom('forms').select('id').where('name', '=', 'Inspection').execute();
    expect(forms).toHaveLength(1);
    const formId = forms[0].id;
    const layerOf = () =>
      server.db.selectFrom('layers').innerJoin('folders', 'folders.id', 'layers.folder_id')
        .select(['layers.is_active', 'folders.folder_type', 'layers.project_id'])
        .where('layers.reference_id', '=', formId).executeTakeFirst();
    const layer = await layerOf();
    expect(layer).toMatchObject({ is_active: true, folder_type: '2', project_id: projectId });

    // The preview is the rendered form in a sandboxed iframe; its script ran.
    const preview = page.getByTestId('form-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    expect(await preview.getAttribute('src')).toBeNull();
    await expect.poll(() => page.frameLocator('[data-testid="form-preview"]').locator('#status').textContent()).toBe('ready');

    // Unticking withdraws the permission and disables the layer.
    await box.uncheck();
    await expect.poll(async () => (await layerOf())?.is_active).toBe(false);
    await expect.poll(() => box.isChecked()).toBe(false);
    await page.getByTestId('form-close').click();

    // Usable at 390 px: nothing wider than the screen, the edit dialog full screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.getByTestId('form-edit').click();
    await page.getByTestId('form-name').waitFor();
    await page.screenshot({ path: '/tmp/forms-phone.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('form-cancel').click();

    // Delete with confirmation.
    await row.getByTestId('form-delete').click();
    await page.getByTestId('form-delete-dialog').getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('forms-empty').waitFor();
    expect(await server.db.selectFrom('forms').select('id').where('id', '=', formId).execute()).toHaveLength(0);
  });

  async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
});

const HTML = `<!doctype html>
<html><head><title>Inspection</title></head>
<body><form><label>Depth <input name="depth" type="number"></label></form><p id="status">loading</p></body></html>
`;

const JS = `document.getElementById('status').textContent = 'ready';\n`;
