import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { addressRoutes } from './address-routes.js';
import { inboundRoutes } from './inbound-routes.js';
import { ticketRoutes } from './ticket-routes.js';

/** One-call (spec 3 §7 one-call service): the e-mail list, tickets, positive responses and the inbound webhook. */
export function oneCallRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    await addressRoutes(app, deps);
    await ticketRoutes(app, deps);
    await inboundRoutes(app, deps);
  };
}
