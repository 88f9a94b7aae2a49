import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ONECALL_MSG,
  attachmentSchema,
  featureRefField,
  oneCallTicketSchema,
  positiveResponseInputSchema,
  positiveResponseSchema,
  ticketResponsesSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { member, orgQuery } from '../http/route-parts.js';
import { sendPositiveResponse } from './positive-response.js';
import { ticketAttachments, ticketByFeature, ticketByNumber, ticketResponses } from './tickets.js';

const tags = ['one-call'];
const ticketParams = z.object({ ticketNumber: z.string().max(64) });
const ticketQuery = orgQuery.extend({ projectId: z.string().uuid().optional() });

/** Tickets and positive responses (spec 3 §7 one-call service). */
export async function ticketRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/rest/onecall/tickets/feature/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'The ticket of a ticket feature',
        params: z.object({ id: featureRefField }),
        querystring: orgQuery,
        response: { 200: oneCallTicketSchema },
      },
    },
    (req) => ticketByFeature(deps, callerOf(req), req.params.id),
  );
  r.get(
    '/rest/onecall/tickets/:ticketNumber',
    {
      config: member,
      schema: {
        tags,
        summary: 'A ticket by its number (members_notified, and the members the caller may answer for)',
        params: ticketParams,
        querystring: ticketQuery,
        response: { 200: oneCallTicketSchema },
      },
    },
    (req) => ticketByNumber(deps, callerOf(req), req.params.ticketNumber, req.query.projectId),
  );
  r.get(
    '/rest/onecall/tickets/:ticketNumber/attachments',
    {
      config: member,
      schema: {
        tags,
        summary: "The files attached to the ticket's feature",
        params: ticketParams,
        querystring: ticketQuery,
        response: { 200: z.array(attachmentSchema) },
      },
    },
    (req) => ticketAttachments(deps, callerOf(req), req.params.ticketNumber, req.query.projectId),
  );
  r.get(
    '/rest/onecall/tickets/:ticketNumber/responses',
    {
      config: member,
      schema: {
        tags,
        summary: "The ticket's fields and positive responses (all=true: every response, else each member's latest)",
        params: ticketParams,
        querystring: ticketQuery.extend({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: ticketResponsesSchema },
      },
    },
    (req) =>
      ticketResponses(deps, callerOf(req), req.params.ticketNumber, {
        all: req.query.all === 'true',
        projectId: req.query.projectId,
      }),
  );
  r.post(
    '/rest/onecall/positive-response/:ticketNumber',
    {
      config: member,
      schema: {
        tags,
        summary: 'Send a positive response for a ticket (mailed to its one-call center)',
        params: ticketParams,
        querystring: orgQuery,
        body: positiveResponseInputSchema,
        response: { 201: positiveResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await sendPositiveResponse(deps, callerOf(req), req.params.ticketNumber, req.body)),
  );
  // Spec 3 §8: a response without a ticket number is answered with its own message.
  r.post(
    '/rest/onecall/positive-response',
    { config: member, schema: { tags, summary: 'A positive response without a ticket number (refused)' } },
    () => {
      throw badRequest(ONECALL_MSG.noTicketNumber);
    },
  );
}
