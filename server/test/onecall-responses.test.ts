import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATE_FORM_ID, ONECALL_MSG, type OneCallEmail } from '@fieldbook/domain';
import type { Mailer } from '../src/platform/mail.js';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';
import { call, setFlag } from './feature-fixtures.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { attach, picture } from './attachment-fixtures.js';
import {
  ORG_MEMBERS,
  oneCallCounts,
  oneCallField,
  receive,
  sampleTicket,
  verifiedAddress,
} from './onecall-fixtures.js';

/**
 * Tickets and positive responses (issue #15; spec 3 §3 ticket and positive response, §5 comment rules,
 * §6 rights and members, §7 one-call service, §8 messages, §9 codes): what a locator sending a
 * positive response and the one-call center receiving it notice.
 */

let h: Harness;
let f: Awaited<ReturnType<typeof oneCallField>>;
let address: OneCallEmail;
let featureId: string;
const TICKET = '250314-60001';
const CENTER = 'responses@uncc.example';
beforeAll(async () => {
  h = await harness();
  f = await oneCallField(h);
  address = await verifiedAddress(h, f.admin, f.project.id, `locates-${Date.now()}@locates.example`, 'Tickets');
  featureId = await receive(h, address.inboundToken, sampleTicket('normal-polygon.txt', TICKET));
});

const respond = (who: SignedIn, body: Record<string, unknown>, ticket = TICKET) =>
  call(h, who, 'POST', `/rest/onecall/positive-response/${ticket}`, { projectId: f.project.id, ...body });
const mailsToCenter = () => h.mailbox.messages.filter((m) => m.to === CENTER && m.subject.includes(TICKET));

