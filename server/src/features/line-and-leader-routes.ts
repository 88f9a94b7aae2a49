import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureRefField, joinPointsSchema, leaderInputSchema, leaderUpdateSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { joinPointsIntoLine, joinTwoLines, removeLineVertex, splitLineAt } from './line-functions.js';
import { createLeader, deleteLeader, listLeaders, updateLeader } from './leaders.js';

const tags = ['features'];
const featureId = featureRefField;
const vertexParams = z.object({ id: featureId, vertex: z.coerce.number().int().min(0) });

/** Line functions of spec 3 §7 (behind the organization's lineFunctions flag). */
export async function lineFunctionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/rest/features/fn/line/removevertex/collected/:id/:vertex',
    {
      config: member,
      schema: { tags, summary: 'Remove one vertex of a line', params: vertexParams, querystring: orgQuery },
    },
    (req) => removeLineVertex(deps, callerOf(req), req.params.id, req.params.vertex),
  );
  r.post(
    '/rest/features/fn/line/split/:id/:vertex',
    {
      config: member,
      schema: {
        tags,
        summary: 'Split a line at an inner vertex into two lines',
        params: vertexParams,
        querystring: orgQuery,
      },
    },
    async (req, reply) =>
      reply.status(201).send(await splitLineAt(deps, callerOf(req), req.params.id, req.params.vertex)),
  );
  r.post(
    '/rest/features/fn/line/join/points',
    {
      config: member,
      schema: { tags, summary: 'Join points into a new line', body: joinPointsSchema, querystring: orgQuery },
    },
    async (req, reply) => reply.status(201).send(await joinPointsIntoLine(deps, callerOf(req), req.body)),
  );
  r.post(
    '/rest/features/fn/line/join/:id1/:id2',
    {
      config: member,
      schema: {
        tags,
        summary: 'Join a second line onto the first',
        params: z.object({ id1: featureId, id2: featureId }),
        querystring: orgQuery,
      },
    },
    (req) => joinTwoLines(deps, callerOf(req), req.params.id1, req.params.id2),
  );
}

/** Leaders on the folders' leader layers (spec 3 §3, §5). */
export async function leaderRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/rest/features/leaders',
    {
      config: member,
      schema: {
        tags,
        summary: "A project's leaders as GeoJSON",
        querystring: orgQuery.extend({ projectId: z.string().uuid() }),
      },
    },
    (req) => listLeaders(deps, callerOf(req), req.query.projectId),
  );
  r.post(
    '/rest/features/leaders',
    {
      config: member,
      schema: { tags, summary: 'Add a leader to a folder', body: leaderInputSchema, querystring: orgQuery },
    },
    async (req, reply) => reply.status(201).send(await createLeader(deps, callerOf(req), req.body)),
  );
  r.put(
    '/rest/features/leaders/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'Edit a leader',
        params: z.object({ id: featureId }),
        body: leaderUpdateSchema,
        querystring: orgQuery,
      },
    },
    (req) => updateLeader(deps, callerOf(req), req.params.id, req.body),
  );
  r.delete(
    '/rest/features/leaders/:id',
    {
      config: member,
      schema: { tags, summary: 'Delete a leader', params: z.object({ id: featureId }), querystring: orgQuery },
    },
    async (req, reply) => {
      await deleteLeader(deps, callerOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
