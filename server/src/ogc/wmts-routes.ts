import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { MAP_LAYER_TYPES, clientKeyCaller, viewableLayers } from './access.js';
import { namedForRequest, requestNaming, type RequestNaming } from './published-names.js';
import { lowerKeys } from './wfs.js';
import { wmtsCapabilities, type WmtsUrls } from './wmts-capabilities.js';
import { MAX_TILE_ZOOM, sendTile, serveWmts, withWmtsErrors } from './wmts.js';

export { tileBounds } from './wmts.js';

const tags = ['map services'];
const anyQuery = z.record(z.string(), z.string());
const layerParams = z.object({ projectId: z.string().uuid(), folderId: z.string().uuid(), layerId: z.string().uuid() });
const projectParams = z.object({ projectId: z.string().uuid() });
const tileParams = {
  z: z.coerce.number().int().min(0).max(MAX_TILE_ZOOM),
  x: z.coerce.number().int().min(0),
  // "12" or "12.png", as tile URL templates write it.
  y: z
    .string()
    .regex(/^\d+(\.png)?$/)
    .transform((s) => Number(s.replace('.png', ''))),
};

/** A request that names no layer (a tile of the route's own layer): no name lookup. */
const NO_NAMES: RequestNaming = { capabilities: false, names: [] };

/**
 * WMTS (spec 3 §7 ".../geo/wmts/{a}/{b}/{c}"; issue #11): 256 px PNGs in the GoogleMapsCompatible grid,
 * drawn by the WMS-TILE renderer through its cache with the same ETag / 304 answers, and WMTS 1.0.0
 * capabilities so GIS clients find them: per layer for members, per project for client keys.
 */
