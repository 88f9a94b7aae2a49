import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSchema,
  addMemberSchema,
  invitationParamsSchema,
  invitationSchema,
  memberFilterQuerySchema,
  memberPageSchema,
  memberSchema,
  profileSchema,
  seatSummarySchema,
  updateMemberSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as members from './service.js';
import * as lifecycle from './lifecycle.js';
import * as invitations from './my-invitations.js';
import { member, orgQuery, idParams } from '../http/route-parts.js';

const tags = ['members'];

/** Member administration of spec 1 §2.5 (the checks are in the services). */
export function memberRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/rest/accounts/filter',
      {
        config: member,
        schema: {
          tags,
          summary: 'Members of the organization: paged, sorted, searched, filtered',
          querystring: memberFilterQuerySchema,
          response: { 200: memberPageSchema },
        },
      },
      (req) => members.listMembers(deps, callerOf(req), req.query),
    );

    r.get(
      '/rest/accounts',
      {
        config: member,
        schema: {
          tags,
          summary: 'All members, by name',
          querystring: orgQuery,
          response: { 200: z.array(memberSchema) },
        },
      },
      (req) => members.allMembers(deps, callerOf(req)),
    );

    r.get(
      '/rest/accounts/count',
      {
        config: member,
        schema: {
          tags,
          summary: 'Number of active members (support users excluded)',
          querystring: orgQuery,
          response: { 200: z.object({ count: z.number().int() }) },
        },
      },
      (req) => members.memberCount(deps, callerOf(req)),
    );

    r.get(
      '/rest/accounts/seats',
      {
        config: member,
        schema: {
          tags,
          summary: 'Seats in use and limits',
          querystring: orgQuery,
          response: { 200: seatSummarySchema },
        },
      },
      (req) => members.seats(deps, callerOf(req)),
    );

    // The signed-in person's own invitations to other organizations (the selected one does not matter).
    r.get(
      '/rest/accounts/invitations',
      {
        config: member,
        schema: {
          tags,
          summary: 'Invitations to other organizations waiting for my answer',
          querystring: orgQuery,
          response: { 200: z.array(invitationSchema) },
        },
      },
      (req) => invitations.myInvitations(deps, callerOf(req)),
    );

    r.put(
      '/rest/accounts/invitations/:organizationId/accept',
      {
        config: member,
        schema: {
          tags,
          summary: 'Accept an invitation: join the organization',
          params: invitationParamsSchema,
          querystring: orgQuery,
          response: { 200: profileSchema },
        },
      },
      (req) => invitations.acceptMyInvitation(deps, callerOf(req), req.params.organizationId),
    );

    r.put(
      '/rest/accounts/invitations/:organizationId/decline',
      {
        config: member,
        schema: { tags, summary: 'Decline an invitation', params: invitationParamsSchema, querystring: orgQuery },
      },
      async (req, reply) => {
        await invitations.declineMyInvitation(deps, callerOf(req), req.params.organizationId);
        return reply.status(204).send();
      },
    );

    r.get(
      '/rest/accounts/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'One member',
          params: idParams,
          querystring: orgQuery,
          response: { 200: memberSchema },
        },
      },
      (req) => members.getMember(deps, callerOf(req), req.params.id),
    );

    r.post(
      '/rest/accounts',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add a member (mails an invitation)',
          querystring: orgQuery,
          body: addMemberSchema,
          response: { 201: memberSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await lifecycle.addMember(deps, callerOf(req), req.body)),
    );

    r.put(
      '/rest/accounts',
      {
        config: member,
        schema: {
          tags,
          summary: 'Update own names, or (org admins) a member',
          querystring: orgQuery,
          body: updateMemberSchema,
          response: { 200: z.union([accountSchema, memberSchema]) },
        },
      },
      (req) => members.updateMember(deps, callerOf(req), req.body),
    );

    r.delete(
      '/rest/accounts/:id',
      {
        config: member,
        schema: { tags, summary: 'Remove a member', params: idParams, querystring: orgQuery },
      },
      async (req, reply) => {
        await lifecycle.deleteMember(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    r.put(
      '/rest/accounts/deactivate/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Disable a member',
          params: idParams,
          querystring: orgQuery,
          response: { 200: memberSchema },
        },
      },
      (req) => lifecycle.deactivateMember(deps, callerOf(req), req.params.id),
    );

    r.put(
      '/rest/accounts/activate/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Enable a member, optionally resending the invitation',
          params: idParams,
          querystring: orgQuery.extend({ reinvite: z.enum(['true', 'false']).optional() }),
          response: { 200: memberSchema },
        },
      },
      (req) => lifecycle.activateMember(deps, callerOf(req), req.params.id, req.query.reinvite === 'true'),
    );

    r.get(
      '/rest/cognito/resend/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Resend the invitation',
          params: idParams,
          querystring: orgQuery,
          response: { 200: z.object({ sent: z.literal(true) }) },
        },
      },
      (req) => lifecycle.resendInvitation(deps, callerOf(req), req.params.id),
    );

    for (const direction of ['promote', 'demote'] as const) {
      r.put(
        `/rest/accounts/${direction}/:id`,
        {
          config: member,
          schema: {
            tags,
            summary: direction === 'promote' ? 'Data collector → editor' : 'Editor → data collector',
            params: idParams,
            querystring: orgQuery,
            response: { 200: memberSchema },
          },
        },
        (req) => lifecycle.changeMemberType(deps, callerOf(req), req.params.id, direction),
      );
    }
  };
}
