import { listAttachments } from '../attachments/service.js';
import {
  ONECALL_MSG,
  answerableMembers,
  isTicketNumber,
  parseFeatureRef,
  responseCodeText,
  type OneCallTicket,
  type PositiveResponse,
  type TicketResponses,
} from '@fieldbook/domain';
import type { AssetRef } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { layerContext } from '../features/service.js';
import { isFeatureAdmin } from '../projects/access.js';
import { requireOneCall, type OneCallSettings } from './access.js';

/**
 * Ticket lookups of the one-call service (spec 3 §7): by ticket number (within a project when it is
 * named) or by its feature; a ticket is found only in the caller's organization, on a layer the caller
 * may view, live or archived (a ticket whose feature was deleted is gone). Anything else is the spec's
 * 'The OneCall ticket could not be found'.
 */

const ticketRows = (db: Executor, caller: Caller) =>
  db
    .selectFrom('onecall_tickets as t')
    .innerJoin('features as f', 'f.id', 't.feature_id')
    .select([
      't.id',
      't.ticket_number',
      't.ticket_type',
      't.revision',
      't.members_notified',
      't.reply_to',
      't.fields',
      't.project_id',
      't.feature_id',
      't.received_at',
      't.updated_at',
      't.archived_at',
      'f.layer_id',
    ])
    .where('t.organization_id', '=', caller.organizationId)
    .where('f.organization_id', '=', caller.organizationId)
    .where((eb) => eb.or([eb('f.deleted_at', 'is', null), eb('t.archived_at', 'is not', null)]));
type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketRows>['executeTakeFirstOrThrow']>>;

/** A found ticket with the chain of its feature (for rights on it). */
export interface FoundTicket {
  row: TicketRow;
  featureChain: AssetRef[];
}

const ticketNotFound = () => notFound(ONECALL_MSG.ticketNotFound);

/** The first of the rows the caller may view (newest first). */
async function firstViewable(db: Executor, caller: Caller, rows: TicketRow[]): Promise<FoundTicket> {
  for (const row of rows) {
    const context = await layerContext(db, caller, row.layer_id).catch(() => null);
    if (context) return { row, featureChain: [{ type: 'feature', id: String(row.feature_id) }, ...context.chain] };
  }
  throw ticketNotFound();
}

export async function findTicket(
  db: Executor,
  caller: Caller,
  ticketNumber: string,
  projectId?: string,
): Promise<FoundTicket> {
  const number = ticketNumber.trim();
  if (!isTicketNumber(number)) throw ticketNotFound();
  let query = ticketRows(db, caller).where('t.ticket_number', '=', number);
  if (projectId) query = query.where('t.project_id', '=', projectId);
  return firstViewable(db, caller, await query.orderBy('t.updated_at', 'desc').execute());
}

export async function findTicketOfFeature(db: Executor, caller: Caller, featureId: string): Promise<FoundTicket> {
  const ref = parseFeatureRef(featureId);
  if (!ref || (ref.kind && ref.kind !== 'onecall_tickets')) throw ticketNotFound();
  return firstViewable(db, caller, await ticketRows(db, caller).where('t.feature_id', '=', ref.id).execute());
}

export function presentTicket(
  caller: Caller,
  settings: OneCallSettings,
  { row, featureChain }: FoundTicket,
): OneCallTicket {
  return {
    id: row.id,
    ticketNumber: row.ticket_number,
    ticketType: row.ticket_type,
    revision: row.revision,
    members_notified: row.members_notified,
    members: answerableMembers(settings.members, row.members_notified),
    fields: row.fields,
    projectId: row.project_id,
    layerId: row.layer_id,
    featureId: `onecall_tickets.${row.feature_id}`,
    received: row.updated_at.toISOString(),
    archived: row.archived_at !== null,
    canRespond: settings.positiveResponse && isFeatureAdmin(caller, featureChain),
  };
}

export async function ticketByNumber(deps: Deps, caller: Caller, ticketNumber: string, projectId?: string) {
  const settings = await requireOneCall(deps.db, caller);
  return presentTicket(caller, settings, await findTicket(deps.db, caller, ticketNumber, projectId));
}

/** The files attached to a ticket's feature (a locator's photos of the marks, the center's maps). */
export async function ticketAttachments(deps: Deps, caller: Caller, ticketNumber: string, projectId?: string) {
  await requireOneCall(deps.db, caller);
  const { row } = await findTicket(deps.db, caller, ticketNumber, projectId);
  return listAttachments(deps, caller, `onecall_tickets.${row.feature_id}`);
}

export async function ticketByFeature(deps: Deps, caller: Caller, featureId: string) {
  const settings = await requireOneCall(deps.db, caller);
  return presentTicket(caller, settings, await findTicketOfFeature(deps.db, caller, featureId));
}

const responseRows = (db: Executor) =>
  db
    .selectFrom('onecall_responses')
    .select([
      'id',
      'ticket_id',
      'member_code',
      'member_name',
      'response_code',
      'comments',
      'feature_form_id',
      'responded_at',
      'responded_by_email',
    ]);
type ResponseRow = Awaited<ReturnType<ReturnType<typeof responseRows>['executeTakeFirstOrThrow']>>;

export const presentResponse = (r: ResponseRow): PositiveResponse => ({
  id: r.id,
  responded: r.responded_at.toISOString(),
  mbcode: r.member_code,
  name: r.member_name,
  status: 'RESPONDED',
  response: r.response_code,
  description: responseCodeText(r.response_code) ?? r.response_code,
  comments: r.comments,
  response_by: r.responded_by_email,
  featureFormId: r.feature_form_id,
});

export async function responseById(db: Executor, id: string): Promise<PositiveResponse> {
  return presentResponse(await responseRows(db).where('id', '=', id).executeTakeFirstOrThrow());
}

/**
 * GET tickets/{ticket}/responses: the ticket's fields and its responses, newest first; without
 * all=true only each member's latest response (what the member's status is now).
 */
export async function ticketResponses(
  deps: Deps,
  caller: Caller,
  ticketNumber: string,
  { all, projectId }: { all: boolean; projectId?: string },
): Promise<TicketResponses> {
  const settings = await requireOneCall(deps.db, caller);
  const found = await findTicket(deps.db, caller, ticketNumber, projectId);
  const rows = await responseRows(deps.db)
    .where('ticket_id', '=', found.row.id)
    .orderBy('responded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const seen = new Set<string>();
  const shown = all ? rows : rows.filter((r) => !seen.has(r.member_code) && seen.add(r.member_code));
  return { ...presentTicket(caller, settings, found), responses: shown.map(presentResponse) };
}