export function wmtsRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const layerBase = (p: z.infer<typeof layerParams>) =>
      `${deps.config.publicUrl}/rest/projects/${p.projectId}/folders/${p.folderId}/layers/${p.layerId}/geo`;
    const memberUrls = (p: z.infer<typeof layerParams>, orgId: string | undefined): WmtsUrls => {
      // A member of several organizations keeps the one chosen (orgId) in every URL the client follows.
      const org = orgId ? `orgId=${encodeURIComponent(orgId)}` : '';
      const base = `${layerBase(p)}/wmts`;
      return {
        kvp: `${base}?${org ? `${org}&` : ''}`,
        capabilities: `${base}/WMTSCapabilities.xml${org ? `?${org}` : ''}`,
        tileTemplate: () => `${base}/{TileMatrix}/{TileCol}/{TileRow}.png${org ? `?${org}` : ''}`,
        legend: (name) =>
          `${layerBase(p)}/wms?${org ? `${org}&` : ''}SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER=${encodeURIComponent(name)}`,
      };
    };
    /** The layer for a member, with its published name when `naming` needs it (capabilities, a name). */
    const memberLayers = async (req: FastifyRequest, p: z.infer<typeof layerParams>, naming = NO_NAMES) => {
      const layers = await viewableLayers(deps, callerOf(req), p.projectId, p, MAP_LAYER_TYPES);
      if (layers.length === 0) throw notFound();
      return namedForRequest(deps.db, p.projectId, layers, naming);
    };

    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wmts/:z/:x/:y',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'A 256 px PNG tile of the layer in the GoogleMapsCompatible (EPSG:3857) grid: zoom, column, row',
          params: layerParams.extend(tileParams),
          querystring: z.object({ orgId: z.string().optional() }),
        },
      },
      async (req, reply) => {
        const { z: zoom, x, y } = req.params;
        if (x >= 2 ** zoom || y >= 2 ** zoom) throw badRequest('app.map.tile.outside');
        const layers = await memberLayers(req, req.params);
        const tile = { layer: layers[0].id, z: zoom, x, y };
        return sendTile(deps, reply, layers, tile, req.headers['if-none-match']);
      },
    );

    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wmts/WMTSCapabilities.xml',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'WMTS 1.0.0 capabilities of the layer (RESTful)',
          params: layerParams,
          querystring: z.object({ orgId: z.string().optional() }),
        },
      },
      async (req, reply) => {
        const layers = await memberLayers(req, req.params, { capabilities: true, names: [] });
        const xml = await wmtsCapabilities(deps.db, layers, memberUrls(req.params, req.query.orgId), layers[0].name);
        return reply.type('application/xml; charset=utf-8').send(xml);
      },
    );

    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wmts',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'WMTS 1.0.0 of the layer (KVP: GetCapabilities, GetTile)',
          params: layerParams,
          querystring: anyQuery,
        },
      },
      async (req, reply) => {
        const params = lowerKeys(req.query);
        const layers = await memberLayers(req, req.params, requestNaming(params, true));
        const urls = memberUrls(req.params, req.query.orgId);
        return serveWmts(deps, reply, layers, params, urls, layers[0].name, req.headers['if-none-match']);
      },
    );

    /** The project's map layers for a client key (401 without one; 404 for a project it cannot read). */
    const clientLayers = async (
      req: FastifyRequest,
      projectId: string,
      query: Record<string, string>,
      naming: RequestNaming,
    ) => {
      const { caller, key } = await clientKeyCaller(deps, req, lowerKeys(query));
      const layers = await viewableLayers(deps, caller, projectId, undefined, MAP_LAYER_TYPES);
      return { layers: await namedForRequest(deps.db, projectId, layers, naming), key };
    };
    /** Layers, URLs (each carrying the key, as clients follow them without adding it) and title of a project. */
    const clientService = async (req: FastifyRequest, projectId: string, query: Record<string, string>) => {
      // A KVP request without REQUEST is GetCapabilities (serveWmts), as is every RESTful capabilities path.
      const { layers, key } = await clientLayers(req, projectId, query, requestNaming(lowerKeys(query), true));
      const project = await deps.db
        .selectFrom('projects')
        .select('name')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      const k = `key=${encodeURIComponent(key)}`;
      const base = `${deps.config.publicUrl}/rest/projects/ogc/${projectId}`;
      const urls: WmtsUrls = {
        kvp: `${base}/wmts?${k}&`,
        capabilities: `${base}/wmts/1.0.0/WMTSCapabilities.xml?${k}`,
        tileTemplate: (name) => `${base}/wmts/${encodeURIComponent(name)}/{TileMatrix}/{TileCol}/{TileRow}.png?${k}`,
        legend: (name) =>
          `${base}/wms?${k}&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER=${encodeURIComponent(name)}`,
      };
      return { layers, urls, title: project.name };
    };

    r.get(
      '/rest/projects/ogc/:projectId/wmts',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'WMTS 1.0.0 of a project for external clients (KVP GetCapabilities, GetTile): ?key=<client key>',
          params: projectParams,
          querystring: anyQuery,
        },
      },
      async (req, reply) => {
        const { layers, urls, title } = await clientService(req, req.params.projectId, req.query);
        return serveWmts(deps, reply, layers, lowerKeys(req.query), urls, title, req.headers['if-none-match']);
      },
    );

    for (const path of ['/wmts/WMTSCapabilities.xml', '/wmts/1.0.0/WMTSCapabilities.xml']) {
      r.get(
        `/rest/projects/ogc/:projectId${path}`,
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary: 'WMTS 1.0.0 capabilities of a project for external clients (RESTful): ?key=<client key>',
            params: projectParams,
            querystring: anyQuery,
          },
        },
        async (req, reply) => {
          const { layers, urls, title } = await clientService(req, req.params.projectId, req.query);
          return reply
            .type('application/xml; charset=utf-8')
            .send(await wmtsCapabilities(deps.db, layers, urls, title));
        },
      );
    }

    r.get(
      '/rest/projects/ogc/:projectId/wmts/:layer/:z/:x/:y',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A 256 px PNG tile of a project layer for external clients: ?key=<client key>',
          params: projectParams.extend({ layer: z.string().min(1).max(200), ...tileParams }),
          querystring: anyQuery,
        },
      },
      async (req, reply) => {
        const { layer, z: zoom, x, y } = req.params;
        const naming = { capabilities: false, names: [layer] };
        const { layers } = await clientLayers(req, req.params.projectId, req.query, naming);
        return withWmtsErrors(reply, () =>
          sendTile(deps, reply, layers, { layer, z: zoom, x, y }, req.headers['if-none-match']),
        );
      },
    );
  };
}
