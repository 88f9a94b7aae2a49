import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { OneCallEmail } from '@fieldbook/domain';
import type { Harness } from './harness.js';
import type { SignedIn } from './factories.js';
import { call, field, setFlag } from './feature-fixtures.js';

/** A sample ticket of server/src/onecall/samples, with its ticket number replaced when given. */
export function sampleTicket(name: string, ticketNumber?: string): string {
  const text = readFileSync(new URL(`../src/onecall/samples/${name}`, import.meta.url), 'utf8');
  if (!ticketNumber) return text;
  return text.replace(/250314-00127|250402-00931/g, ticketNumber);
}

/** The organization's one-call members: XCEL01 and DNVWTR are among the normal sample's notified members, CMCST2 is not ours. */
export const ORG_MEMBERS = ['XCEL01', { code: 'DNVWTR', name: 'Denver Water' }, 'PSCO99'];

/** A project of an organization with one-call and positive response on, and its members. */
export async function oneCallField(h: Harness) {
  const f = await field(h);
  await setFlag(h, f.admin.organizationId, 'onecall', {
    enabled: true,
    positiveResponse: true,
    members: ORG_MEMBERS,
  });
  return f;
}

/** Adds an address to the project's list (throws on a refusal). */
export async function addAddress(
  h: Harness,
  who: SignedIn,
  projectId: string,
  emailAddress: string,
  layerName: string,
): Promise<OneCallEmail> {
  const res = await call(h, who, 'POST', '/rest/onecall/email/email-address', { emailAddress, layerName, projectId });
  if (res.status !== 201) throw new Error(`add ${emailAddress}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as OneCallEmail;
}

/** The verification link's path in the newest mail to the address. */
export function verificationPathOf(h: Harness, emailAddress: string): string {
  const mail = h.mailbox.to(emailAddress).at(-1);
  const path = mail?.text.match(/https?:\/\/[^/\s]+(\/rest\/onecall\/email\/verify\/[A-Za-z0-9_-]+)/)?.[1];
  if (!path) throw new Error(`no verification link mailed to ${emailAddress}`);
  return path;
}

/** Opens the mailed link and confirms, as the mailbox's reader does in a browser. */
export async function verifyByMail(h: Harness, emailAddress: string) {
  const path = verificationPathOf(h, emailAddress);
  const browser = { accept: 'text/html,application/xhtml+xml' };
  const page = await h.app.inject({ method: 'GET', url: path, headers: browser });
  expect(page.statusCode).toBe(200);
  const done = await h.app.inject({
    method: 'POST',
    url: path,
    headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(done.statusCode).toBe(200);
  return { page: page.body, done: done.body };
}

/** An address added and verified: it takes tickets. */
export async function verifiedAddress(h: Harness, who: SignedIn, projectId: string, email: string, layer: string) {
  const address = await addAddress(h, who, projectId, email, layer);
  await verifyByMail(h, email);
  return address;
}

/** POST /rest/onecall/inbound with an address's token, as an inbound-mail service does. */
export function postTicket(
  h: Harness,
  token: string,
  text: string,
  mail: { from?: string; replyTo?: string; subject?: string } = {},
) {
  return h.app.inject({
    method: 'POST',
    url: '/rest/onecall/inbound',
    headers: { 'x-onecall-token': token },
    payload: { from: 'tickets@uncc.example', subject: 'Locate request', ...mail, text },
  });
}

/** Posts a ticket and answers the stored ticket's feature id (throws on a refusal). */
export async function receive(h: Harness, token: string, text: string, mail = {}): Promise<string> {
  const res = await postTicket(h, token, text, mail);
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return (res.json() as { tickets: Array<{ featureId: string }> }).tickets[0].featureId;
}

/** How many ticket rows, ticket features and responses the organization has: refusals change none. */
export async function oneCallCounts(h: Harness, organizationId: string) {
  const count = async (table: 'onecall_tickets' | 'onecall_responses' | 'onecall_addresses') =>
    Number(
      (
        await h.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const features = Number(
    (
      await h.db
        .selectFrom('features')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .where('kind', '=', 'onecall_tickets')
        .executeTakeFirstOrThrow()
    ).n,
  );
  return {
    addresses: await count('onecall_addresses'),
    tickets: await count('onecall_tickets'),
    responses: await count('onecall_responses'),
    features,
  };
}
