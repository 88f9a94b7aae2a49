import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../web/src/i18n/en.json' with { type: 'json' };
import es from '../web/src/i18n/es.json' with { type: 'json' };
import zh from '../web/src/i18n/zh.json' with { type: 'json' };
import { startApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, newContext } from './support/browser.js';
import { TestMailServer } from './support/mail-server.js';

/**
 * The foundation journey of a new customer: sign up through the UI, confirm with the code that
 * arrives by SMTP, accept the EULA, change theme and name, change the password, sign out, recover the
 * password, and use the app in Spanish and Chinese and on a phone.
 */
describe('foundation: sign-up to settings in a real browser', () => {
  let mail: TestMailServer;
  let server: RunningApp;
  let browser: Browser;
  const email = `ada.${Date.now()}@example.test`;
  let password = 'Field-b00k!';

  beforeAll(async () => {
    mail = new TestMailServer();
    server = await startApp({ smtpUrl: await mail.start() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  const snackbar = (page: Page) => page.getByTestId('snackbar');

  it('signs up, confirms with the mailed code, accepts the EULA and reaches the map', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/signin$/);
    await page.getByRole('link', { name: en['app.signin.signup-link'] }).click();
    await page.getByTestId('signup-email').fill(` ${email.toUpperCase()} `);
    await page.getByTestId('signup-first-name').fill('Ada');
    await page.getByTestId('signup-last-name').fill('Surveyor');
    await page.getByTestId('signup-phone').fill('2025550143');
    await page.getByTestId('signup-company').fill('Survey Co');
    await page.getByTestId('signup-password').fill('weak');
    await expect.poll(() => page.getByText(en['app.password-reqs.length']).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('signup-submit').isDisabled()).toBe(true);
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-confirm-password').fill(password);
    await page.getByTestId('signup-submit').click();

    await page.waitForURL(/\/confirm-signup$/);
    const code = await mail.waitForCode(email);
    await page.getByTestId('confirm-code').fill(code);
    await page.getByTestId('confirm-submit').click();

    await expect
      .poll(() => page.getByTestId('eula-text').textContent(), { timeout: 15_000 })
      .toContain('licence agreement');
    await page.getByTestId('eula-agree').click();
    // A new editor is greeted by the getting-started guide; skipping it is remembered.
    await page.getByTestId('getting-started-skip').click();
    await page.getByTestId('map').waitFor();
    expect(page.url()).toContain('/index.html');
    await page.context().close();
  });

  it('changes theme and name in settings, changes the password and signs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email, password);

    await page.getByTestId('open-settings').click();
    await page.waitForURL(/\/settings\/home$/);
    await page.getByTestId('settings-nav-user-prefs').click();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByTestId('pref-theme-dark').check();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    // Saved to the server 5 s after the last change: a fresh browser shows the dark theme.
    await expect.poll(() => serverPrefs(page), { timeout: 12_000, interval: 500 }).toMatchObject({ theme: 'dark' });

    await page.getByTestId('settings-nav-personal-info').click();
    expect(await page.getByTestId('profile-save').isDisabled()).toBe(true);
    await page.getByTestId('profile-first-name').fill('Grace');
    await page.getByTestId('profile-save').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.profile.update.success']);
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe('Grace');
    expect(await background()).toBe(dark);

    await page.getByTestId('change-password-open').click();
    await page.getByTestId('change-password-current').fill(password);
    await page.getByTestId('change-password-new').fill('nouppercase1!');
    await expect.poll(() => page.getByTestId('password-rules').textContent()).toContain(en['app.password-reqs.upper']);
    await page.getByTestId('change-password-new').fill('Changed-pass1');
    await page.getByTestId('change-password-confirm').fill('Changed-pass1');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.reset-password.success']);
    password = 'Changed-pass1';

    await page.getByTestId('return-to-app').click();
    // The settings page (with its own user menu) stays until the map screen's code has loaded: wait for
    // the map, then for it to settle, so the menu opened is the map screen's.
    await page.getByTestId('map').waitFor();
    await page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-signout').click();
    await page.waitForURL(/\/signin$/);
    await context.close();
  });

  it('recovers a forgotten password with the mailed reset code', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.url}/signin`);
    await page.getByRole('link', { name: en['app.signin.forgot'] }).click();
    const before = mail.countTo(email);
    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL(/\/reset-password$/);
    const code = await mail.waitForCode(email, before);
    await page.getByTestId('reset-code').fill(code);
    await page.getByTestId('reset-password').fill('Recovered-1');
    await page.getByTestId('reset-confirm-password').fill('Recovered-1');
    await page.getByTestId('reset-submit').click();
    await page.waitForURL(/\/signin$/);
    password = 'Recovered-1';
    await signIn(page, email, password);
    await page.context().close();
  });

  it('speaks Spanish and Chinese when the browser does', async () => {
    for (const [locale, catalog] of [
      ['es-ES', es],
      ['zh-CN', zh],
    ] as const) {
      const page = await (await newContext(browser, { locale })).newPage();
      await page.goto(`${server.url}/signin`);
      await page.getByRole('heading', { name: catalog['app.signin.title'] }).waitFor();
      await page.getByTestId('signin-email').fill('nobody@example.test');
      await page.getByTestId('signin-password').fill('Whatever1!');
      await page.getByTestId('signin-submit').click();
      // An unknown address is answered like a wrong password (no account enumeration).
      await expect
        .poll(() => page.getByTestId('form-error').textContent())
        .toContain(catalog['app.incorrect-credentials']);
      await page.context().close();
    }
  });

  it('works at phone width: the settings drawer becomes temporary', async () => {
    const page = await (await newContext(browser, { phone: true })).newPage();
    await signIn(page, email, password);
    await page.goto(`${server.url}/settings/home`);
    await page.getByTestId('settings-menu-button').click();
    await page.getByTestId('settings-nav-personal-info').click();
    await page.getByTestId('profile-first-name').waitFor();
    await page.context().close();
  });

  async function signIn(page: Page, who: string, pass: string) {
    await page.goto(`${server.url}/signin`);
    await page.getByTestId('signin-email').fill(who);
    await page.getByTestId('signin-password').fill(pass);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('map').waitFor();
  }

  async function serverPrefs(page: Page) {
    return page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('fieldbook.session') ?? '{}');
      const res = await fetch('/preferences', { headers: { authorization: `Bearer ${session.idToken}` } });
      return res.json();
    });
  }
});
