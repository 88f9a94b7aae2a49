import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { layerNameField } from './projects.js';

/**
 * One-call (811 locate tickets, spec 3 §2 one-call list and ONECALL_811 tab, §3 ticket, positive
 * response and one-call e-mail entities, §5 rules, §6 rights, §7 one-call service, §8 messages, §9
 * codes and limits). Shared by the one-call API and the web screens.
 */

export const ONECALL_LIMITS = {
  emailMax: LIMITS.emailMax,
  layerNameMax: 128,
  archiveDaysMin: 1,
  archiveDaysMax: 365,
  archiveDaysDefault: 7,
  ticketNumberMax: 48,
  commentsMin: 10,
  commentsMax: 255,
  /** An incoming ticket mail larger than this is refused (tickets are a few kilobytes of text). */
  ticketMailMaxBytes: 1_048_576,
} as const;

/** Message ids and texts the spec names (§8); where it names none, ours. */
export const ONECALL_MSG = {
  invalidEmail: 'app.invalid.email-addr',
  emailInUse: 'app.oncall.email-in-use',
  layerNameRequired: 'app.name.non-empty',
  layerExists: 'app.layer.exists.error',
  archiveDaysOutOfRange: 'app.onecall.edit-onecall-expire-out-of-range',
  updateError: 'app.onecall.update-onecall.error',
  added: 'app.onecall.add.success',
  updated: 'app.onecall.update.success',
  deleted: 'app.onecall.delete.success',
  addError: 'app.onecall.add.error',
  deleteError: 'app.onecall.delete.error',
  /** Archive days can be edited once the address is verified (spec 3 §4). */
  notVerified: 'app.onecall.error.not-verified',
  verificationSent: 'app.onecall.verification.sent',
  verificationInvalid: 'app.onecall.verification.invalid',
  /** The organization's one-call (or its positive response) is switched off (spec 3 §6). */
  disabled: 'app.onecall.error.disabled',
  positiveResponseDisabled: 'app.onecall.error.positive-response-disabled',
  /** Spec 3 §8: these three are shown as the texts they are. */
  ticketNotFound: 'The OneCall ticket could not be found',
  noTicketNumber: 'No onecall ticket number found. If this persists, contact support.',
  noResponseCode: 'No response code provided. If this persists, contact support.',
  memberRequired: 'app.onecall.error.member-required',
  memberNotAllowed: 'app.onecall.error.member-not-allowed',
  commentsRequired: 'app.onecall.error.comments-required',
  commentsLength: 'app.onecall.error.comments-length',
  unknownCode: 'app.onecall.error.unknown-code',
  ticketArchived: 'app.onecall.error.ticket-archived',
  /** The Locate Form record named is not one of this ticket (another ticket number, gone, or no Locate Form). */
  locateFormMismatch: 'app.onecall.error.locate-form',
  /** A ticket feature shows what the one-call center sent; nobody edits it (spec 3 §2 read-only panel). */
  ticketReadOnly: 'app.onecall.error.ticket-read-only',
  positiveResponseSuccess: 'app.onecall.positive-response.success',
  positiveResponseError: 'app.onecall.positive-response.error',
  /** An incoming ticket that could not be read (inbound mail or webhook). */
  ticketMalformed: 'app.onecall.ticket.malformed',
  /** The same new ticket arrived twice at once: the second delivery is asked to come again. */
  ticketRetry: 'app.onecall.ticket.retry',
  inboundUnknownRecipient: 'app.onecall.inbound.unknown-recipient',
} as const;

/** Spec 3 §9 response codes 001–015 and 017–023 (016 does not exist); texts the spec leaves out are ours. */
export const POSITIVE_RESPONSE_CODES = [
  { code: '001', text: 'Locate Area Marked' },
  { code: '002', text: 'Clear - No Conflict' },
  { code: '003', text: 'Clear - Facilities Outside Work Area' },
  { code: '004', text: 'Marked - Abandoned Facilities Present' },
  { code: '005', text: 'Not Marked - Later Date Agreed With Excavator' },
  { code: '006', text: 'Not Marked - Site Not Accessible' },
  { code: '007', text: 'Not Marked - Extraordinary Circumstances' },
  { code: '008', text: 'Locate Area Marked' },
  { code: '009', text: 'Marked - Conflict, Contact Member Before Digging' },
  { code: '010', text: 'Not Marked - Incorrect Ticket Information' },
  { code: '011', text: 'Not Marked - Member Will Meet On Site' },
  { code: '012', text: 'Marked - Private Facilities Not Located' },
  { code: '013', text: 'Not Marked - Delayed by Weather' },
  { code: '014', text: 'Critical Facility - Member Standby Required' },
  { code: '015', text: 'Not Marked - Ticket Cancelled' },
  { code: '017', text: 'Marked - Meeting Requested' },
  { code: '018', text: 'Not Marked - Excavation Area Not White-Lined' },
  { code: '019', text: 'Marked From Records Only' },
  { code: '020', text: 'Not Marked - No Response From Excavator' },
  { code: '021', text: 'Existing Marks Verified' },
  { code: '022', text: 'No Locate Necessary' },
  { code: '023', text: 'Ongoing Ticket' },
] as const;
export type PositiveResponseCode = (typeof POSITIVE_RESPONSE_CODES)[number]['code'];

