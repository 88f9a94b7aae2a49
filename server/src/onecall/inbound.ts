import type { Deps } from '../deps.js';
import { oneCallSettings } from './access.js';
import { INBOUND_LOCAL_PREFIX, inboundDomain } from './addresses.js';
import { parseTicket } from './ticket-parser.js';
import { storeTicket, type StoredTicket, type TicketAddress } from './ticket-store.js';

/**
 * Tickets arriving by mail (SMTP, inbound-smtp.ts) or webhook (inbound-routes.ts): the recipient
 * names the address (our inbound address `tickets-<token>@<domain>`, or the registered address itself
 * when its mail is delivered to us), the text is parsed, and the ticket is written to the layer of
 * every address it was sent to, all in one transaction. A ticket that cannot be read is refused whole
 * and logged; nothing of it is stored.
 */

export interface InboundMail {
  from: string | null;
  replyTo: string | null;
  subject: string | null;
  text: string;
}

/** A refusal to tell the sender: `permanent` false asks them to send it again later. */
export class TicketRefused extends Error {
  constructor(
    readonly reasons: string[],
    readonly permanent = true,
  ) {
    super(reasons.join('; '));
  }
}

export type RecipientCheck =
  { ok: true; addresses: TicketAddress[] } | { ok: false; reason: 'unknown' | 'unverified' | 'disabled' };

const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const mailbox = (value: string | null | undefined) => {
  const v = value?.trim().toLowerCase();
  return v && EMAIL_RE.test(v) ? v : null;
};

/** The verified addresses of organizations with one-call on that a recipient names, or why there are none. */
export async function recipientAddresses(deps: Deps, recipient: string): Promise<RecipientCheck> {
  const email = recipient.trim().toLowerCase();
  const [local, domain] = [email.slice(0, email.lastIndexOf('@')), email.slice(email.lastIndexOf('@') + 1)];
  const token = local.startsWith(INBOUND_LOCAL_PREFIX) ? local.slice(INBOUND_LOCAL_PREFIX.length) : null;
  let query = deps.db
    .selectFrom('onecall_addresses')
    .select(['id', 'organization_id', 'project_id', 'layer_id', 'email_address', 'archive_days', 'verified_at']);
  query =
    token && /^[0-9a-f]{32}$/.test(token) && domain === inboundDomain(deps.config)
      ? query.where('inbound_token', '=', token)
      : query.where((eb) => eb(eb.fn('lower', ['email_address']), '=', email));
  const rows = await query.execute();
  if (rows.length === 0) return { ok: false, reason: 'unknown' };
  const verified = rows.filter((r) => r.verified_at !== null);
  if (verified.length === 0) return { ok: false, reason: 'unverified' };
  const enabled: TicketAddress[] = [];
  for (const row of verified) if ((await oneCallSettings(deps.db, row.organization_id)).enabled) enabled.push(row);
  return enabled.length ? { ok: true, addresses: enabled } : { ok: false, reason: 'disabled' };
}

/** Why a recipient takes no tickets, as a sender is told. */
export const RECIPIENT_REFUSALS: Record<Exclude<RecipientCheck, { ok: true }>['reason'], string> = {
  unknown: 'no one-call address of that name',
  unverified: 'the one-call address is not verified yet',
  disabled: "one-call is switched off for the address's organization",
};

/** Parses and stores a ticket for the addresses it was sent to; refuses (and logs) one it cannot read. */
export async function receiveTicket(
  deps: Deps,
  addresses: TicketAddress[],
  mail: InboundMail,
): Promise<StoredTicket[]> {
  const to = addresses.map((a) => a.email_address);
  const refuse = (reasons: string[], permanent = true) => {
    deps.log.warn({ to, from: mail.from, subject: mail.subject, reasons }, 'one-call ticket refused');
    return new TicketRefused(reasons, permanent);
  };
  if (addresses.length === 0) throw refuse([RECIPIENT_REFUSALS.unknown]);
  const parsed = parseTicket(mail.text);
  if (!parsed.ok) throw refuse(parsed.errors);
  const ticket = parsed.ticket;
  const replyTo = ticket.responseTo ?? mailbox(mail.replyTo) ?? mailbox(mail.from);
  if (!replyTo)
    throw refuse(['no address for positive responses: no Response Address in the ticket, no Reply-To or sender']);
  const unique = [...new Map(addresses.map((a) => [a.id, a])).values()];
  try {
    const stored = await deps.db.transaction().execute(async (trx) => {
      const written: StoredTicket[] = [];
      for (const a of unique)
        written.push(await storeTicket(trx, a, ticket, { replyTo, raw: mail.text, from: mailbox(mail.from) }));
      return written;
    });
    deps.log.info({ to, ticketNumber: ticket.ticketNumber, stored }, 'one-call ticket received');
    return stored;
  } catch (err) {
    // The same new ticket written at once by another delivery: this one can be sent again (an update then).
    if ((err as { code?: string }).code === '23505')
      throw refuse(['the same ticket is being received at this moment; send it again'], false);
    throw err;
  }
}
