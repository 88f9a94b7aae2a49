import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONECALL_MSG, type OneCallEmail } from '@fieldbook/domain';
import { buildApp } from '../src/app.js';
import { archiveTickets } from '../src/onecall/archive.js';
import { startInboundSmtp, type InboundSmtp } from '../src/onecall/inbound-smtp.js';
import { harness, sharedDatabase, testConfig, type Harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { call, setFlag, setOrgMask } from './feature-fixtures.js';
import { lastSeq, loggedSince } from './activity-log.js';
import {
  addAddress,
  oneCallCounts,
  oneCallField,
  postTicket,
  receive,
  sampleTicket,
  verifiedAddress,
  verifyByMail,
} from './onecall-fixtures.js';

/**
 * One-call (issue #15; spec 3 §2 one-call list, §3 one-call e-mail and ticket, §5 rules, §7 calls):
 * the project's e-mail list with its verification, and tickets arriving by SMTP and webhook onto the
 * address's layer, as a project admin and a locator notice them.
 */

let h: Harness;
let f: Awaited<ReturnType<typeof oneCallField>>;
let smtp: InboundSmtp;
beforeAll(async () => {
  h = await harness();
  f = await oneCallField(h);
  smtp = await startInboundSmtp(h.app.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => smtp?.close());

const list = async (projectId = f.project.id) =>
  (await call(h, f.admin, 'GET', `/rest/onecall/email/email-addresses/${projectId}`)).body as OneCallEmail[];
const uniqueAddress = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@locates.example`;
const layerRow = (id: string) => h.db.selectFrom('layers').selectAll().where('id', '=', id).executeTakeFirst();

describe('the one-call e-mail list', () => {
  it('adds an address with its tickets layer in the One Call folder, unverified, 7 archive days, logged', async () => {
    const email = uniqueAddress('Tickets');
    const since = await lastSeq(h);
    const added = await addAddress(h, f.admin, f.project.id, `  ${email.toUpperCase()} `, 'Denver tickets');
    expect(added).toMatchObject({
      emailAddress: email.toLowerCase(),
      isVerified: false,
      archiveDays: 7,
      layerName: 'Denver tickets',
    });
    expect(added.inboundAddress).toBe(`tickets-${added.inboundToken}@localhost`);
    const layer = await layerRow(added.layer.id);
    expect(layer).toMatchObject({ server_name: 'onecall_tickets', reference_id: added.id, name: 'Denver tickets' });
    const folder = await h.db.selectFrom('folders').selectAll().where('id', '=', layer!.folder_id).executeTakeFirst();
    expect(folder).toMatchObject({ name: 'One Call', folder_type: '1', project_id: f.project.id });
    expect((await list()).map((a) => a.emailAddress)).toContain(email.toLowerCase());
    const mail = h.mailbox.to(email).at(-1)!;
    expect(mail.subject).toBe('Verify your one-call address for Fieldbook');
    expect(mail.text).toContain('http://localhost:8080/rest/onecall/email/verify/');
    expect((await loggedSince(h, f.admin.organizationId, since)).map((e) => [e.type, e.category, e.message])).toEqual([
      ['Add', 'Layer', expect.stringContaining('Denver tickets')],
      ['Add', 'Project', `One-call e-mail address added: ${email.toLowerCase()} (layer Denver tickets)`],
    ]);
  });

  it('refuses bad addresses, a listed one, and bad or taken layer names, storing nothing', async () => {
    const taken = uniqueAddress('taken');
    await addAddress(h, f.admin, f.project.id, taken, 'Taken tickets');
    const before = await oneCallCounts(h, f.admin.organizationId);
    const layersBefore = await h.db.selectFrom('layers').select('id').where('project_id', '=', f.project.id).execute();
    const add = (emailAddress: string, layerName: string) =>
      call(h, f.admin, 'POST', '/rest/onecall/email/email-address', {
        emailAddress,
        layerName,
        projectId: f.project.id,
      });
    const refusals = [
      [await add('not an address', 'A'), 400, ONECALL_MSG.invalidEmail],
      [await add(`${'a'.repeat(117)}@example.com`, 'A'), 400, ONECALL_MSG.invalidEmail],
      [await add(taken.toUpperCase(), 'Other tickets'), 409, ONECALL_MSG.emailInUse],
      [await add(uniqueAddress('new'), '  '), 400, ONECALL_MSG.layerNameRequired],
      [await add(uniqueAddress('new'), 'x'.repeat(129)), 400, ONECALL_MSG.layerNameRequired],
      // Any layer of the project, whatever its folder and case: the feature folder's "Points".
      [await add(uniqueAddress('new'), 'points'), 409, ONECALL_MSG.layerExists],
      [await add(uniqueAddress('new'), 'TAKEN TICKETS'), 409, ONECALL_MSG.layerExists],
    ] as const;
    for (const [res, status, message] of refusals) expect([res.status, res.body.message]).toEqual([status, message]);
    // 128 characters is the limit, not over it.
    const longest = `${'a'.repeat(116)}@example.com`;
    expect(longest).toHaveLength(128);
    expect((await add(longest, 'Longest')).status).toBe(201);
    expect(await oneCallCounts(h, f.admin.organizationId)).toEqual({ ...before, addresses: before.addresses + 1 });
    const layersAfter = await h.db.selectFrom('layers').select('id').where('project_id', '=', f.project.id).execute();
    expect(layersAfter).toHaveLength(layersBefore.length + 1);
  });

  it('is for project admins of an organization with one-call on; other organizations get 404', async () => {
    // An editor who may edit the project but does not administer it.
    const editor = await createMember(h, f.admin.organizationId, 'editor');
    await setOrgMask(h, editor, '0111');
    const outsider = await signedInAccount(h);
    const body = { emailAddress: uniqueAddress('x'), layerName: 'X', projectId: f.project.id };
    const url = `/rest/onecall/email/email-addresses/${f.project.id}`;
    expect((await call(h, editor, 'GET', url)).status).toBe(403);
    expect((await call(h, editor, 'POST', '/rest/onecall/email/email-address', body)).status).toBe(403);
    expect((await call(h, outsider, 'GET', url)).status).toBe(404);
    expect((await call(h, outsider, 'POST', '/rest/onecall/email/email-address', body)).status).toBe(404);
    const other = await oneCallField(h);
    await setFlag(h, other.admin.organizationId, 'onecall', { enabled: false, positiveResponse: true, members: [] });
    const off = await call(h, other.admin, 'GET', `/rest/onecall/email/email-addresses/${other.project.id}`);
    expect([off.status, off.body.message]).toEqual([403, ONECALL_MSG.disabled]);
  });

  it('verifies by the mailed link (a page, then a click); archive days are editable once verified, 1–365', async () => {
    const email = uniqueAddress('verify');
    const added = await addAddress(h, f.admin, f.project.id, email, 'Verify tickets');
    const put = (archiveDays: unknown) =>
      call(h, f.admin, 'PUT', '/rest/onecall/email/email-address', {
        id: added.id,
        projectId: f.project.id,
        archiveDays,
      });
    const early = await put(30);
    expect([early.status, early.body.message]).toEqual([409, ONECALL_MSG.notVerified]);

    // A new link replaces the first one.
    const first = h.mailbox.to(email).at(-1)!.text;
    const resend = `/rest/onecall/email/email-address/${f.project.id}/${added.id}/verification`;
    expect((await call(h, f.admin, 'POST', resend)).status).toBe(200);
    expect(h.mailbox.to(email)).toHaveLength(2);
    const stale = first.match(/(\/rest\/onecall\/email\/verify\/\S+)/)![1];
    expect((await h.app.inject({ method: 'GET', url: stale })).statusCode).toBe(404);

    const since = await lastSeq(h);
    const { page, done } = await verifyByMail(h, email);
    expect(page).toContain(email);
    expect(page).toContain('<form method="post">');
    expect(done).toContain('is verified');
    expect((await list()).find((a) => a.id === added.id)?.isVerified).toBe(true);
    expect((await loggedSince(h, f.admin.organizationId, since)).map((e) => [e.message, e.actorEmail])).toEqual([
      [`One-call e-mail address verified: ${email}`, email],
    ]);
    // The link works once.
    const again = await h.app.inject({
      method: 'POST',
      url: stale.replace(/verify\/.*/, 'verify/' + 'x'.repeat(43)),
      headers: { accept: 'text/html' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('no longer valid');

    for (const bad of [0, 366, 1.5, null])
      expect((await put(bad)).body.message, String(bad)).toBe(ONECALL_MSG.archiveDaysOutOfRange);
    expect((await put(1)).body.archiveDays).toBe(1);
    expect((await put(365)).body.archiveDays).toBe(365);
    expect((await list()).find((a) => a.id === added.id)?.archiveDays).toBe(365);
  });

  it('removes an address with its layer (restorable), after which its mail is refused', async () => {
    const email = uniqueAddress('gone');
    const added = await verifiedAddress(h, f.admin, f.project.id, email, 'Gone tickets');
    await receive(h, added.inboundToken, sampleTicket('emergency-point.txt', '250402-77001'));
    const since = await lastSeq(h);
    const res = await call(h, f.admin, 'DELETE', `/rest/onecall/email/email-address/${f.project.id}/${added.id}`);
    expect(res.status).toBe(204);
    expect((await list()).map((a) => a.id)).not.toContain(added.id);
    expect(await layerRow(added.layer.id)).toBeUndefined();
    expect((await loggedSince(h, f.admin.organizationId, since)).map((e) => [e.type, e.category])).toEqual([
      ['Delete', 'Layer'],
      ['Delete', 'Project'],
    ]);
    expect((await postTicket(h, added.inboundToken, sampleTicket('normal-polygon.txt'))).statusCode).toBe(401);

    // Restored from the log, the layer is an archive of its tickets that its admin can delete again.
    const entry = await h.db
      .selectFrom('activities')
      .select('id')
      .where('organization_id', '=', f.admin.organizationId)
      .where('seq', '>', String(since))
      .where('category', '=', 'Layer')
      .executeTakeFirstOrThrow();
    expect((await call(h, f.admin, 'POST', `/rest/activities/${entry.id}/restore`)).status).toBe(200);
    const restored = await layerRow(added.layer.id);
    expect(restored).toBeDefined();
    const removed = await call(
      h,
      f.admin,
      'DELETE',
      `/rest/projects/${f.project.id}/folders/${added.layer.folderId}/layers/${added.layer.id}`,
    );
    expect(removed.status).toBe(204);
  });
});

describe('incoming tickets', () => {
  let address: OneCallEmail;
  beforeAll(async () => {
    address = await verifiedAddress(h, f.admin, f.project.id, uniqueAddress('inbox'), 'Inbox tickets');
  });
  const ticketRow = (featureId: string) =>
    h.db
      .selectFrom('onecall_tickets')
      .selectAll()
      .where('feature_id', '=', featureId.split('.')[1])
      .executeTakeFirstOrThrow();
  const feature = async (featureId: string) => (await call(h, f.admin, 'GET', `/rest/features/${featureId}`)).body;

  it('a webhook ticket becomes a feature of the address layer; a re-send updates that feature', async () => {
    const since = await lastSeq(h);
    const res = await postTicket(h, address.inboundToken, sampleTicket('normal-polygon.txt', '250314-50001'));
    expect(res.statusCode).toBe(201);
    const [stored] = res.json().tickets;
    expect(stored).toMatchObject({ ticketNumber: '250314-50001', projectId: f.project.id, status: 'created' });
    const created = await feature(stored.featureId);
    expect(created.geometry.type).toBe('Polygon');
    expect(created.geometry.coordinates[0]).toHaveLength(5);
    expect(created.properties).toMatchObject({
      layer_id: address.layer.id,
      ticket_number: '250314-50001',
      ticket_type: 'NORMAL',
      members_notified: 'XCEL01,CMCST2,DNVWTR,CTLQW1',
      excavator: 'ACME EXCAVATING LLC',
      work_begin: '2025-03-18 07:00',
    });
    expect((await ticketRow(stored.featureId)).reply_to).toBe('responses@uncc.example');

    const update = await postTicket(h, address.inboundToken, sampleTicket('update-polygon.txt', '250314-50001'));
    expect(update.json().tickets[0]).toMatchObject({ featureId: stored.featureId, status: 'updated' });
    const updated = await feature(stored.featureId);
    expect(updated.properties).toMatchObject({ ticket_type: 'UPDATE', revision: '1', work_begin: '2025-03-21 07:00' });
    expect(updated.geometry.coordinates[0][1]).toEqual([-104.98985, 39.7396]);
    const entries = await loggedSince(h, f.admin.organizationId, since);
    expect(entries.map((e) => [e.type, e.category, e.message, e.actorEmail])).toEqual([
      ['Add', 'Feature', 'Ticket 250314-50001 received (NORMAL)', 'tickets@uncc.example'],
      ['Edit', 'Feature', 'Ticket 250314-50001 updated (UPDATE)', 'tickets@uncc.example'],
    ]);
    // Nobody edits a ticket: it shows what the center sent.
    const edit = await call(h, f.admin, 'PUT', '/rest/features', {
      id: stored.featureId,
      geometry: updated.geometry,
      properties: { layer_id: address.layer.id, properties: { ticket_type: 'FAKE' } },
    });
    expect([edit.status, edit.body.message]).toEqual([403, ONECALL_MSG.ticketReadOnly]);
  });

  it('refuses a malformed ticket with every problem, storing nothing', async () => {
    const before = await oneCallCounts(h, f.admin.organizationId);
    const res = await postTicket(h, address.inboundToken, sampleTicket('malformed.txt'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TicketMalformed', message: ONECALL_MSG.ticketMalformed });
    expect(res.json().details.map((d: { message: string }) => d.message)).toContain('missing Excavator');
    // A ticket with nowhere to send responses is no ticket either.
    const silent = await postTicket(h, address.inboundToken, sampleTicket('emergency-point.txt', '250402-50002'), {
      from: 'not an address',
    });
    expect(silent.statusCode).toBe(400);
    expect(await oneCallCounts(h, f.admin.organizationId)).toEqual(before);
  });

  it('refuses unknown tokens, unverified addresses and organizations without one-call', async () => {
    const ticket = sampleTicket('normal-polygon.txt', '250314-50003');
    expect((await postTicket(h, 'f'.repeat(32), ticket)).statusCode).toBe(401);
    expect(
      (await h.app.inject({ method: 'POST', url: '/rest/onecall/inbound', payload: { text: ticket } })).statusCode,
    ).toBe(401);
    const unverified = await addAddress(h, f.admin, f.project.id, uniqueAddress('unverified'), 'Unverified tickets');
    const res = await postTicket(h, unverified.inboundToken, ticket);
    expect([res.statusCode, res.json().message]).toEqual([409, ONECALL_MSG.notVerified]);
    const other = await oneCallField(h);
    const theirs = await verifiedAddress(h, other.admin, other.project.id, uniqueAddress('off'), 'Off tickets');
    await setFlag(h, other.admin.organizationId, 'onecall', { enabled: false });
    expect((await postTicket(h, theirs.inboundToken, ticket)).statusCode).toBe(403);
    expect((await oneCallCounts(h, other.admin.organizationId)).tickets).toBe(0);
  });

  it('takes the deployment secret with the recipient named in `to`', async () => {
    const secret = 'webhook-secret-of-this-deployment-0123456789';
    const app = await buildApp({
      config: testConfig({ inbound: { smtpHost: '127.0.0.1', mailDomain: 'localhost', webhookSecret: secret } }),
      database: sharedDatabase(h),
      mailer: h.mailbox,
      logger: false,
    });
    try {
      const post = (auth: string, to: string) =>
        app.inject({
          method: 'POST',
          url: '/rest/onecall/inbound',
          headers: { authorization: `Bearer ${auth}` },
          payload: { to, from: 'tickets@uncc.example', text: sampleTicket('emergency-point.txt', '250402-50004') },
        });
      expect((await post('wrong-secret', address.emailAddress)).statusCode).toBe(401);
      expect((await post(secret, 'nobody@locates.example')).statusCode).toBe(404);
      const res = await post(secret, `nobody@locates.example, ${address.emailAddress.toUpperCase()}`);
      expect(res.statusCode).toBe(201);
      expect(res.json().tickets[0]).toMatchObject({ ticketNumber: '250402-50004', status: 'created' });
      // No Response Address in this ticket: responses go to the mail's sender.
      expect((await ticketRow(res.json().tickets[0].featureId)).reply_to).toBe('tickets@uncc.example');
    } finally {
      await app.close();
    }
  });

  describe('by SMTP', () => {
    const transport = () =>
      nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
    const send = (to: string, text: string, replyTo?: string) =>
      transport().sendMail({ from: 'UNCC <tickets@uncc.example>', to, replyTo, subject: 'Locate request', text });

    it('a mail to the inbound address or to the registered address becomes the ticket; a re-send updates it', async () => {
      const info = await send(
        address.inboundAddress,
        sampleTicket('emergency-point.txt', '250402-50005'),
        'reply@uncc.example',
      );
      expect(info.accepted).toEqual([address.inboundAddress]);
      const row = await h.db
        .selectFrom('onecall_tickets')
        .selectAll()
        .where('ticket_number', '=', '250402-50005')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        layer_id: address.layer.id,
        ticket_type: 'EMERGENCY',
        reply_to: 'reply@uncc.example',
      });
      const point = await feature(`onecall_tickets.${row.feature_id}`);
      expect(point.geometry).toEqual({ type: 'Point', coordinates: [-97.7404, 30.2715] });

      const resent = sampleTicket('emergency-point.txt', '250402-50005').replace('CREW ON SITE', 'CREW LEFT SITE');
      await send(address.emailAddress, resent);
      const again = await h.db
        .selectFrom('onecall_tickets')
        .selectAll()
        .where('ticket_number', '=', '250402-50005')
        .execute();
      expect(again).toHaveLength(1);
      expect((await feature(`onecall_tickets.${row.feature_id}`)).properties.remarks).toBe(
        'CREW LEFT SITE - WATER IN ROADWAY',
      );
    });

    it('refuses unknown recipients at RCPT TO and malformed tickets with a 550 naming the problems', async () => {
      const before = await oneCallCounts(h, f.admin.organizationId);
      await expect(send('someone@localhost', sampleTicket('normal-polygon.txt'))).rejects.toMatchObject({
        responseCode: 550,
      });
      const refused = send(address.inboundAddress, sampleTicket('malformed.txt'));
      await expect(refused).rejects.toMatchObject({ responseCode: 550 });
      await expect(refused).rejects.toThrow(/ticket refused: .*missing Excavator/);
      expect(await oneCallCounts(h, f.admin.organizationId)).toEqual(before);
    });
  });

  it('archives tickets older than their address archive days: off the map, still known, back when re-sent', async () => {
    const featureId = await receive(h, address.inboundToken, sampleTicket('normal-polygon.txt', '250314-50006'));
    const kept = await verifiedAddress(h, f.admin, f.project.id, uniqueAddress('kept'), 'Kept tickets');
    await call(h, f.admin, 'PUT', '/rest/onecall/email/email-address', {
      id: kept.id,
      projectId: f.project.id,
      archiveDays: 30,
    });
    const keptId = await receive(h, kept.inboundToken, sampleTicket('normal-polygon.txt', '250314-50007'));
    const since = await lastSeq(h);
    expect(await archiveTickets(h.app.deps, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await archiveTickets(h.app.deps, new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await call(h, f.admin, 'GET', `/rest/features/${featureId}`)).status).toBe(404);
    expect((await call(h, f.admin, 'GET', `/rest/features/${keptId}`)).status).toBe(200);
    expect((await ticketRow(featureId)).archived_at).not.toBeNull();
    const entries = await loggedSince(h, f.admin.organizationId, since);
    expect(entries.map((e) => [e.type, e.message])).toContainEqual([
      'Delete',
      'Ticket 250314-50006 archived after 7 days',
    ]);
    const ticket = await call(h, f.admin, 'GET', `/rest/onecall/tickets/250314-50006?projectId=${f.project.id}`);
    expect(ticket.body).toMatchObject({ ticketNumber: '250314-50006', archived: true });

    await receive(h, address.inboundToken, sampleTicket('update-polygon.txt', '250314-50006'));
    expect((await call(h, f.admin, 'GET', `/rest/features/${featureId}`)).status).toBe(200);
    expect((await ticketRow(featureId)).archived_at).toBeNull();
  });
});
