import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSchema, profileSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as accounts from './service.js';
import { orgQuery } from '../http/route-parts.js';

const tags = ['accounts'];

export function accountRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/rest/accounts/current',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The signed-in account in the selected organization',
          querystring: orgQuery,
          response: { 200: accountSchema },
        },
      },
      (req) => accounts.currentAccount(deps, callerOf(req)),
    );

    r.get(
      '/rest/accounts/profile',
      {
        config: { access: 'inactiveAllowed' },
        schema: {
          tags,
          summary: 'Organizations, permissions, EULA and active state of the signed-in user',
          querystring: orgQuery,
          response: { 200: profileSchema },
        },
      },
      (req) => accounts.profile(deps, callerOf(req)),
    );

    r.put(
      '/rest/accounts/eula/web',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Accept the current web EULA',
          querystring: orgQuery,
          response: { 200: profileSchema },
        },
      },
      (req) => accounts.acceptWebEula(deps, callerOf(req)),
    );
  };
}
