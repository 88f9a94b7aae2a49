import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OneCallEmail } from '@fieldbook/domain';
import en from '../web/src/i18n/onecall/en.json' with { type: 'json' };
import { choose, expectSnack, mapSettled, openProjectPanel, selectAt } from './support/map-page.js';
import { seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, until, type MapEnv } from './support/session.js';

/**
 * One-call in a real browser (spec 3 §2 project details one-call list, ONECALL_811 tab, positive-response
 * dialog): a project admin adds the project's one-call address, the mailbox's reader verifies it from
 * the mailed link, a ticket arrives by the inbound webhook, the locator opens it on the map, sends a
 * positive response and sees it in the responses tab; the one-call center receives it by mail.
 */
describe('one-call: address, ticket on the map, positive response', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  const inbox = `tickets.${Date.now()}@locates.test`;
  const ticketNumber = '250314-00127';
  // Inside the sample ticket's dig-site polygon.
  const digSite = [-104.98985, 39.73925];

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Lena', company: 'Locators' });
    ids = await seedLocates(env, { center: { lat: digSite[1], lng: digSite[0] }, zoom: 18 });
    const organization = (await env.api<{ organization: { id: string } }>('GET', '/rest/accounts/current')).organization
      .id;
    // What the operator sets (admin CLI): one-call with positive response, and the members the company answers for.
    await env.server.db
      .updateTable('organizations')
      .set({
        functionality_flags: sql`functionality_flags || ${JSON.stringify({
          onecall: {
            enabled: true,
            positiveResponse: true,
            members: ['XCEL01', { code: 'DNVWTR', name: 'Denver Water' }],
          },
        })}::jsonb`,
      })
      .where('id', '=', organization)
      .execute();
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** The text of the newest mail to an address, quoted-printable undone. */
  const mailTo = (address: string) =>
    until(() => {
      const raw = env.mail.received.filter((m) => m.to.includes(address)).at(-1)?.raw;
      return raw
        ?.replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }, `a mail to ${address}`);

  it('adds the one-call address in project details: listed unverified, with its layer', async () => {
    page = await env.page();
    await signIn(page, env.server, env.admin);
    await mapSettled(page);
    await openProjectPanel(page);
    await page.getByTestId('edit-project').click();
    await page.getByTestId('project-details-dialog').waitFor();
    await page.getByTestId('project-onecall-edit').click();
    const list = page.getByTestId('onecall-emails-dialog');
    await list.getByText(en['app.onecall.list.empty']).waitFor();
    await list.getByTestId('onecall-add').click();
    const add = page.getByTestId('onecall-add-dialog');
    await add.getByRole('textbox', { name: en['app.onecall.add.email'] }).fill(inbox);
    // The layer name may not be a layer's name in the project.
    await add.getByRole('textbox', { name: en['app.onecall.add.layer'] }).fill('points');
    await add.getByRole('textbox', { name: en['app.onecall.add.email'] }).focus();
    await add.getByText(/already exists/).waitFor();
    expect(await add.getByTestId('onecall-add-save').isDisabled()).toBe(true);
    await add.getByRole('textbox', { name: en['app.onecall.add.layer'] }).fill('Denver tickets');
    await add.getByTestId('onecall-add-save').click();
    await expectSnack(page, en['app.onecall.add.success']);
    const row = list.getByTestId('onecall-email-row');
    await expect.poll(() => row.getByTestId('onecall-email').textContent()).toBe(inbox);
    expect(await row.getByText(en['app.onecall.list.unverified']).isVisible()).toBe(true);
    expect(await row.getByText('Denver tickets').isVisible()).toBe(true);
    // Expire days wait for the verification.
    expect(await row.getByTestId('onecall-archive-days').isDisabled()).toBe(true);
  });

  it('is verified from the mailed link; expire days can then be set', async () => {
    const link = (await mailTo(inbox)).match(
      /http:\/\/127\.0\.0\.1:\d+\/rest\/onecall\/email\/verify\/[A-Za-z0-9_-]+/,
    )?.[0];
    expect(link).toBeTruthy();
    const mailbox = await env.page();
    await mailbox.goto(link!);
    await mailbox.getByRole('button', { name: 'Verify this address' }).click();
    await mailbox.getByRole('heading', { name: 'Address verified' }).waitFor();
    await mailbox.close();

    // The list reads it again when opened again.
    const list = page.getByTestId('onecall-emails-dialog');
    await list.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('project-onecall-edit').click();
    const days = page.getByTestId('onecall-email-row').getByTestId('onecall-archive-days');
    await expect.poll(() => days.isDisabled()).toBe(false);
    expect(await page.getByTestId('onecall-email-row').getByText(en['app.onecall.list.unverified']).count()).toBe(0);
    await days.fill('400');
    await page.getByText(en['app.onecall.edit-onecall-expire-out-of-range']).waitFor();
    await days.fill('14');
    await days.blur();
    await expectSnack(page, en['app.onecall.update.success']);
    await list.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('project-details-dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('project-details-dialog').waitFor({ state: 'hidden' });
  });

  it('receives a ticket by the webhook and shows it on the map as a read-only 811 ticket', async () => {
    const [address] = await env.api<OneCallEmail[]>('GET', `/rest/onecall/email/email-addresses/${ids.project}`);
    const text = readFileSync(new URL('../server/src/onecall/samples/normal-polygon.txt', import.meta.url), 'utf8');
    const res = await fetch(`${env.server.url}/rest/onecall/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-onecall-token': address.inboundToken },
      body: JSON.stringify({ from: 'tickets@uncc.example', subject: 'Locate request', text }),
    });
    expect(res.status).toBe(201);

    // The One Call folder holds the new layer: turn it on.
    await openProjectPanel(page);
    const layerRow = page.getByTestId(`layer-row-${address.layer.id}`);
    const folderRow = page.getByTestId(`folder-row-${address.folderId}`);
    if (!(await layerRow.isVisible())) await folderRow.getByRole('button', { name: 'Expand' }).click();
    await layerRow.getByRole('checkbox').check();
    await page.getByTestId('project-panel-toggle').click();
    await page.getByTestId('project-panel').waitFor({ state: 'hidden' });
    await mapSettled(page);

    await selectAt(page, digSite, 'Denver tickets');
    // The INFO tab shows the ticket as sent, with no edit.
    expect(await page.getByTestId('feature-edit-attributes').isDisabled()).toBe(true);
    await page.getByRole('tab', { name: '811' }).click();
    const ticket = page.getByTestId('onecall-ticket');
    await ticket.getByText(ticketNumber).first().waitFor();
    expect(await ticket.getByText('ACME EXCAVATING LLC').isVisible()).toBe(true);
    expect(await ticket.getByText('XCEL01, CMCST2, DNVWTR, CTLQW1').isVisible()).toBe(true);
  });

  it('sends a positive response and sees it in the responses tab; the center gets it by mail', async () => {
    await page.getByTestId('onecall-respond').click();
    const dialog = page.getByTestId('positive-response-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('pr-ticket').inputValue()).toBe(ticketNumber);
    // The first member the user answers for is chosen as the ticket is found.
    await expect.poll(() => dialog.getByTestId('pr-member').textContent()).toBe('XCEL01');
    await choose(page, 'pr-code', `008 – ${en['app.onecall.code.008']} ${en['app.onecall.pr.comments-required']}`);
    expect(await dialog.getByTestId('pr-send').isDisabled()).toBe(true);
    await dialog.getByTestId('pr-comments').fill('too short');
    await dialog.getByText(en['app.onecall.error.comments-length']).waitFor();
    await dialog.getByTestId('pr-comments').fill('Gas and electric marked, 2 ft east of the curb.');
    await dialog.getByTestId('pr-send').click();
    await expectSnack(page, en['app.onecall.positive-response.success']);
    await dialog.waitFor({ state: 'hidden' });

    const response = page.getByTestId('onecall-responses').getByTestId('onecall-response');
    await response.first().waitFor();
    expect(await response.count()).toBe(1);
    for (const text of [
      'XCEL01',
      `008 – ${en['app.onecall.code.008']}`,
      'Gas and electric marked, 2 ft east of the curb.',
    ])
      expect(await response.first().getByText(text, { exact: true }).isVisible(), text).toBe(true);

    const mail = await mailTo('responses@uncc.example');
    expect(mail).toContain(`Ticket Number: ${ticketNumber}`);
    expect(mail).toContain('Response Code: 008');
    expect(mail).toContain(`Responded By: ${env.admin.email}`);
  });
});
