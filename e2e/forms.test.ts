import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/forms/en.json' with { type: 'json' };
import { firstDictionaryId } from './support/projects.js';
import { signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * Forms administration in a real browser (spec 2 §2 Forms administration, §4 Form permission toggle):
 * an organization admin uploads an HTML form with its script, grants it to a project in the
 * Projects tab (which creates the project's forms layer), sees the sandboxed preview, withdraws it
 * again (the layer is disabled) and deletes the form.
 */
describe('forms administration', () => {
  let env: MapEnv;
  let page: Page;
  let projectId: string;
  const projectName = `Survey ${Date.now()}`;

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Fran', company: 'Forms', password: 'Field-b00k!' });
    projectId = (
      await env.api<{ id: string }>('POST', '/rest/projects', {
        name: projectName,
        dataDictionaryId: await firstDictionaryId(env),
      })
    ).id;
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('uploads a form, grants it to a project (creating its forms layer), withdraws and deletes it', async () => {
    page = await env.page();
    await signIn(page, env.server, env.admin);

    await page.goto(`${env.server.url}/settings/data/manage-forms`);
    await page.getByTestId('forms-empty').waitFor();

    // New form: Save only once a name and both files are there.
    await page.getByTestId('forms-add').click();
    const save = page.getByTestId('form-save');
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('form-name').fill('Inspection');
    await page.getByTestId('form-description').fill('Manhole inspection sheet');
    await page
      .getByTestId('form-html-file')
      .setInputFiles({ name: 'inspection.html', mimeType: 'text/html', buffer: Buffer.from(HTML) });
    expect(await save.isDisabled()).toBe(true);
    await page
      .getByTestId('form-js-file')
      .setInputFiles({ name: 'inspection.js', mimeType: 'text/javascript', buffer: Buffer.from(JS) });
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
    await page
      .getByTestId('form-html-file')
      .setInputFiles({ name: 'a.html', mimeType: 'text/html', buffer: Buffer.from(HTML) });
    await page
      .getByTestId('form-js-file')
      .setInputFiles({ name: 'a.js', mimeType: 'text/javascript', buffer: Buffer.from(JS) });
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

    const forms = await env.server.db.selectFrom('forms').select('id').where('name', '=', 'Inspection').execute();
    expect(forms).toHaveLength(1);
    const formId = forms[0].id;
    const layerOf = () =>
      env.server.db
        .selectFrom('layers')
        .innerJoin('folders', 'folders.id', 'layers.folder_id')
        .select(['layers.is_active', 'folders.folder_type', 'layers.project_id'])
        .where('layers.reference_id', '=', formId)
        .executeTakeFirst();
    const layer = await layerOf();
    expect(layer).toMatchObject({ is_active: true, folder_type: '2', project_id: projectId });

    // The preview is the rendered form in a sandboxed iframe, loaded from a signed URL with its own
    // policy (a srcdoc frame would inherit the app's, which forbids inline script); its script ran.
    const preview = page.getByTestId('form-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    expect(await preview.getAttribute('src')).toMatch(/^\/rest\/forms\/view\//);
    await expect
      .poll(() => page.frameLocator('[data-testid="form-preview"]').locator('#status').textContent())
      .toBe('ready');

    // Unticking withdraws the permission and disables the layer.
    await box.uncheck();
    await expect.poll(async () => (await layerOf())?.is_active).toBe(false);
    await expect.poll(() => box.isChecked()).toBe(false);
    await page.getByTestId('form-close').click();

    // Usable at 390 px: nothing wider than the screen, the edit dialog full screen.
    // (polled: the closing detail panel and the layout of the narrower page settle after a few frames)
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.getByTestId('form-edit').click();
    await page.getByTestId('form-name').waitFor();
    await page.screenshot({ path: '/tmp/forms-phone.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('form-cancel').click();

    // Delete with confirmation.
    await row.getByTestId('form-delete').click();
    await page.getByTestId('form-delete-dialog').getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('forms-empty').waitFor();
    expect(await env.server.db.selectFrom('forms').select('id').where('id', '=', formId).execute()).toHaveLength(0);
  });
});

const HTML = `<!doctype html>
<html><head><title>Inspection</title></head>
<body><form><label>Depth <input name="depth" type="number"></label></form><p id="status">loading</p></body></html>
`;

const JS = `document.getElementById('status').textContent = 'ready';\n`;
