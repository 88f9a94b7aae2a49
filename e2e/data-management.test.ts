import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import en from '../web/src/i18n/data/en.json' with { type: 'json' };
import { solidPng } from './support/map-service.js';
import { firstDictionaryId } from './support/projects.js';
import { addMemberByApi, signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * Data management in a real browser (spec 2 §2 Symbology, Styles, Manage sites, Manage clients): an
 * organization admin uploads a symbol and an SLD style, edits and saves the style, adds a site
 * calibration from an EPSG code with a helmert transformation, creates a client key and copies an
 * endpoint; a viewer then sees the same screens read-only.
 */
describe('data management: symbols, styles, sites and client keys', () => {
  let env: MapEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Dora', company: 'Delta', password: 'Data-adm1n!' });
  });
  afterAll(async () => {
    await env?.stop();
  });

  const snackbar = (p: Page) => p.getByTestId('snackbar');

  it('uploads a symbol, refusing a name that is taken', async () => {
    page = await openPage();
    await signIn(page, env.server, env.admin);
    await page.goto(`${env.server.url}/settings/data/symbology`);
    await page.getByTestId('symbols-empty').waitFor();

    await page.getByTestId('symbols-add').click();
    expect(await page.getByTestId('symbol-save').isDisabled()).toBe(true);
    await page.getByTestId('symbol-name').fill('Manhole');
    // The wrong kind of file is refused before anything is sent.
    await page
      .getByTestId('symbol-file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await page.getByTestId('symbol-file-status').textContent()).toBe(en['app.data.symbol.image.bad-type']);
    expect(await page.getByTestId('symbol-save').isDisabled()).toBe(true);
    await page
      .getByTestId('symbol-file')
      .setInputFiles({ name: 'manhole.png', mimeType: 'image/png', buffer: solidPng('#c82828', 16) });
    await page.getByTestId('symbol-preview').waitFor();
    await page.getByTestId('symbol-save').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.data.symbol.message.created']);
    const row = page.getByTestId('symbol-row-Manhole');
    await row.waitFor();
    expect(await row.getByTestId('symbol-cell-format').textContent()).toBe('PNG');
    // The image is really stored and served (it loads in the table).
    await expect
      .poll(() => row.getByTestId('symbol-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(16);

    await row.getByTestId('symbol-expand').click();
    expect(await page.getByTestId('symbol-detail-original-name').textContent()).toBe('manhole.png');

    // The same name in other letters is taken: the live check says so and Save stays off.
    await page.getByTestId('symbols-add').click();
    await page.getByTestId('symbol-name').fill('  MANHOLE ');
    await page
      .getByTestId('symbol-file')
      .setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: solidPng('#0000c8', 16) });
    await page.getByText(en['app.data.symbol.name.exists']).waitFor();
    expect(await page.getByTestId('symbol-save').isDisabled()).toBe(true);
    await page.getByTestId('symbol-cancel').click();

    // The delete dialog says how many components use the symbol.
    await row.getByTestId('symbol-delete').click();
    await expect.poll(() => page.getByTestId('symbol-usage').textContent()).toBe('No component uses this symbol.');
    await page.getByTestId('symbol-delete-dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('uploads an SLD style, refuses duplicates and empty files, edits and saves it', async () => {
    await page.goto(`${env.server.url}/settings/data/style`);
    await page.getByTestId('styles-none').waitFor();

    await page.getByTestId('styles-add').click();
    await page
      .getByTestId('style-upload-input')
      .setInputFiles({ name: 'manholes.sld', mimeType: 'application/xml', buffer: Buffer.from(SLD) });
    expect(await page.getByTestId('style-upload-file').textContent()).toBe('manholes.sld');
    await page.getByTestId('style-upload-submit').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.data.style.message.uploaded']);
    const row = page.getByTestId('style-row-manholes');
    await row.waitFor();
    expect(await row.getByTestId('style-cell-format').textContent()).toBe(en['app.data.style.format.sld']);

    await page.getByTestId('styles-add').click();
    // The reserved leaders style is ignored without a word; the dialog stays empty.
    await page
      .getByTestId('style-upload-input')
      .setInputFiles({ name: 'Leaders.css', mimeType: 'text/css', buffer: Buffer.from('* {}') });
    expect(await page.getByTestId('style-upload-file').count()).toBe(0);
    await page
      .getByTestId('style-upload-input')
      .setInputFiles({ name: 'MANHOLES.sld', mimeType: 'application/xml', buffer: Buffer.from(SLD) });
    expect(await page.getByTestId('style-upload-error').textContent()).toBe(en['app.data.style.exists']);
    expect(await page.getByTestId('style-upload-submit').isDisabled()).toBe(true);
    await page
      .getByTestId('style-upload-input')
      .setInputFiles({ name: 'empty.css', mimeType: 'text/css', buffer: Buffer.alloc(0) });
    expect(await page.getByTestId('style-upload-error').textContent()).toBe(en['app.data.style.empty-file']);
    expect(await page.getByTestId('style-upload-submit').isDisabled()).toBe(true);
    await page.getByTestId('style-upload-cancel').click();

    // The editor: Save only once the text differs from what was saved.
    await row.getByTestId('style-edit').click();
    await page.waitForURL(/\/settings\/data\/style\/edit$/);
    const editor = page.getByTestId('style-editor-content');
    await editor.waitFor();
    expect(await page.getByTestId('style-save').isDisabled()).toBe(true);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('<!-- checked -->');
    expect(await page.getByTestId('style-save').isDisabled()).toBe(false);
    await page.getByTestId('style-save').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.data.style.message.saved']);
    await expect.poll(() => page.getByTestId('style-save').isDisabled()).toBe(true);
    const styles = await env.api<Array<{ id: string; name: string }>>('GET', '/rest/styles');
    const saved = await fetch(`${env.server.url}/rest/styles/geo/${styles[0].id}`, {
      headers: { authorization: `Bearer ${env.admin.token}` },
    }).then((r) => r.text());
    expect(saved.trimEnd().endsWith('<!-- checked -->')).toBe(true);

    // Broken XML: the server's 400 is shown translated; deleting it again makes the text clean.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('<broken');
    await page.getByTestId('style-save-icon').click();
    await expect.poll(() => page.getByTestId('style-save-error').textContent()).toBe(en['app.data.style.bad-xml']);
    await editor.click();
    await page.keyboard.press('Control+End');
    for (let i = 0; i < '<broken'.length; i++) await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByTestId('style-save').isDisabled()).toBe(true);

    await page.getByTestId('style-cancel').click();
    await page.waitForURL(/\/settings\/data\/style$/);
    // Without a style in navigation state the editor sends the user back to the list.
    await page.goto(`${env.server.url}/settings/data/style/edit`);
    await page.waitForURL(/\/settings\/data\/style$/);
  });

  it('adds a site calibration from an EPSG code with a helmert transformation', async () => {
    await page.goto(`${env.server.url}/settings/data/manage-sites`);
    await page.getByTestId('sites-none').waitFor();
    await page.getByTestId('sites-add').click();
    await page.getByTestId('site-name').fill('LA basin');
    await page.getByTestId('site-crs').fill('2229');
    await page.getByTestId('site-crs-option-2229').click();
    expect(await page.getByTestId('site-wkt').inputValue()).toContain('NAD83 / California zone 5 (ftUS)');
    await page.getByTestId('site-transformation').check();
    expect(await page.getByTestId('site-save').isDisabled()).toBe(true);
    await page.getByTestId('site-x').fill('1.5');
    await page.getByTestId('site-y').fill('-2.25');
    await page.getByTestId('site-s').fill('1.0000012');
    await page.getByTestId('site-theta').fill('0.5');
    await page.getByTestId('site-save').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.site.message.created']);
    await page.getByTestId('site-row-LA basin').waitFor();
    const [site] = await env.api<Array<{ id: string; name: string; proj: string | null }>>('GET', '/rest/site');
    // Theta is stored in arc-seconds: 0.5° × 3600.
    expect(site.proj).toBe('+proj=helmert +convention=coordinate_frame +x=1.5 +y=-2.25 +s=1.0000012 +theta=1800');

    // A WKT the coordinate service cannot use is refused with app.site.wkt.error; editing reads the parameters back.
    await page.getByTestId('site-row-LA basin').getByTestId('site-edit').click();
    expect(await page.getByTestId('site-theta').inputValue()).toBe('0.5');
    await page.getByTestId('site-wkt').fill('PROJCS["nowhere",UNIT["metre",1]]');
    await page.getByTestId('site-save').click();
    await page.getByTestId('site-dialog').getByText(en['app.site.wkt.error']).first().waitFor();
    expect(await page.getByTestId('site-save').isDisabled()).toBe(true);
    await page.getByTestId('site-cancel').click();

    // A calibration assigned to a project cannot be deleted.
    const projectId = await createProject('North Yard', site.id);
    expect(projectId).toBeTruthy();
    await page.reload();
    const row = page.getByTestId('site-row-LA basin');
    await expect.poll(() => row.getByTestId('site-delete').isDisabled()).toBe(true);
    expect(
      await page.getByTestId('site-project-North Yard').getByTestId('site-project-calibration').textContent(),
    ).toBe('LA basin');
  });

  it('creates a client key, shows it once and copies an endpoint', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await page.goto(`${env.server.url}/settings/data/manage-clients`);
    await page.getByTestId('client-keys-none').waitFor();
    await page.getByTestId('clients-add').click();
    expect(await page.getByTestId('client-key-create').isDisabled()).toBe(true);
    await page.getByTestId('client-key-user').click();
    await page.getByTestId(`client-key-user-option-${env.admin.email}`).click();
    await page.getByTestId('client-key-create').click();
    const key = page.getByTestId('client-key-created-key');
    await key.waitFor();
    expect(await key.inputValue()).toMatch(/^fbk_/);
    await page.getByTestId('client-key-created-key-copy').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.client.endpoint.copy.ok']);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await key.inputValue());
    await page.getByTestId('client-key-done').click();
    await page.getByTestId(`client-key-row-${env.admin.email}`).waitFor();

    const project = page.getByTestId('client-project-North Yard');
    await project.getByTestId('client-project-toggle').click();
    const wfs = await project.getByTestId('client-endpoint-wfs').inputValue();
    expect(wfs).toMatch(/\/rest\/projects\/ogc\/[0-9a-f-]{36}\/wfs$/);
    expect(await project.getByTestId('client-endpoint-wms').inputValue()).toBe(wfs.replace(/wfs$/, 'wms'));
    await project.getByTestId('client-endpoint-wfs-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(wfs);
  });

  it('shows a viewer the lists and the style read-only', async () => {
    const viewer = await addMemberByApi(env, { given: 'Vic', userType: '0001' });
    const view = await openPage({ phone: true });
    await signIn(view, env.server, viewer);

    await view.goto(`${env.server.url}/settings/data/symbology`);
    const row = view.getByTestId('symbol-row-Manhole');
    await row.waitFor();
    expect(await view.getByTestId('symbols-add').count()).toBe(0);
    expect(await row.getByTestId('symbol-edit').count()).toBe(0);

    await view.goto(`${env.server.url}/settings/data/style`);
    const style = view.getByTestId('style-row-manholes');
    await style.waitFor();
    expect(await view.getByTestId('styles-add').count()).toBe(0);
    expect(await style.getByTestId('style-delete').count()).toBe(0);
    await style.getByTestId('style-view').click();
    const editor = view.getByTestId('style-editor-content');
    await editor.waitFor();
    await view.getByTestId('style-read-only').waitFor();
    expect(await editor.getAttribute('contenteditable')).toBe('false');
    expect(await view.getByTestId('style-save').isDisabled()).toBe(true);

    await view.goto(`${env.server.url}/settings/data/manage-sites`);
    await view.getByTestId('site-row-LA basin').waitFor();
    expect(await view.getByTestId('sites-add').count()).toBe(0);
    expect(await view.getByTestId('site-edit').count()).toBe(0);

    // Client keys are for organization admins only.
    await view.goto(`${env.server.url}/settings/data/manage-clients`);
    await view.waitForURL(/\/index\.html$/);
  });

  // ---- helpers ------------------------------------------------------------------------------

  async function openPage(options: { phone?: boolean } = {}): Promise<Page> {
    const p = await env.page(options);
    await bridgePublicUrl(p.context());
    return p;
  }

  /**
   * The test server's public URL (in symbol image URLs and upload postUrls) is the default
   * http://localhost:8080, not the port it listens on: those requests are passed to the real port.
   */
  async function bridgePublicUrl(context: BrowserContext) {
    await context.route(/^http:\/\/localhost:8080\//, async (route) => {
      const request = route.request();
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, PUT, OPTIONS',
        'access-control-allow-headers': 'content-type',
      };
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      const response = await route.fetch({ url: request.url().replace('http://localhost:8080', env.server.url) });
      return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
    });
  }

  /** A project on the first dictionary the organization can use, with the calibration assigned. */
  async function createProject(name: string, siteId: string): Promise<string> {
    const dataDictionaryId = await firstDictionaryId(env);
    const project = await env.api<{ id: string }>('POST', '/rest/projects', { name, dataDictionaryId });
    await env.api('PUT', '/rest/projects', { id: project.id, name, dataDictionaryId, proj: { id: siteId } });
    return project.id;
  }
});

const SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld">
  <NamedLayer>
    <Name>manholes</Name>
    <UserStyle>
      <FeatureTypeStyle>
        <Rule>
          <PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName></Mark><Size>8</Size></Graphic></PointSymbolizer>
        </Rule>
      </FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;
