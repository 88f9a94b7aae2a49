import { z } from 'zod';
import {
  ONECALL_MSG,
  answerableMembers,
  formDataEntrySchema,
  isUuid,
  ticketNumberOf,
  positiveResponseError,
  responseCodeText,
  type PositiveResponse,
  type positiveResponseInputSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, conflict, forbidden } from '../http/errors.js';
import { actorOf, recordFeatureActivity } from '../activities/record.js';
import { isFeatureAdmin } from '../projects/access.js';
import type { MailMessage } from '../platform/mail.js';
import { requireOneCall } from './access.js';
import { findTicket, responseById } from './tickets.js';

type Input = z.output<typeof positiveResponseInputSchema>;

/** The response as the one-call center reads it: one field a line, the ticket number in the subject. */
function responseMail(
  to: string,
  r: { ticketNumber: string; member: { code: string; name: string }; code: string; comments: string | null },
  by: { email: string; organization: string },
  at: Date,
): MailMessage {
  const text = [
    'POSITIVE RESPONSE',
    `Ticket Number: ${r.ticketNumber}`,
    `Member: ${r.member.code}${r.member.name !== r.member.code ? ` (${r.member.name})` : ''}`,
    `Response Code: ${r.code}`,
    `Response: ${responseCodeText(r.code)}`,
    `Comments: ${r.comments ?? ''}`,
    `Responded: ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `Responded By: ${by.email}`,
    `Organization: ${by.organization}`,
  ].join('\n');
  return { to, subject: `Positive response ${r.ticketNumber} ${r.member.code} ${r.code}`, text };
}

/**
 * The Locate Form record a response is sent from (spec 3 §2 form info panel): a live record of the
 * caller's organization whose ticket number is this ticket's; its id is kept with the response.
 */
async function locateRecordOf(db: Executor, caller: Caller, id: string | null | undefined, ticketNumber: string) {
  if (!id) return null;
  const row = isUuid(id)
    ? await db
        .selectFrom('feature_forms')
        .select(['id', 'form_id', 'data'])
        .where('id', '=', id)
        .where('organization_id', '=', caller.organizationId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const data = z.array(formDataEntrySchema).safeParse(row?.data);
  if (!row || !data.success || ticketNumberOf({ formId: row.form_id, data: data.data }) !== ticketNumber)
    throw badRequest(ONECALL_MSG.locateFormMismatch);
  return row.id;
}

/**
 * POST /rest/onecall/positive-response/{ticketNumber} (spec 3 §5, §6): the organization's one-call and
 * positive response on, the §5 code and comment rules, a ticket the caller may see and is feature
 * admin of, a member of the organization's list that the ticket notified. The response is stored,
 * logged on the ticket's feature and mailed to the center's reply address in one transaction: a mail
 * that cannot be sent stores nothing, and the user is told.
 */
export async function sendPositiveResponse(
  deps: Deps,
  caller: Caller,
  ticketNumber: string,
  input: Input,
): Promise<PositiveResponse> {
  if (!ticketNumber.trim()) throw badRequest(ONECALL_MSG.noTicketNumber);
  const settings = await requireOneCall(deps.db, caller);
  if (!settings.positiveResponse) throw forbidden(ONECALL_MSG.positiveResponseDisabled);
  const rule = positiveResponseError(input);
  if (rule) throw badRequest(rule);
  const ticket = await findTicket(deps.db, caller, ticketNumber, input.projectId);
  if (!isFeatureAdmin(caller, ticket.featureChain)) throw forbidden();
  if (ticket.row.archived_at) throw conflict(ONECALL_MSG.ticketArchived);
  const code = input.responseCode!.trim();
  const comments = input.comments?.trim() || null;
  const memberCode = input.member?.trim().toUpperCase();
  if (!memberCode) throw badRequest(ONECALL_MSG.memberRequired);
  const member = answerableMembers(settings.members, ticket.row.members_notified).find((m) => m.code === memberCode);
  if (!member) throw badRequest(ONECALL_MSG.memberNotAllowed);
  const featureFormId = await locateRecordOf(deps.db, caller, input.featureFormId, ticket.row.ticket_number);
  const organization = await deps.db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', caller.organizationId)
    .executeTakeFirstOrThrow();

  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('onecall_responses')
      .values({
        organization_id: caller.organizationId,
        ticket_id: ticket.row.id,
        member_code: member.code,
        member_name: member.name,
        response_code: code,
        comments,
        feature_form_id: featureFormId,
        responded_by: caller.accountId,
        responded_by_email: caller.email,
        delivered_to: ticket.row.reply_to,
      })
      .returning(['id', 'responded_at'])
      .executeTakeFirstOrThrow();
    await recordFeatureActivity(trx, actorOf(caller), {
      type: 'Edit',
      featureIds: [ticket.row.feature_id],
      message: `Positive response ${code} (${responseCodeText(code)}) for ticket ${ticket.row.ticket_number} as ${member.code}`,
      extra: { ticketNumber: ticket.row.ticket_number, responseCode: code, member: member.code },
    });
    const mail = responseMail(
      ticket.row.reply_to,
      { ticketNumber: ticket.row.ticket_number, member, code, comments },
      { email: caller.email, organization: organization.name },
      row.responded_at,
    );
    await deps.mailer.send(mail).catch((err: unknown) => {
      deps.log.error({ err, to: mail.to }, 'positive response not mailed');
      throw new AppError(502, 'MailNotSent', ONECALL_MSG.positiveResponseError);
    });
    return row.id;
  });
  return responseById(deps.db, id);
}
