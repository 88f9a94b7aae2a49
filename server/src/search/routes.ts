import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_MSG, fieldValuesRequestSchema, searchRequestSchema, suggestionsRequestSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf, loadCaller, type Caller } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { member, orgQuery } from '../http/route-parts.js';
import * as searching from './service.js';

const tags = ['search'];
const invalid = SEARCH_MSG.invalid;
const orgParams = z.object({ orgId: z.string(invalid).uuid(invalid) });

/**
 * The search service's calls (spec 3 §7 "Search service"). `{orgId}` names the organization searched: a
 * member of several searches any of theirs; any other organization is not found.
 */
async function callerIn(deps: Deps, req: FastifyRequest, orgId: string): Promise<Caller> {
  const caller = callerOf(req);
  if (caller.organizationId === orgId) return caller;
  const there = await loadCaller(deps.db, caller.accountId, orgId).catch(() => null);
  if (!there || !there.isActive) throw notFound(SEARCH_MSG.layerNotFound);
  return there;
}

export function searchRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Searches are POST reads (long filter bodies): they write nothing, so nothing is logged.
    r.post(
      '/search/features/:orgId',
      {
        config: member,
        schema: {
          tags,
          summary: 'Search the features of the layers the caller may view (one page of hits and the total)',
          params: orgParams,
          querystring: orgQuery,
          body: searchRequestSchema,
        },
      },
      async (req) => searching.search(deps, await callerIn(deps, req, req.params.orgId), req.params.orgId, req.body),
    );
    r.get(
      '/search/features/mappings/:orgId',
      {
        config: member,
        schema: {
          tags,
          summary: 'Searchable columns and their types, per layer',
          params: orgParams,
          querystring: orgQuery.extend({
            layerId: z.string(invalid).uuid(invalid).optional(),
            projectId: z.string(invalid).uuid(invalid).optional(),
          }),
        },
      },
      async (req) => searching.mappings(deps, await callerIn(deps, req, req.params.orgId), req.params.orgId, req.query),
    );
    r.post(
      '/search/features/agg/fieldvalues/:orgId',
      {
        config: member,
        schema: {
          tags,
          summary: "A field's commonest values among a layer's matches",
          params: orgParams,
          querystring: orgQuery.extend({ layerId: z.string(invalid).uuid(invalid) }),
          body: fieldValuesRequestSchema,
        },
      },
      async (req) =>
        searching.fieldValues(
          deps,
          await callerIn(deps, req, req.params.orgId),
          req.params.orgId,
          req.query.layerId,
          req.body,
        ),
    );
    r.post(
      '/search/features/agg/fields',
      {
        config: member,
        schema: {
          tags,
          summary: 'Matches per layer (keyed by layer id) and in all',
          querystring: orgQuery,
          body: searchRequestSchema,
        },
      },
      (req) => searching.layerCounts(deps, callerOf(req), req.body),
    );
    r.post(
      '/search/features/agg/suggestions',
      {
        config: member,
        schema: {
          tags,
          summary: 'Values completing the typed text',
          querystring: orgQuery,
          body: suggestionsRequestSchema,
        },
      },
      (req) => searching.suggestions(deps, callerOf(req), req.body),
    );
  };
}