/** Spec 3 §5: these codes need comments. */
export const CODES_NEEDING_COMMENTS: readonly string[] = ['008', '021', '022', '023'];

export const responseCodeText = (code: string): string | undefined =>
  POSITIVE_RESPONSE_CODES.find((c) => c.code === code)?.text;

/**
 * Spec 3 §5 positive response: a code of §9, comments required for 008/021/022/023 and, when given,
 * 10–255 characters (trimmed). The first unmet rule's message, or null. The member is checked apart
 * (it needs the ticket and the organization's list).
 */
export function positiveResponseError(input: { responseCode?: string | null; comments?: string | null }) {
  const code = input.responseCode?.trim() ?? '';
  if (!code) return ONECALL_MSG.noResponseCode;
  if (!responseCodeText(code)) return ONECALL_MSG.unknownCode;
  return commentsError(code, input.comments);
}

/** Spec 3 §5 comments alone: required for 008/021/022/023; when given, 10–255 characters (trimmed). */
export function commentsError(responseCode: string, comments: string | null | undefined) {
  const text = comments?.trim() ?? '';
  if (!text) return CODES_NEEDING_COMMENTS.includes(responseCode) ? ONECALL_MSG.commentsRequired : null;
  if (text.length < ONECALL_LIMITS.commentsMin || text.length > ONECALL_LIMITS.commentsMax)
    return ONECALL_MSG.commentsLength;
  return null;
}

/**
 * A ticket number as the one-call centers write it: two non-empty parts around one hyphen
 * ("250314-00127"), at most 48 characters (spec 3 §5, §9).
 */
export function isTicketNumber(text: string): boolean {
  const parts = text.split('-');
  return (
    text.length <= ONECALL_LIMITS.ticketNumberMax && parts.length === 2 && parts.every((p) => /^[A-Za-z0-9]+$/.test(p))
  );
}

/** A member the organization answers for: its one-call code and a name to show. */
export interface OneCallMember {
  code: string;
  name: string;
}

/**
 * The organization's one-call member list (functionalityFlags.onecall.members, set by the operator):
 * codes ("XCEL01") or {code, name} entries. Codes compare in upper case, as centers send them.
 */
export function oneCallMembers(functionalityFlags: unknown): OneCallMember[] {
  const members = (functionalityFlags as { onecall?: { members?: unknown } } | null)?.onecall?.members;
  if (!Array.isArray(members)) return [];
  return members.flatMap((m): OneCallMember[] => {
    if (typeof m === 'string' && m.trim()) return [{ code: m.trim().toUpperCase(), name: m.trim().toUpperCase() }];
    if (m && typeof m === 'object' && typeof (m as { code?: unknown }).code === 'string') {
      const code = (m as { code: string }).code.trim().toUpperCase();
      const name = (m as { name?: unknown }).name;
      return code ? [{ code, name: typeof name === 'string' && name.trim() ? name.trim() : code }] : [];
    }
    return [];
  });
}

/** Spec 3 §3: members_notified is one comma-separated text. */
export const splitMembers = (membersNotified: string): string[] =>
  membersNotified
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);

/** Spec 3 §6: the members a user may answer for: the organization's list ∩ the ticket's notified members. */
export function answerableMembers(organization: OneCallMember[], membersNotified: string): OneCallMember[] {
  const notified = new Set(splitMembers(membersNotified));
  return organization.filter((m) => notified.has(m.code));
}

/** A feature id of a one-call ticket ("onecall_tickets.<n>"). */
export const isTicketFeatureId = (featureId: string) => featureId.startsWith('onecall_tickets.');

