import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../web/src/i18n/en.json' with { type: 'json' };
import { startApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, newContext } from './support/browser.js';
import { TestMailServer } from './support/mail-server.js';

/**
 * Organizations, members and sharing in a real browser (spec 1 §2.5–2.7): an admin invites a data
 * collector and an editor, the collector joins through the mailed /verifyme link, the admin changes
 * types and disables/enables with a new invitation, seat limits block adding, two organizations
 * share data through a code, a person of another organization joins by accepting an invitation, and
 * the member table works at phone width.
 */
describe('organizations: members, seats and sharing', () => {
  let mail: TestMailServer;
  let server: RunningApp;
  let browser: Browser;
  const stamp = Date.now();
  const password = 'Org-adm1n!';
  const adminA = { email: `ada.${stamp}@alpha.test`, company: `Alpha ${stamp}` };
  const adminB = { email: `bob.${stamp}@beta.test`, company: `Beta ${stamp}` };
  const collector = `carla.${stamp}@alpha.test`;
  const editor = `eddie.${stamp}@alpha.test`;
  const contexts: BrowserContext[] = [];
  let pageA: Page;

  beforeAll(async () => {
    mail = new TestMailServer();
    server = await startApp({ smtpUrl: await mail.start() });
    browser = await launchBrowser();
    await signUpByApi(adminA.email, adminA.company);
    await signUpByApi(adminB.email, adminB.company);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  const snackbar = (page: Page) => page.getByTestId('snackbar');
  const row = (page: Page, email: string) => page.getByTestId(`member-row-${email}`);
  const membersPath = '/settings/users-and-organization/manage-members';

  it('lets an admin add a data collector and an editor, and the collector joins through the mailed link', async () => {
    pageA = await openPage();
    await signIn(pageA, adminA.email, { guide: true });
    await pageA.goto(`${server.url}${membersPath}`);
    await row(pageA, adminA.email).waitFor();
    expect(await pageA.getByTestId('seat-banner').textContent()).toContain('24 of 25 seats available');

    await addMember(pageA, collector, 'Carla', 'Collector', 'dataCollector');
    await addMember(pageA, editor, 'Eddie', 'Editor', 'editor');
    expect(await row(pageA, collector).getByTestId('member-type').textContent()).toBe(en['app.mm.type.data-collector']);
    expect(await row(pageA, editor).getByTestId('member-type').textContent()).toBe(en['app.mm.type.editor']);
    // The admin cannot act on their own account.
    expect(await row(pageA, adminA.email).getByTestId('member-delete').isDisabled()).toBe(true);
    expect(await row(pageA, adminA.email).getByTestId('member-disable').isDisabled()).toBe(true);

    // The collector opens the invitation link, chooses a password and verifies the e-mail.
    const link = await waitForLink(collector);
    const invited = await openPage();
    await invited.goto(`${server.url}${link}`);
    await invited.getByTestId('new-password').fill('Collect-0r!');
    await invited.getByTestId('new-password-confirm').fill('Collect-0r!');
    await invited.getByTestId('new-password-submit').click();
    await invited.waitForURL(/\/verify-email$/);
    // The page mails a code on arrival (a code mailed earlier is replaced): use the latest.
    await invited.getByText(en['app.verify-email.sent-to'].split('{')[0].trim()).waitFor();
    await invited.getByTestId('verify-code').fill(await mail.waitForCode(collector, mail.countTo(collector) - 1));
    await invited.getByTestId('verify-submit').click();
    await invited.getByTestId('eula-agree').click();
    await invited.getByTestId('map').waitFor();
    expect(invited.url()).toContain('/index.html');
    // A data collector sees no users-and-organization settings.
    await invited.goto(`${server.url}${membersPath}`);
    await invited.waitForURL(/\/index\.html$/);
  });

  it('promotes, demotes, disables and re-enables members with a new invitation', async () => {
    await memberAction(pageA, collector, 'promote');
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.mm.user.promoted.success']);
    await expect
      .poll(() => row(pageA, collector).getByTestId('member-type').textContent())
      .toBe(en['app.mm.type.editor']);

    await memberAction(pageA, collector, 'demote');
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.mm.user.demoted.success']);
    await expect
      .poll(() => row(pageA, collector).getByTestId('member-type').textContent())
      .toBe(en['app.mm.type.data-collector']);
    // The collector chose a password: there is nobody to invite again.
    expect(await row(pageA, collector).getByTestId('member-resend').isDisabled()).toBe(true);

    const mailsToEditor = mail.countTo(editor);
    await memberAction(pageA, editor, 'resend');
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.mm.user.invitation-sent.success']);
    await expect.poll(() => mail.countTo(editor)).toBe(mailsToEditor + 1);

    await memberAction(pageA, editor, 'disable');
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.mm.user.disabled.success']);
    await row(pageA, editor).getByTestId('member-inactive').waitFor();
    expect(await row(pageA, editor).getByTestId('member-edit').isDisabled()).toBe(true);
    await expect.poll(() => pageA.getByTestId('seat-banner').textContent()).toContain('23 of 25 seats available');

    await row(pageA, editor).getByTestId('member-enable').click();
    await pageA.getByTestId('enable-reinvite').check();
    await pageA.getByTestId('confirm-dialog-confirm').click();
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.mm.user.enabled.success']);
    await expect.poll(() => mail.countTo(editor)).toBe(mailsToEditor + 2);
    await expect.poll(() => row(pageA, editor).getByTestId('member-inactive').count()).toBe(0);
  });

  it('blocks adding members and tells why when every seat is taken', async () => {
    await server.db.updateTable('organizations').set({ max_users: 3 }).where('name', '=', adminA.company).execute();
    await pageA.reload();
    await expect.poll(() => pageA.getByTestId('seat-banner').textContent()).toContain('All 3 seats are in use');
    await pageA.getByTestId('seats-in-use').click();
    expect(await pageA.getByTestId('seats-used').textContent()).toBe('3 of 3');
    await pageA.keyboard.press('Escape');

    await pageA.getByTestId('members-add').click();
    expect(await pageA.getByTestId('add-member-no-seat').textContent()).toBe(en['app.mm.no-users-available']);
    expect(await pageA.getByTestId('add-member-save').count()).toBe(0);
    await pageA.keyboard.press('Escape');

    // Room for one more viewer only: the other types cannot be chosen.
    await server.db
      .updateTable('organizations')
      .set({ max_users: null, user_info: JSON.stringify({ viewers: 1, editors: 2, dataCollectors: 1 }) })
      .where('name', '=', adminA.company)
      .execute();
    await pageA.reload();
    await pageA.getByTestId('members-add').click();
    expect(await pageA.getByTestId('add-member-type-viewer').isDisabled()).toBe(false);
    expect(await pageA.getByTestId('add-member-type-editor').isDisabled()).toBe(true);
    expect(await pageA.getByTestId('add-member-type-dataCollector').isDisabled()).toBe(true);
    expect(await pageA.getByTestId('add-member-rtk').isDisabled()).toBe(true);
    await pageA.keyboard.press('Escape');

    // Promoting the collector needs an editor seat: the server says none is free.
    await memberAction(pageA, collector, 'promote');
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.mm.no-editors-available']);
  });

  it('shares data between two organizations with a code', async () => {
    await pageA.goto(`${server.url}/settings/users-and-organization/manage-organization?tab=permissions`);
    await pageA.getByTestId('sharing-create-code').click();
    const code = (await pageA.getByTestId('created-code-value').textContent())?.trim() ?? '';
    expect(code).toMatch(/@/);
    await pageA.getByTestId('created-code-close').click();
    await pageA.getByTestId('grants-codes').getByText(code).waitFor();

    const pageB = await openPage();
    await signIn(pageB, adminB.email, { guide: true });
    await pageB.goto(`${server.url}/settings/users-and-organization/manage-organization?tab=permissions`);
    await pageB.getByTestId('sharing-request').click();
    await pageB.getByTestId('request-code').fill(`  ${code}  `);
    await pageB.getByTestId('request-submit').click();
    await expect.poll(() => snackbar(pageB).textContent()).toContain(en['app.perms.requested.success']);
    const mine = pageB.getByTestId('grants-granted-to-me');
    await mine.getByText(adminA.company).waitFor();
    expect(await mine.getByTestId('grant-state').textContent()).toBe(en['app.perms.state.requested']);

    await pageA.reload();
    const shared = pageA.getByTestId('grants-shared-by-me');
    await shared.getByText(adminB.company).waitFor();
    await shared.getByTestId('grant-accept').click();
    await expect.poll(() => shared.getByTestId('grant-state').textContent()).toBe(en['app.perms.state.accepted']);
    expect(await pageA.getByTestId('grants-codes-empty').count()).toBe(1);

    await pageB.reload();
    await expect.poll(() => mine.getByTestId('grant-state').textContent()).toBe(en['app.perms.state.accepted']);
    // The same code again: the two organizations already share (HTTP 409 → 'perms.409').
    await pageB.getByTestId('sharing-request').click();
    await pageB.getByTestId('request-code').fill(code);
    await pageB.getByTestId('request-submit').click();
    await expect.poll(() => snackbar(pageB).textContent()).toContain(en['app.perms.409']);
  });

  it('adds a child organization and switches to it and back', async () => {
    await pageA.goto(`${server.url}/settings/users-and-organization/manage-organization?tab=children`);
    await pageA.getByTestId('children-none').waitFor();
    expect(await pageA.getByTestId('org-select').count()).toBe(0);
    await pageA.getByTestId('child-add').click();
    await pageA.getByTestId('child-name').fill('North Branch');
    await pageA.getByTestId('child-save').click();
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.org.child.added.success']);
    await pageA.getByTestId('child-North Branch').waitFor();
    // A duplicate name (any case) cannot be saved.
    await pageA.getByTestId('child-add').click();
    await pageA.getByTestId('child-name').fill('north branch');
    await pageA.getByText(en['app.org.child.name-exists']).waitFor();
    expect(await pageA.getByTestId('child-save').isDisabled()).toBe(true);
    await pageA.keyboard.press('Escape');

    // The creator now belongs to two organizations: the selector appears and switches; the members
    // page (which the creator, admin of the child, may see there too) shows the child's members.
    await pageA.getByTestId('settings-nav-manage-members').click();
    await row(pageA, collector).waitFor();
    await pageA.getByTestId('org-select').click();
    await pageA.getByRole('option', { name: 'North Branch' }).click();
    await expect.poll(() => pageA.getByTestId('current-org-chip').textContent()).toBe('North Branch');
    await expect.poll(() => row(pageA, collector).count()).toBe(0);
    await row(pageA, adminA.email).waitFor();
    // Organization details are managed from one's own organization only (spec 1 §2.3).
    expect(await pageA.getByTestId('settings-nav-manage-organization').count()).toBe(0);
    await pageA.getByTestId('org-select').click();
    await pageA.getByRole('option', { name: adminA.company }).click();
    await row(pageA, collector).waitFor();
    expect(await pageA.getByTestId('current-org-chip').count()).toBe(0);
  });

  it('invites a person of another organization, who joins only by accepting; their names stay theirs', async () => {
    const pageB = await openPage();
    await signIn(pageB, adminB.email, { guide: 'maybe' });
    await pageB.goto(`${server.url}${membersPath}`);
    await row(pageB, adminB.email).waitFor();
    await addMember(pageB, adminA.email, 'Typed', 'Name', 'viewer');
    // B sees a pending invitation with the names B typed, as for any new address.
    await row(pageB, adminA.email).getByTestId('member-invited').waitFor();
    expect(await row(pageB, adminA.email).getByTestId('member-name').textContent()).toContain('Typed Name');

    // A is asked in the app; B's organization is selectable only after accepting.
    await pageA.reload();
    const dialog = pageA.getByTestId('invitations-dialog');
    await dialog.getByText(adminB.company).first().waitFor();
    await dialog
      .getByRole('button', { name: en['app.invitations.accept.label'].replace('{organization}', adminB.company) })
      .click();
    await expect.poll(() => snackbar(pageA).textContent()).toContain(en['app.invitations.accepted']);
    await pageA.getByTestId('org-select').click();
    await pageA.getByRole('option', { name: adminB.company }).waitFor();
    await pageA.keyboard.press('Escape');

    // Once joined, B sees A's own names and cannot change them.
    await pageB.reload();
    await expect.poll(() => row(pageB, adminA.email).getByTestId('member-name').textContent()).toContain('Org Admin');
    expect(await row(pageB, adminA.email).getByTestId('member-invited').count()).toBe(0);
    await row(pageB, adminA.email).getByTestId('member-edit').click();
    await pageB.getByTestId('edit-member-names-read-only').waitFor();
    expect(await pageB.getByTestId('edit-member-first-name').getAttribute('readonly')).not.toBeNull();
    await pageB.keyboard.press('Escape');
  });

  it('shows the member table at phone width with a temporary drawer', async () => {
    const phone = await openPage({ phone: true });
    await signIn(phone, adminA.email, { guide: 'maybe' });
    await phone.goto(`${server.url}${membersPath}`);
    await row(phone, collector).waitFor();
    expect(await phone.getByTestId('settings-drawer').isVisible()).toBe(false);
    // The e-mail column gives way; the address shows under the name instead.
    expect(await row(phone, collector).getByText(collector).first().isVisible()).toBe(true);

    await row(phone, collector).getByTestId('member-expand').click();
    const created = (await phone.getByTestId('detail-created').textContent()) ?? '';
    expect(created).toMatch(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, \d{2}:\d{2} (AM|PM)$/);

    await row(phone, collector).getByTestId('member-actions').click();
    await phone.getByRole('menuitem', { name: new RegExp(en['app.mm.action.edit']) }).click();
    await phone.getByTestId('edit-member-dialog').waitFor();
    expect(await phone.getByTestId('edit-member-first-name').inputValue()).toBe('Carla');
    await phone.keyboard.press('Escape');

    await phone.getByTestId('settings-menu-button').click();
    await phone.getByTestId('settings-nav-users-and-organization').click();
    await expect.poll(() => phone.getByTestId('summary-member-count').textContent()).toBe('3');
  });

  // ---- helpers ------------------------------------------------------------------------------

  async function openPage(options: { phone?: boolean } = {}): Promise<Page> {
    const context = await newContext(browser, options);
    contexts.push(context);
    return context.newPage();
  }

  async function signUpByApi(email: string, company: string) {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signup = await post('/auth/signup', {
      email,
      password,
      given_name: 'Org',
      family_name: 'Admin',
      phone_number: '+12025550199',
      company_name: company,
    });
    expect(signup.status).toBe(200);
    const confirmed = await post('/auth/confirm-signup', { email, code: await mail.waitForCode(email) });
    expect(confirmed.status).toBe(200);
  }

  /** Signs in through the UI and accepts the EULA; editors then get the first-run guide, which is skipped. */
  async function signIn(page: Page, email: string, { guide }: { guide: boolean | 'maybe' }) {
    await page.goto(`${server.url}/signin`);
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-password').fill(password);
    await page.getByTestId('signin-submit').click();
    const agree = page.getByTestId('eula-agree');
    // By test id: the first-run guide (a modal) hides the map from the accessibility tree.
    const map = page.getByTestId('map');
    // Whichever comes first; the other wait is abandoned (its failure is of no interest).
    await Promise.race([agree.waitFor().catch(() => undefined), map.waitFor().catch(() => undefined)]);
    if (await agree.isVisible()) await agree.click();
    await map.waitFor();
    if (!guide) return;
    const skip = page.getByTestId('getting-started-skip');
    const shown = await skip.waitFor({ timeout: guide === true ? 15_000 : 3_000 }).then(
      () => true,
      () => false,
    );
    if (guide === true) expect(shown).toBe(true);
    if (shown) await skip.click();
  }

  async function addMember(
    page: Page,
    email: string,
    first: string,
    last: string,
    type: 'viewer' | 'dataCollector' | 'editor',
  ) {
    await page.getByTestId('members-add').click();
    await page.getByTestId('add-member-email').fill(email.toUpperCase());
    await page.getByTestId('add-member-first-name').fill(first);
    await page.getByTestId('add-member-last-name').fill(last);
    expect(await page.getByTestId('add-member-save').isDisabled()).toBe(true);
    await page.getByTestId(`add-member-type-${type}`).check();
    await page.getByTestId('add-member-save').click();
    await expect.poll(() => snackbar(page).textContent()).toContain(en['app.mm.user.added.success']);
    await row(page, email).waitFor();
  }

  async function memberAction(page: Page, email: string, action: string) {
    await row(page, email).getByTestId(`member-${action}`).click();
    await page.getByTestId(`member-${action}-dialog`).waitFor();
    await page.getByTestId('confirm-dialog-confirm').click();
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
        { timeout: 15_000 },
      )
      .toBeTruthy();
    return path as string;
  }
});
