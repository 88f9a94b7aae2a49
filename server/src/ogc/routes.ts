import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { clientKeyCaller, viewableLayers } from './access.js';
import { describeFeatureType, getFeature, lowerKeys, type WfsLayer } from './wfs.js';
import { capabilities, wfsVersionOf } from './wfs-capabilities.js';
import { namesLayer, withPublishedNames } from './published-names.js';
import { wmsRoutes } from './wms-routes.js';
import { wmtsRoutes } from './wmts-routes.js';
import { wfsTransactionRoutes } from './wfs-transaction-routes.js';
import { OgcError, exceptionReport } from './xml.js';

async function serve(
  deps: Deps,
  reply: FastifyReply,
  projectId: string,
  unnamed: WfsLayer[],
  query: Record<string, unknown>,
  serviceUrl: string,
  transactional = false,
) {
  try {
    const params = lowerKeys(query);
    const request = (params.request ?? 'GetCapabilities').toLowerCase();
    if (params.service && params.service.toUpperCase() !== 'WFS')
      throw new OgcError('InvalidParameterValue', 'service', 'Only WFS is served here');
    const requested = (params.typenames ?? params.typename)?.split(',').map((t) => t.trim());
    // Published names cost a query of the project's layers: a GeoJSON page (the web map's) asked by
    // alias or id never shows them, so it goes without.
    const byAlias = requested && unnamed.filter((l) => requested.some((name) => namesLayer(l, name)));
    const json = request === 'getfeature' && (params.outputformat ?? '').toLowerCase().includes('json');
    const layers =
      json && byAlias?.length === requested?.length ? unnamed : await withPublishedNames(deps.db, projectId, unnamed);
    const chosen = requested ? layers.filter((l) => requested.some((name) => namesLayer(l, name))) : layers;
    if (requested && chosen.length !== requested.length)
      throw new OgcError('InvalidParameterValue', 'typeNames', `Unknown type ${requested.join(',')}`);
    if (request === 'getcapabilities') {
      return reply
        .type('application/xml; charset=utf-8')
        .send(await capabilities(deps.db, layers, serviceUrl, 'Fieldbook WFS', transactional, wfsVersionOf(params)));
    }
    if (request === 'describefeaturetype')
      return reply
        .type('application/xml; charset=utf-8')
        .send(await describeFeatureType(deps.db, chosen, wfsVersionOf(params)));
    if (request === 'getfeature') {
      if (chosen.length !== 1)
        throw new OgcError('InvalidParameterValue', 'typeNames', 'GetFeature takes one type name');
      const result = await getFeature(deps.db, chosen[0], params, serviceUrl);
      return reply.type(result.contentType).send(result.body);
    }
    throw new OgcError('OperationNotSupported', 'request', `Unsupported request ${params.request}`);
  } catch (err) {
    if (err instanceof OgcError)
      return reply
        .status(400)
        .type('application/xml; charset=utf-8')
        .send(exceptionReport(err.code, err.locator, err.message));
    throw err;
  }
}

/**
 * WFS 2.0 for a layer (signed-in users, spec 3 §7) and for a whole project through a client key
 * (external GIS clients, spec 2 "Manage clients").
 */
export function ogcRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['map services'];
    const layerParams = z.object({
      projectId: z.string().uuid(),
      folderId: z.string().uuid(),
      layerId: z.string().uuid(),
    });
    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wfs',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'WFS 2.0 of one layer (GetCapabilities, DescribeFeatureType, GetFeature; Transaction by POST)',
          params: layerParams,
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        const caller = callerOf(req);
        const layers = await viewableLayers(deps, caller, req.params.projectId, req.params);
        if (layers.length === 0) throw notFound();
        const url = `${deps.config.publicUrl}/rest/projects/${req.params.projectId}/folders/${req.params.folderId}/layers/${req.params.layerId}/geo/wfs`;
        return serve(deps, reply, req.params.projectId, layers, req.query, url, true);
      },
    );

    r.get(
      '/rest/projects/ogc/:projectId/wfs',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'WFS 2.0 (and 1.1.0) of a project for external clients: ?key=<client key>; Transactions by POST',
          params: z.object({ projectId: z.string().uuid() }),
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        const { caller, key } = await clientKeyCaller(deps, req, lowerKeys(req.query));
        const layers = await viewableLayers(deps, caller, req.params.projectId);
        const url = `${deps.config.publicUrl}/rest/projects/ogc/${req.params.projectId}/wfs?key=${encodeURIComponent(String(key))}`;
        return serve(deps, reply, req.params.projectId, layers, req.query, url, true);
      },
    );

    await app.register(wmsRoutes(deps));
    await app.register(wmtsRoutes(deps));
    await app.register(wfsTransactionRoutes(deps));
  };
}
