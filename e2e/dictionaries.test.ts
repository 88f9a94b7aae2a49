import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../web/src/i18n/dictionaries/en.json' with { type: 'json' };
import { startApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, newContext } from './support/browser.js';
import { TestMailServer } from './support/mail-server.js';

/**
 * Data dictionaries in a real browser (spec 2 §2–§6): an organization admin creates a dictionary
 * from the APWA template, adds a system and a Line component with a pick list attribute and a Date
 * attribute defaulting to @today_date, reorders systems by keyboard dragging, copies and deletes a
 * dictionary, sees a project block deleting; a viewer then gets read-only screens.
 */
describe('data dictionaries', () => {
  let mail: TestMailServer;
  let server: RunningApp;
  let browser: Browser;
  const stamp = Date.now();
  const password = 'Dict-adm1n!';
  const admin = { email: `dora.${stamp}@dict.test`, company: `Dictionaries ${stamp}` };
  const viewer = `vic.${stamp}@dict.test`;
  const viewerPassword = 'View-0nly!';
  const dictionaryName = 'Field Utilities';
  const contexts: BrowserContext[] = [];
  let page: Page;

  beforeAll(async () => {
    mail = new TestMailServer();
    server = await startApp({ smtpUrl: await mail.start() });
    browser = await launchBrowser();
    await signUpByApi(admin.email, admin.company);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  /** An English message with its {placeholders} filled. */
  const msg = (id: keyof typeof en, values: Record<string, string> = {}) =>
    Object.entries(values).reduce((text, [k, v]) => text.replace(`{${k}}`, v), en[id] as string);
  const snackbar = (p: Page) => p.getByTestId('snackbar');
  /** Polls longer than the default second: saving goes to the server and back. */
  const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });
  const systemNames = (p: Page) =>
    p.getByTestId('system-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));

  it('creates a dictionary from the APWA template and opens it', async () => {
    page = await openPage();
    await signIn(page, admin.email, password);
    await page.goto(`${server.url}/settings/data/dictionary`);
    await page.getByTestId('dictionary-get-started').click();
    await page.getByTestId('create-dictionary-name').fill(dictionaryName);
    expect(await page.getByTestId('create-dictionary-submit').isDisabled()).toBe(true);
    await page
      .getByTestId('create-dictionary-template')
      .selectOption({ label: 'Utility Locating (APWA Uniform Color Code)' });
    await page.getByTestId('create-dictionary-submit').click();
    await page.waitForURL(/\/settings\/data\/dictionary\/view$/);
    await eventually(() => page.getByTestId('dictionary-name').textContent()).toBe(dictionaryName);
    await eventually(() => snackbar(page).textContent()).toContain(
      msg('app.dictionary.created.success', { name: dictionaryName }),
    );
    expect((await systemNames(page)).slice(0, 2)).toEqual(['Electric', 'Gas / Oil / Steam']);
    expect(await page.getByTestId('dictionary-readonly').count()).toBe(0);
  });

  it('adds a system with a validated colour', async () => {
    await page.getByTestId('systems-add').click();
    await page.getByTestId('system-name').fill('electric');
    await page.getByTestId('system-name').blur();
    await eventually(() => page.getByTestId('system-dialog').textContent()).toContain(
      en['app.dictionary.system.existed'],
    );
    await page.getByTestId('system-name').fill('Fiber Optic');
    await page.getByTestId('system-color-hex').fill('00AA6');
    await eventually(() => page.getByTestId('system-dialog').textContent()).toContain(
      en['app.dictionary.color.invalid-hex'],
    );
    expect(await page.getByTestId('system-save').isDisabled()).toBe(true);
    await page.getByTestId('system-color-hex').fill('00AA66');
    await page.getByTestId('system-save').click();
    await eventually(() => snackbar(page).textContent()).toContain(
      msg('app.dictionary.system.created', { name: 'Fiber Optic' }),
    );
    await eventually(() => page.getByTestId('components-system').textContent()).toContain('Fiber Optic');
    expect((await systemNames(page)).at(-1)).toBe('Fiber Optic');
  });

  it('adds a Line component with a pick list attribute and a Date attribute defaulting to @today_date', async () => {
    await page.getByTestId('component-add').click();
    await page.getByTestId('component-alias').fill('Fiber Cable');
    await page.getByTestId('component-type-Line').check();

    await page.getByTestId('attribute-add').click();
    await page.getByTestId('attribute-name').fill('Cable Type');
    await page.getByTestId('attribute-type').selectOption({ label: en['app.dictionary.type.pick-list'] });
    // A pick list needs a value before the attribute can be applied.
    expect(await page.getByTestId('attribute-apply').isDisabled()).toBe(true);
    await page.getByTestId('attribute-values-new').fill('Single mode');
    await page.getByTestId('attribute-values-new').press('Enter');
    await page.getByTestId('attribute-values-new').fill('single MODE');
    await eventually(() => page.getByTestId('attribute-values').textContent()).toContain(
      en['app.dictionary.picklist.value-exists'],
    );
    await page.getByTestId('attribute-values-new').fill('Multi mode');
    await page.getByTestId('attribute-values-add').click();
    await page.getByTestId('attribute-default').selectOption('Multi mode');
    await page.getByTestId('attribute-required').check();
    await page.getByTestId('attribute-apply').click();

    await page.getByTestId('attribute-add').click();
    await page.getByTestId('attribute-name').fill('cable type');
    await page.getByTestId('attribute-name').blur();
    await eventually(() => page.getByTestId('attribute-dialog').textContent()).toContain(
      en['app.dictionary.attribute.name-exists'],
    );
    await page.getByTestId('attribute-name').fill('Installed');
    await page.getByTestId('attribute-type').selectOption({ label: en['app.dictionary.type.date'] });
    await page.getByTestId('attribute-helper-today-date').check();
    expect(await page.getByTestId('attribute-default-token').isDisabled()).toBe(true);
    expect(await page.getByTestId('attribute-default').count()).toBe(0);
    await page.getByTestId('attribute-apply').click();

    expect(
      await page.getByTestId('attribute-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name'))),
    ).toEqual(['Cable Type', 'Installed']);
    await page.getByTestId('component-save').click();
    await eventually(() => snackbar(page).textContent()).toContain(
      msg('app.dictionary.component.created', { name: 'Fiber Cable' }),
    );

    const row = page.getByTestId('component-row').filter({ hasText: 'Fiber Cable' });
    expect(await row.getByTestId('component-type-text').textContent()).toContain(en['app.dictionary.type.line']);
    await row.getByTestId('component-expand').click();
    const installed = row.getByTestId('attribute-table-row').filter({ hasText: 'Installed' });
    await eventually(() => installed.getByTestId('attribute-table-default').textContent()).toContain('@today_date');

    // What the server stored: the attributes in order, the Date default token, the pick list values.
    const stored = await server.db
      .selectFrom('attributes')
      .innerJoin('components', 'components.id', 'attributes.component_id')
      .leftJoin('pick_lists', 'pick_lists.id', 'attributes.pick_list_id')
      .select([
        'attributes.name',
        'attributes.default_value',
        'attributes.required',
        'attributes.sort_order',
        'pick_lists.id as list',
      ])
      .where('components.alias', '=', 'Fiber Cable')
      .orderBy('attributes.sort_order')
      .execute();
    expect(stored.map((a) => [a.name, a.default_value, a.required])).toEqual([
      ['Cable Type', 'Multi mode', true],
      ['Installed', '@today_date', false],
    ]);
    const values = await server.db
      .selectFrom('pick_list_values')
      .select('value')
      .where('pick_list_id', '=', stored[0].list!)
      .orderBy('sort_order')
      .execute();
    expect(values.map((v) => v.value)).toEqual(['Single mode', 'Multi mode']);
  });

  it('reorders systems by keyboard dragging', async () => {
    const handle = page.getByTestId('system-row').first().getByTestId('system-handle');
    await handle.focus();
    // dnd-kit measures the rows between key presses; give each step a frame or two.
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(200);
    }
    await eventually(() => snackbar(page).textContent()).toContain(en['app.dictionary.systems.reordered']);
    await eventually(async () => (await systemNames(page)).slice(0, 2)).toEqual(['Gas / Oil / Steam', 'Electric']);
    await page.reload();
    await eventually(async () => (await systemNames(page)).slice(0, 2)).toEqual(['Gas / Oil / Steam', 'Electric']);
  });

  it('copies a dictionary, deletes the copy, and cannot delete one a project uses', async () => {
    await page.getByTestId('dictionary-copy').click();
    expect(await page.getByTestId('create-dictionary-name').inputValue()).toBe(`${dictionaryName}-copy`);
    expect(await page.getByTestId('create-dictionary-template').count()).toBe(0);
    await page.getByTestId('create-dictionary-submit').click();
    await eventually(() => page.getByTestId('dictionary-name').textContent()).toBe(`${dictionaryName}-copy`);

    const original = await server.db
      .selectFrom('dictionaries')
      .select(['id', 'organization_id'])
      .where('name', '=', dictionaryName)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('projects')
      .values({ organization_id: original.organization_id!, name: 'Main Street', dictionary_id: original.id })
      .execute();

    await page.goto(`${server.url}/settings/data/dictionary/company`);
    const rowOf = (name: string) =>
      page.getByTestId('company-list').locator(`[data-testid="dictionary-row"][data-name="${name}"]`);
    await rowOf(`${dictionaryName}-copy`).getByTestId('dictionary-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await eventually(() => snackbar(page).textContent()).toContain(en['app.dictionary.deleted.success']);
    await eventually(() => rowOf(`${dictionaryName}-copy`).count()).toBe(0);
    expect(await rowOf(dictionaryName).getByTestId('dictionary-delete').isDisabled()).toBe(true);
    const project = page.getByTestId('project-row').filter({ hasText: 'Main Street' });
    expect(await project.getByTestId('project-dictionary').textContent()).toContain(dictionaryName);
    // The provider templates are collapsed by default; the projects section is open.
    expect(await page.getByTestId('company-provider-section-toggle').getAttribute('aria-expanded')).toBe('false');
    await project.click();
    await eventually(() => page.getByTestId('dictionary-name').textContent()).toBe(dictionaryName);
  });

  it('gives a viewer read-only dictionary screens', async () => {
    const token = await apiSignIn(admin.email, password);
    const added = await fetch(`${server.url}/rest/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: viewer, firstName: 'Vic', lastName: 'Viewer', userType: '0001' }),
    });
    expect(added.status).toBe(201);
    const link = await waitForLink(viewer);
    const v = await openPage({ phone: true });
    const before = mail.countTo(viewer);
    await v.goto(`${server.url}${link}`);
    await v.getByTestId('new-password').fill(viewerPassword);
    await v.getByTestId('new-password-confirm').fill(viewerPassword);
    await v.getByTestId('new-password-submit').click();
    await v.waitForURL(/\/verify-email$/);
    await v.getByTestId('verify-code').fill(await mail.waitForCode(viewer, before));
    await v.getByTestId('verify-submit').click();
    await v.getByTestId('eula-agree').click();
    await v.getByTestId('map').waitFor();

    await v.goto(`${server.url}/settings/data/dictionary`);
    await v.getByTestId('dictionary-admin-note').waitFor();
    expect(await v.getByTestId('dictionary-get-started').count()).toBe(0);
    await v.getByTestId('dictionary-link-company').click();
    await v.getByTestId('company-list').waitFor();
    expect(await v.getByTestId('company-add').count()).toBe(0);
    expect(await v.getByTestId('dictionary-delete').count()).toBe(0);
    await v.getByTestId('company-list').getByTestId('dictionary-open').first().click();

    await v.getByTestId('dictionary-readonly').waitFor();
    await v.getByTestId('component-row').first().waitFor();
    // Narrow screen: a breadcrumb and a system select instead of the side list.
    expect(await v.getByTestId('dictionary-breadcrumbs').isVisible()).toBe(true);
    expect(await v.getByTestId('systems-select').isVisible()).toBe(true);
    for (const id of [
      'dictionary-rename',
      'dictionary-copy',
      'systems-add',
      'system-menu',
      'system-handle',
      'component-add',
      'component-menu',
      'component-handle',
    ]) {
      expect([id, await v.getByTestId(id).count()]).toEqual([id, 0]);
    }
    expect(await v.getByTestId('dictionary-picklists').textContent()).toBe(en['app.dictionary.picklists.view']);
    await v.getByTestId('component-row').first().getByTestId('component-expand').click();
    await v.getByTestId('attribute-table').first().waitFor();

    await v.getByTestId('dictionary-picklists').click();
    await v.getByTestId('picklist-row').first().waitFor();
    expect(await v.getByTestId('picklist-add').count()).toBe(0);
    expect(await v.getByTestId('picklist-delete').count()).toBe(0);
    await v.getByTestId('picklist-edit').first().click();
    await v.getByTestId('picklist-edit-dialog').waitFor();
    expect(await v.getByTestId('picklist-save').count()).toBe(0);
    expect(await v.getByTestId('picklist-values-new').count()).toBe(0);
    expect(await v.getByTestId('picklist-name').isDisabled()).toBe(true);

    // The view needs its dictionary in navigation state: a bare visit (new tab) goes to the company list.
    const bare = await v.context().newPage();
    await bare.goto(`${server.url}/settings/data/dictionary/view`);
    await bare.waitForURL(/\/settings\/data\/dictionary\/company$/);
  });

  // ---- helpers ------------------------------------------------------------------------------

  async function openPage(options: { phone?: boolean } = {}): Promise<Page> {
    const context = await newContext(browser, options);
    contexts.push(context);
    return context.newPage();
  }

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function signUpByApi(email: string, company: string) {
    const signup = await post('/auth/signup', {
      email,
      password,
      given_name: 'Dora',
      family_name: 'Admin',
      phone_number: '+12025550143',
      company_name: company,
    });
    expect(signup.status).toBe(200);
    const confirmed = await post('/auth/confirm-signup', { email, code: await mail.waitForCode(email) });
    expect(confirmed.status).toBe(200);
  }

  async function apiSignIn(email: string, pass: string): Promise<string> {
    const res = await post('/auth/signin', { email, password: pass });
    expect(res.status).toBe(200);
    return ((await res.json()) as { idToken: string }).idToken;
  }

  /** Signs in through the UI, accepts the EULA and skips the first-run guide if it shows. */
  async function signIn(p: Page, email: string, pass: string) {
    await p.goto(`${server.url}/signin`);
    await p.getByTestId('signin-email').fill(email);
    await p.getByTestId('signin-password').fill(pass);
    await p.getByTestId('signin-submit').click();
    const agree = p.getByTestId('eula-agree');
    const map = p.getByTestId('map');
    await Promise.race([agree.waitFor().catch(() => undefined), map.waitFor().catch(() => undefined)]);
    if (await agree.isVisible()) await agree.click();
    await map.waitFor();
    const skip = p.getByTestId('getting-started-skip');
    if (
      await skip.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      await skip.click();
  }

  /** The /verifyme path of the last invitation to the address (the HTML part is quoted-printable). */
  async function waitForLink(email: string): Promise<string> {
    let path: string | undefined;
    await expect
      .poll(
        () => {
          const raw = mail.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? '';
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          path = text.match(/\/verifyme\/[^\s"<>]+/)?.[0];
          return path;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBeTruthy();
    return path as string;
  }
});
