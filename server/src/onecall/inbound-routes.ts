import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ONECALL_LIMITS, ONECALL_MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.js';
import { inboundAddressOf } from './addresses.js';
import { TicketRefused, receiveTicket, recipientAddresses, type RecipientCheck } from './inbound.js';
import type { TicketAddress } from './ticket-store.js';

const tags = ['one-call'];

/** A mail as an inbound-mail service posts it (the text part is the ticket). */
const inboundBody = z.object({
  to: z.string().max(4000).optional(),
  from: z.string().max(320).nullable().optional(),
  replyTo: z.string().max(320).nullable().optional(),
  subject: z.string().max(1000).nullable().optional(),
  text: z.string().max(ONECALL_LIMITS.ticketMailMaxBytes),
});

const stored = z.object({
  tickets: z.array(
    z.object({
      ticketNumber: z.string(),
      featureId: z.string(),
      projectId: z.string(),
      status: z.enum(['created', 'updated']),
    }),
  ),
});

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Refusals of a recipient as the webhook answers them. */
function refusedRecipient(reason: Exclude<RecipientCheck, { ok: true }>['reason']): AppError {
  if (reason === 'unverified') return new AppError(409, 'Conflict', ONECALL_MSG.notVerified);
  if (reason === 'disabled') return forbidden(ONECALL_MSG.disabled);
  return notFound(ONECALL_MSG.inboundUnknownRecipient);
}

/**
 * The addresses a webhook call delivers to: X-Onecall-Token names one address (its inbound token);
 * the deployment's secret (Authorization: Bearer, ONECALL_WEBHOOK_SECRET) lets `to` name any.
 */
async function webhookAddresses(deps: Deps, req: FastifyRequest, to: string | undefined): Promise<TicketAddress[]> {
  const token = req.headers['x-onecall-token'];
  if (typeof token === 'string' && token) {
    const check = await recipientAddresses(deps, inboundAddressOf(deps.config, token.toLowerCase()));
    if (check.ok) return check.addresses;
    // An unknown token is a bad credential, not a missing mailbox.
    if (check.reason === 'unknown') throw unauthorized();
    throw refusedRecipient(check.reason);
  }
  const secret = deps.config.inbound?.webhookSecret;
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!secret || !bearer || !sameSecret(bearer, secret)) throw unauthorized();
  const recipients = (to ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const found: TicketAddress[] = [];
  let refusal: AppError = notFound(ONECALL_MSG.inboundUnknownRecipient);
  for (const recipient of recipients) {
    const check = await recipientAddresses(deps, recipient);
    if (check.ok) found.push(...check.addresses);
    else refusal = refusedRecipient(check.reason);
  }
  if (found.length === 0) throw refusal;
  return found;
}

/** POST /rest/onecall/inbound: a ticket mail posted by an inbound-mail service or the one-call center. */
export async function inboundRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/rest/onecall/inbound',
    {
      config: { access: 'public' },
      bodyLimit: 2 * ONECALL_LIMITS.ticketMailMaxBytes,
      schema: {
        tags,
        summary: `Receive a one-call ticket (X-Onecall-Token: an address's inbound token, or Bearer <ONECALL_WEBHOOK_SECRET> with \`to\`)`,
        security: [],
        body: inboundBody,
        response: { 201: stored },
      },
    },
    async (req, reply) => {
      const addresses = await webhookAddresses(deps, req, req.body.to);
      try {
        const tickets = await receiveTicket(deps, addresses, {
          from: req.body.from ?? null,
          replyTo: req.body.replyTo ?? null,
          subject: req.body.subject ?? null,
          text: req.body.text,
        });
        return reply.status(201).send({ tickets });
      } catch (err) {
        if (!(err instanceof TicketRefused)) throw err;
        const details = err.reasons.map((message) => ({ path: 'text', message }));
        if (!err.permanent) throw new AppError(503, 'TryAgain', ONECALL_MSG.ticketRetry, details);
        throw new AppError(400, 'TicketMalformed', ONECALL_MSG.ticketMalformed, details);
      }
    },
  );
}