/** The flags one-call needs (spec 3 §6): onecall.enabled, and positiveResponse for the ONECALL_811 tab. */
export function oneCallFlags(functionalityFlags: unknown): { enabled: boolean; positiveResponse: boolean } {
  const onecall = (functionalityFlags as { onecall?: { enabled?: unknown; positiveResponse?: unknown } } | null)
    ?.onecall;
  const enabled = onecall?.enabled === true;
  return { enabled, positiveResponse: enabled && onecall?.positiveResponse === true };
}

// ── The one-call e-mail list (spec 3 §3 one-call e-mail, §5, §7) ──

export const oneCallEmailField = z
  .string({ message: ONECALL_MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .max(ONECALL_LIMITS.emailMax, { message: ONECALL_MSG.invalidEmail })
  .pipe(z.email({ message: ONECALL_MSG.invalidEmail }));

export const archiveDaysField = z
  .number({ message: ONECALL_MSG.archiveDaysOutOfRange })
  .int({ message: ONECALL_MSG.archiveDaysOutOfRange })
  .min(ONECALL_LIMITS.archiveDaysMin, { message: ONECALL_MSG.archiveDaysOutOfRange })
  .max(ONECALL_LIMITS.archiveDaysMax, { message: ONECALL_MSG.archiveDaysOutOfRange });

/** POST /rest/onecall/email/email-address. */
export const oneCallEmailCreateSchema = z.object({
  emailAddress: oneCallEmailField,
  layerName: layerNameField,
  projectId: z.string().uuid(),
});
export type OneCallEmailCreate = z.input<typeof oneCallEmailCreateSchema>;

/** PUT /rest/onecall/email/email-address: the archive days. */
export const oneCallEmailUpdateSchema = z.object({
  id: z.string().uuid(),
  projectId: z.string().uuid(),
  archiveDays: archiveDaysField,
});
export type OneCallEmailUpdate = z.input<typeof oneCallEmailUpdateSchema>;

/** A project's one-call address as listed (spec 3 §3), with where its tickets can be sent. */
export const oneCallEmailSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  emailAddress: z.string(),
  isVerified: z.boolean(),
  archiveDays: z.number(),
  layerName: z.string(),
  folderId: z.string(),
  layer: z.object({ id: z.string(), layerName: z.string(), folderId: z.string() }),
  /** Our address for this list: mail sent (or forwarded) here becomes a ticket. */
  inboundAddress: z.string(),
  /** The token of the inbound webhook for this address (X-Onecall-Token). */
  inboundToken: z.string(),
  created: z.string(),
});
export type OneCallEmail = z.infer<typeof oneCallEmailSchema>;

// ── Tickets and positive responses (spec 3 §3, §7) ──

/** A ticket as the one-call service answers it: its fields, members_notified comma separated. */
export const oneCallTicketSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  ticketType: z.string(),
  revision: z.string().nullable(),
  members_notified: z.string(),
  /** The members the caller may answer for (organization list ∩ notified; spec 3 §6). */
  members: z.array(z.object({ code: z.string(), name: z.string() })),
  fields: z.record(z.string(), z.string()),
  projectId: z.string(),
  layerId: z.string(),
  featureId: z.string(),
  received: z.string(),
  archived: z.boolean(),
  /** Feature admin on the ticket, with the organization's positive response on. */
  canRespond: z.boolean(),
});
export type OneCallTicket = z.infer<typeof oneCallTicketSchema>;

/** POST /rest/onecall/positive-response/{ticketNumber} (spec 3 §3 payload). */
export const positiveResponseInputSchema = z.object({
  projectId: z.string().uuid(),
  featureFormId: z.string().max(64).nullable().optional(),
  responseCode: z.string().max(8).nullable().optional(),
  comments: z.string().max(4000).nullable().optional(),
  member: z.string().max(64).nullable().optional(),
});
export type PositiveResponseInput = z.input<typeof positiveResponseInputSchema>;

/** A positive response record (spec 3 §3). */
export const positiveResponseSchema = z.object({
  id: z.string(),
  responded: z.string(),
  mbcode: z.string(),
  name: z.string(),
  status: z.literal('RESPONDED'),
  response: z.string(),
  description: z.string(),
  comments: z.string().nullable(),
  response_by: z.string().nullable(),
  featureFormId: z.string().nullable(),
});
export type PositiveResponse = z.infer<typeof positiveResponseSchema>;

/** GET tickets/{ticket}/responses: the responses list plus the ticket fields. */
export const ticketResponsesSchema = oneCallTicketSchema.extend({ responses: z.array(positiveResponseSchema) });
export type TicketResponses = z.infer<typeof ticketResponsesSchema>;
