import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureRefField, restoreFeatureSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { featureRestoreAnswer, layerRestoreAnswer, restoreFeature, restoreFromEntry } from './restore.js';

const tags = ['activities'];

/** Restores from the activity log (spec 3 §7): a feature, or a deleted layer or folder. */
export function restoreRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/rest/features/restore/:featureId',
      {
        config: member,
        schema: {
          tags,
          summary:
            'Undelete a feature, or with restoreFromTime (a log entry time) restore its state right after that write; data is "success" or a warning message id (409 when there is nothing to restore)',
          params: z.object({ featureId: featureRefField }),
          querystring: orgQuery,
          // A POST without a body (an undelete) arrives as null.
          body: restoreFeatureSchema.nullish(),
          response: { 200: featureRestoreAnswer },
        },
      },
      (req) => restoreFeature(deps, callerOf(req), req.params.featureId, req.body?.restoreFromTime),
    );
    r.post(
      '/rest/activities/:entryId/restore',
      {
        config: member,
        schema: {
          tags,
          summary:
            'Bring back the layer or folder of a Layer or Folder Delete entry, with its features (project admins)',
          params: z.object({ entryId: z.string().uuid() }),
          querystring: orgQuery,
          response: { 200: layerRestoreAnswer },
        },
      },
      (req) => restoreFromEntry(deps, callerOf(req), req.params.entryId),
    );
  };
}
