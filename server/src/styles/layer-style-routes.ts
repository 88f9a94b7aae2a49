import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { layerStyleOut, layerStyleSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { getLayerStyle, setLayerStyle } from './layer-style.js';

/** The dictionary styling a layer is drawn with on the server-rendered map (spec 3 §7 "Layer style"). */
export function layerStyleRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['styles'];
    const params = z.object({ layerId: z.string().uuid() });
    r.get(
      '/rest/styles/geo/layer/:layerId/style',
      {
        config: member,
        schema: {
          tags,
          summary: 'The dictionary system/component a layer is drawn with, and its geometry type',
          params,
          querystring: orgQuery,
          response: { 200: layerStyleOut },
        },
      },
      (req) => getLayerStyle(deps, callerOf(req), req.params.layerId),
    );
    r.put(
      '/rest/styles/geo/layer/:layerId/style',
      {
        config: member,
        schema: {
          tags,
          summary: "Draw a layer with a dictionary component's styling or a system colour (layer edit rights)",
          params,
          querystring: orgQuery,
          body: layerStyleSchema,
          response: { 200: layerStyleOut },
        },
      },
      (req) => setLayerStyle(deps, callerOf(req), req.params.layerId, req.body),
    );
  };
}
