import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferencesSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as preferences from './service.js';

const tags = ['preferences'];

export function preferenceRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/preferences',
      {
        config: { access: 'session' },
        schema: { tags, summary: "The signed-in user's preferences", response: { 200: preferencesSchema } },
      },
      (req) => preferences.get(deps, callerOf(req).accountId),
    );
    // Not in the activity log: a user's own screen state (layers on, map position), not organization data.
    r.put(
      '/preferences',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Replace the preferences object',
          body: preferencesSchema,
          response: { 200: preferencesSchema },
        },
      },
      (req) => preferences.save(deps, callerOf(req).accountId, req.body),
    );
  };
}
