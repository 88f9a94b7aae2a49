import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEATURE_KINDS,
  FEATURE_MSG,
  databaseIdField,
  featureInputSchema,
  featureRefField,
  type FeatureKind,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import * as features from './service.js';
import { member, orgQuery } from '../http/route-parts.js';
import { leaderRoutes, lineFunctionRoutes } from './line-and-leader-routes.js';

const tags = ['features'];

/** The feature kind a GeoJSON geometry type is stored as. */
export const kindOfGeometry = (type: string): FeatureKind =>
  type === 'Point' ? 'point' : type.endsWith('LineString') ? 'line' : 'polygon';

/** Features by geometry type (spec 3 §7): /rest/features/points|lines|polygons, and the generic routes. */
export function featureRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const [path, kind] of Object.entries(FEATURE_KINDS) as Array<[string, FeatureKind]>) {
      const idParams = z.object({ id: databaseIdField });
      r.post(
        `/rest/features/${path}`,
        {
          config: member,
          schema: { tags, summary: `Add a ${kind} feature`, querystring: orgQuery, body: featureInputSchema },
        },
        async (req, reply) => reply.status(201).send(await features.createFeature(deps, callerOf(req), kind, req.body)),
      );
      r.put(
        `/rest/features/${path}`,
        {
          config: member,
          schema: { tags, summary: `Edit a ${kind} feature`, querystring: orgQuery, body: featureInputSchema },
        },
        (req) => {
          if (req.body.id === undefined) throw badRequest(FEATURE_MSG.geometryInvalid);
          return features.updateFeature(
            deps,
            callerOf(req),
            kind,
            features.parseFeatureId(String(req.body.id)).id,
            req.body,
          );
        },
      );
      r.get(
        `/rest/features/${path}/:id`,
        {
          config: member,
          schema: { tags, summary: `A ${kind} feature as GeoJSON`, params: idParams, querystring: orgQuery },
        },
        (req) => features.getFeature(deps, callerOf(req), req.params.id, kind),
      );
      r.delete(
        `/rest/features/${path}/:id`,
        {
          config: member,
          schema: { tags, summary: `Delete a ${kind} feature`, params: idParams, querystring: orgQuery },
        },
        async (req, reply) => {
          await features.deleteFeature(deps, callerOf(req), req.params.id, kind);
          return reply.status(204).send();
        },
      );
    }

    const anyId = z.object({ id: featureRefField });
    r.post(
      '/rest/features',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add a feature (kind from its geometry)',
          querystring: orgQuery,
          body: featureInputSchema,
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await features.createFeature(deps, callerOf(req), kindOfGeometry(req.body.geometry.type), req.body)),
    );
    r.put(
      '/rest/features',
      { config: member, schema: { tags, summary: 'Edit a feature', querystring: orgQuery, body: featureInputSchema } },
      (req) => {
        if (req.body.id === undefined) throw badRequest(FEATURE_MSG.geometryInvalid);
        const parsed = features.parseFeatureId(String(req.body.id));
        return features.updateFeature(deps, callerOf(req), undefined, parsed.id, req.body);
      },
    );
    r.get(
      '/rest/features/:id',
      { config: member, schema: { tags, summary: 'A feature by "<kind>.<id>"', params: anyId, querystring: orgQuery } },
      (req) => {
        const parsed = features.parseFeatureId(req.params.id);
        return features.getFeature(deps, callerOf(req), parsed.id, parsed.kind || undefined);
      },
    );
    r.delete(
      '/rest/features/:id',
      {
        config: member,
        schema: { tags, summary: 'Delete a feature by "<kind>.<id>"', params: anyId, querystring: orgQuery },
      },
      async (req, reply) => {
        const parsed = features.parseFeatureId(req.params.id);
        await features.deleteFeature(deps, callerOf(req), parsed.id, parsed.kind || undefined);
        return reply.status(204).send();
      },
    );
    await lineFunctionRoutes(app, deps);
    await leaderRoutes(app, deps);
  };
}
