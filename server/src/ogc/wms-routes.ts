import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { namedForRequest, requestNaming } from './published-names.js';
import { MAP_LAYER_TYPES, clientKeyCaller, viewableLayers } from './access.js';
import { featuresAtPixel } from './feature-info.js';
import { lowerKeys } from './wfs.js';
import { serveWms } from './wms.js';
import { MAX_MAP_SIZE } from './wms-params.js';

const layerParams = z.object({ projectId: z.string().uuid(), folderId: z.string().uuid(), layerId: z.string().uuid() });
const anyQuery = z.record(z.string(), z.string());

const infoBody = z.object({
  layerIds: z.array(z.string().uuid()).min(1).max(100),
  crs: z.enum(['EPSG:3857', 'EPSG:4326', 'CRS:84']).default('EPSG:3857'),
  /** minx, miny, maxx, maxy with x east (longitude first for EPSG:4326 here). */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  width: z.number().int().min(1).max(MAX_MAP_SIZE),
  height: z.number().int().min(1).max(MAX_MAP_SIZE),
  i: z.number().int().min(0),
  j: z.number().int().min(0),
  featureCount: z.number().int().min(1).max(1000).default(10),
  tolerance: z.number().min(0).max(100).default(6),
});

/**
 * WMS 1.3.0 (GetCapabilities, GetMap, GetFeatureInfo; WMS-TILE is GetMap with TILED=true) for a layer,
 * with the same access as its WFS, and for a whole project through a client key.
 */
export function wmsRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['map services'];
    const layerUrl = (p: z.infer<typeof layerParams>) =>
      `${deps.config.publicUrl}/rest/projects/${p.projectId}/folders/${p.folderId}/layers/${p.layerId}/geo/wms`;

    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wms',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary:
            'WMS 1.3.0 of one layer (GetCapabilities, GetMap as PNG, GetFeatureInfo; TILED=true for 256 px tiles)',
          params: layerParams,
          querystring: anyQuery,
        },
      },
      async (req, reply) => {
        const viewable = await viewableLayers(deps, callerOf(req), req.params.projectId, req.params, MAP_LAYER_TYPES);
        if (viewable.length === 0) throw notFound();
        const params = lowerKeys(req.query);
        const layers = await namedForRequest(deps.db, req.params.projectId, viewable, requestNaming(params));
        return serveWms(
          deps,
          reply,
          layers,
          params,
          layerUrl(req.params),
          layers[0].name,
          req.headers['if-none-match'],
        );
      },
    );

    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/info',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'GetFeatureInfo of one layer (the WMS parameters; REQUEST and QUERY_LAYERS may be left out)',
          params: layerParams,
          querystring: anyQuery,
        },
      },
      async (req, reply) => {
        const layers = await viewableLayers(deps, callerOf(req), req.params.projectId, req.params);
        if (layers.length === 0) throw notFound();
        const params = { query_layers: layers[0].id, ...lowerKeys(req.query), request: 'GetFeatureInfo' };
        return serveWms(deps, reply, layers, params, layerUrl(req.params), layers[0].name);
      },
    );

    r.post(
      '/rest/projects/:projectId/geo/info',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'Features under a map pixel in several layers of a project, as GeoJSON',
          params: z.object({ projectId: z.string().uuid() }),
          body: infoBody,
        },
      },
      async (req) => {
        const layers = await viewableLayers(deps, callerOf(req), req.params.projectId);
        const visible = new Set(layers.map((l) => l.id));
        if (!req.body.layerIds.every((id) => visible.has(id))) throw notFound();
        const b = req.body;
        if (b.i >= b.width || b.j >= b.height || b.bbox[0] >= b.bbox[2] || b.bbox[1] >= b.bbox[3])
          throw badRequest('app.map.info.outside');
        const features = await featuresAtPixel(
          deps.db,
          b.layerIds,
          { crs: b.crs, bbox: b.bbox, width: b.width, height: b.height },
          b.i,
          b.j,
          b.tolerance,
          b.featureCount,
        );
        return { type: 'FeatureCollection', features };
      },
    );

    r.get(
      '/rest/projects/ogc/:projectId/wms',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'WMS 1.3.0 of a project for external clients: ?key=<client key>',
          params: z.object({ projectId: z.string().uuid() }),
          querystring: anyQuery,
        },
      },
      async (req, reply) => {
        const params = lowerKeys(req.query);
        const { caller, key } = await clientKeyCaller(deps, req, params);
        const viewable = await viewableLayers(deps, caller, req.params.projectId, undefined, MAP_LAYER_TYPES);
        const layers = await namedForRequest(deps.db, req.params.projectId, viewable, requestNaming(params));
        const project = await deps.db
          .selectFrom('projects')
          .select('name')
          .where('id', '=', req.params.projectId)
          .executeTakeFirstOrThrow();
        const url = `${deps.config.publicUrl}/rest/projects/ogc/${req.params.projectId}/wms?key=${encodeURIComponent(key)}`;
        return serveWms(deps, reply, layers, params, url, project.name, req.headers['if-none-match']);
      },
    );
  };
}