describe('tickets', () => {
  it('looks a ticket up by number and by feature: fields, members notified, the members the user may answer for', async () => {
    const byNumber = await call(h, f.admin, 'GET', `/rest/onecall/tickets/${TICKET}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toMatchObject({
      ticketNumber: TICKET,
      ticketType: 'NORMAL',
      members_notified: 'XCEL01,CMCST2,DNVWTR,CTLQW1',
      // The organization's list (XCEL01, DNVWTR, PSCO99) ∩ the notified members, in the organization's order.
      members: [
        { code: 'XCEL01', name: 'XCEL01' },
        { code: 'DNVWTR', name: 'Denver Water' },
      ],
      projectId: f.project.id,
      layerId: address.layer.id,
      featureId,
      archived: false,
      canRespond: true,
    });
    expect(byNumber.body.fields).toMatchObject({ excavator: 'ACME EXCAVATING LLC', address: '1234 MAIN ST' });
    const byFeature = await call(h, f.admin, 'GET', `/rest/onecall/tickets/feature/${featureId}`);
    expect(byFeature.body).toEqual(byNumber.body);
    for (const url of [
      '/rest/onecall/tickets/250314-69999',
      '/rest/onecall/tickets/not-a-ticket-number-at-all',
      `/rest/onecall/tickets/feature/point.${featureId.split('.')[1]}`,
    ]) {
      const res = await call(h, f.admin, 'GET', url);
      expect([res.status, res.body.message], url).toEqual([404, ONECALL_MSG.ticketNotFound]);
    }
  });

  it("lists the files attached to the ticket's feature by ticket number (a locator's photo of the marks)", async () => {
    const none = await call(h, f.admin, 'GET', `/rest/onecall/tickets/${TICKET}/attachments`);
    expect([none.status, none.body]).toEqual([200, []]);
    const photo = await picture(40, 30, 'jpeg');
    await attach(h, f.admin, {
      featureId,
      layerId: address.layer.id,
      name: 'marks.jpg',
      data: photo,
      type: 'image/jpeg',
    });
    const listed = await call(h, f.admin, 'GET', `/rest/onecall/tickets/${TICKET}/attachments`);
    expect(listed.body).toMatchObject([
      { File: 'marks.jpg', File_Type: 'Photo', mbcode: featureId, has_thumbnail: true },
    ]);
    const missing = await call(h, f.admin, 'GET', '/rest/onecall/tickets/250314-69999/attachments');
    expect([missing.status, missing.body.message]).toEqual([404, ONECALL_MSG.ticketNotFound]);
  });

  it('hides tickets from other organizations (404) and answers none without one-call (403)', async () => {
    const outsider = await signedInAccount(h);
    const onecall = (enabled: boolean) => ({ enabled, positiveResponse: true, members: ORG_MEMBERS });
    await setFlag(h, outsider.organizationId, 'onecall', onecall(true));
    const body = { projectId: f.project.id, responseCode: '001', member: 'XCEL01' };
    const calls = [
      ['GET', `/rest/onecall/tickets/${TICKET}`],
      ['GET', `/rest/onecall/tickets/${TICKET}/responses?all=true`],
      ['GET', `/rest/onecall/tickets/${TICKET}/attachments`],
      ['GET', `/rest/onecall/tickets/feature/${featureId}`],
      ['POST', `/rest/onecall/positive-response/${TICKET}`],
    ] as const;
    for (const [method, url] of calls) {
      const res = await call(h, outsider, method, url, method === 'POST' ? body : undefined);
      expect([res.status, res.body.message], url).toEqual([404, ONECALL_MSG.ticketNotFound]);
      const named = `${url}${url.includes('?') ? '&' : '?'}orgId=${f.admin.organizationId}`;
      expect((await call(h, outsider, method, named, method === 'POST' ? body : undefined)).status, named).toBe(403);
    }
    expect((await call(h, outsider, 'GET', `/rest/features/${featureId}`)).status).toBe(404);
    await setFlag(h, outsider.organizationId, 'onecall', onecall(false));
    for (const [method, url] of calls) {
      const res = await call(h, outsider, method, url, method === 'POST' ? body : undefined);
      expect([res.status, res.body.message], url).toEqual([403, ONECALL_MSG.disabled]);
    }
  });
});

describe('positive responses', () => {
  it('refuses what breaks a rule with the spec message, storing and mailing nothing', async () => {
    const before = await oneCallCounts(h, f.admin.organizationId);
    const mails = mailsToCenter().length;
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ member: 'XCEL01' }, 400, ONECALL_MSG.noResponseCode],
      [{ member: 'XCEL01', responseCode: '' }, 400, ONECALL_MSG.noResponseCode],
      [{ member: 'XCEL01', responseCode: '016' }, 400, ONECALL_MSG.unknownCode],
      [{ member: 'XCEL01', responseCode: '001', comments: 'x'.repeat(9) }, 400, ONECALL_MSG.commentsLength],
      [{ member: 'XCEL01', responseCode: '001', comments: 'x'.repeat(256) }, 400, ONECALL_MSG.commentsLength],
      [{ member: 'XCEL01', responseCode: '008' }, 400, ONECALL_MSG.commentsRequired],
      [{ member: 'XCEL01', responseCode: '022', comments: '   ' }, 400, ONECALL_MSG.commentsRequired],
      [{ responseCode: '001' }, 400, ONECALL_MSG.memberRequired],
      // Notified but not the organization's; the organization's but not notified.
      [{ member: 'CMCST2', responseCode: '001' }, 400, ONECALL_MSG.memberNotAllowed],
      [{ member: 'PSCO99', responseCode: '001' }, 400, ONECALL_MSG.memberNotAllowed],
    ];
    for (const [body, status, message] of refusals) {
      const res = await respond(f.admin, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    const unknown = await respond(f.admin, { member: 'XCEL01', responseCode: '001' }, '250314-69999');
    expect([unknown.status, unknown.body.message]).toEqual([404, ONECALL_MSG.ticketNotFound]);
    const noNumber = await call(h, f.admin, 'POST', '/rest/onecall/positive-response', { responseCode: '001' });
    expect([noNumber.status, noNumber.body.message]).toEqual([400, ONECALL_MSG.noTicketNumber]);
    expect(await oneCallCounts(h, f.admin.organizationId)).toEqual(before);
    expect(mailsToCenter()).toHaveLength(mails);
  });

  it('needs a feature admin and the organization positive response flag', async () => {
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    const body = { member: 'XCEL01', responseCode: '001' };
    expect((await respond(viewer, body)).status).toBe(403);
    expect((await call(h, viewer, 'GET', `/rest/onecall/tickets/${TICKET}`)).body.canRespond).toBe(false);
    await setFlag(h, f.admin.organizationId, 'onecall', {
      enabled: true,
      positiveResponse: false,
      members: ORG_MEMBERS,
    });
    try {
      const off = await respond(f.admin, body);
      expect([off.status, off.body.message]).toEqual([403, ONECALL_MSG.positiveResponseDisabled]);
      expect((await call(h, f.admin, 'GET', `/rest/onecall/tickets/${TICKET}`)).body.canRespond).toBe(false);
    } finally {
      await setFlag(h, f.admin.organizationId, 'onecall', {
        enabled: true,
        positiveResponse: true,
        members: ORG_MEMBERS,
      });
    }
  });

  it('stores, logs on the ticket feature and mails the response to the center; lists responses', async () => {
    const since = await lastSeq(h);
    const first = await respond(f.admin, { member: 'xcel01', responseCode: '001', featureFormId: null });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      mbcode: 'XCEL01',
      name: 'XCEL01',
      status: 'RESPONDED',
      response: '001',
      description: 'Locate Area Marked',
      comments: null,
      response_by: f.admin.email,
    });
    const mail = mailsToCenter().at(-1)!;
    expect(mail.subject).toBe(`Positive response ${TICKET} XCEL01 001`);
    expect(mail.text).toContain(
      `Ticket Number: ${TICKET}\nMember: XCEL01\nResponse Code: 001\nResponse: Locate Area Marked`,
    );
    expect(mail.text).toContain(`Responded By: ${f.admin.email}`);
    const entries = await loggedSince(h, f.admin.organizationId, since);
    expect(entries.map((e) => [e.type, e.category, e.message, e.artifact?.featureId])).toEqual([
      ['Edit', 'Feature', `Positive response 001 (Locate Area Marked) for ticket ${TICKET} as XCEL01`, featureId],
    ]);

    const comments = 'Marked gas and electric, 2 ft east of the curb.';
    const second = await respond(f.admin, { member: 'DNVWTR', responseCode: '021', comments: `  ${comments} ` });
    expect(second.body).toMatchObject({ mbcode: 'DNVWTR', name: 'Denver Water', response: '021', comments });
    expect(mailsToCenter().at(-1)!.text).toContain(`Member: DNVWTR (Denver Water)`);
    const third = await respond(f.admin, { member: 'XCEL01', responseCode: '002', comments: 'x'.repeat(10) });
    expect(third.status).toBe(201);

    const all = await call(h, f.admin, 'GET', `/rest/onecall/tickets/${TICKET}/responses?all=true`);
    expect(all.body).toMatchObject({ ticketNumber: TICKET, members_notified: 'XCEL01,CMCST2,DNVWTR,CTLQW1' });
    expect(all.body.responses.map((r: { mbcode: string; response: string }) => [r.mbcode, r.response])).toEqual([
      ['XCEL01', '002'],
      ['DNVWTR', '021'],
      ['XCEL01', '001'],
    ]);
    const latest = await call(h, f.admin, 'GET', `/rest/onecall/tickets/${TICKET}/responses`);
    expect(latest.body.responses.map((r: { mbcode: string }) => r.mbcode)).toEqual(['XCEL01', 'DNVWTR']);
  });

  it('is sent from a Locate Form record of the ticket, whose id it keeps; another record is refused', async () => {
    const locate = (ticketNumber: string) =>
      call(h, f.admin, 'POST', '/rest/features/forms', {
        featureId,
        formId: LOCATE_FORM_ID,
        projectId: f.project.id,
        data: [{ id: 'ticketNumber', type: 'text', value: ticketNumber }],
      });
    const record = await locate(` ${TICKET} `);
    expect(record.status).toBe(201);
    const other = await locate('250314-69998');
    const before = await oneCallCounts(h, f.admin.organizationId);
    for (const featureFormId of [other.body.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await respond(f.admin, { member: 'XCEL01', responseCode: '001', featureFormId });
      expect([res.status, res.body.message], featureFormId).toEqual([400, ONECALL_MSG.locateFormMismatch]);
    }
    expect(await oneCallCounts(h, f.admin.organizationId)).toEqual(before);
    const sent = await respond(f.admin, { member: 'XCEL01', responseCode: '001', featureFormId: record.body.id });
    expect(sent.body).toMatchObject({ status: 'RESPONDED', featureFormId: record.body.id });
  });

  it('stores nothing when the response cannot be mailed, and says so', async () => {
    const before = await oneCallCounts(h, f.admin.organizationId);
    const mailer = h.app.deps.mailer as Mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('relay down');
    };
    try {
      const res = await respond(f.admin, { member: 'XCEL01', responseCode: '001' });
      expect([res.status, res.body.message]).toEqual([502, ONECALL_MSG.positiveResponseError]);
    } finally {
      mailer.send = send;
    }
    expect(await oneCallCounts(h, f.admin.organizationId)).toEqual(before);
  });
});
