import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { clientKeyCaller, viewableLayers } from '../ogc/access.js';
import { withPublishedNames } from '../ogc/published-names.js';
import { lowerKeys } from '../ogc/wfs.js';
import { MVT_CONTENT_TYPE, vectorTile, type VectorTile } from './service.js';
import { MAX_TILE_ZOOM, type TileAddress } from './tile-grid.js';

export const tileParams = {
  z: z.coerce.number().int().min(0).max(MAX_TILE_ZOOM),
  x: z.coerce.number().int().min(0),
  // The route's last segment is "{y}.mvt", as tile URL templates write it.
  y: z
    .string()
    .regex(/^\d+\.mvt$/)
    .transform((s) => Number(s.slice(0, -4))),
};

export function address(p: TileAddress): TileAddress {
  if (p.x >= 2 ** p.z || p.y >= 2 ** p.z) throw badRequest('app.map.tile.outside');
  return { z: p.z, x: p.x, y: p.y };
}

/**
 * The tile with its ETag (304 on If-None-Match). An empty tile is 204 No Content: OpenLayers, GDAL
 * and Mapbox GL read it as a tile without features, and it costs no body.
 */
function send(reply: FastifyReply, tile: VectorTile, ifNoneMatch: string | undefined) {
  reply.header('etag', tile.etag).header('cache-control', 'private, no-cache');
  if (ifNoneMatch === tile.etag) return reply.status(304).send();
  if (tile.body.length === 0) return reply.status(204).send();
  return reply.type(MVT_CONTENT_TYPE).send(tile.body);
}

/**
 * Mapbox Vector Tiles (issue #11) in the GoogleMapsCompatible grid the WMTS tiles use: one layer for
 * signed-in members (the WMTS route's access), and a whole project for external clients by client
 * key (the project WFS's access), one MVT layer per viewable vector layer under its published name.
 */
export function vectorTileRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['map services'];
    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/tiles/:z/:x/:y',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'A Mapbox Vector Tile of the layer ({z}/{x}/{y}.mvt, EPSG:3857 grid); 204 when empty',
          params: z.object({
            projectId: z.string().uuid(),
            folderId: z.string().uuid(),
            layerId: z.string().uuid(),
            ...tileParams,
          }),
          querystring: z.object({ orgId: z.string().optional() }),
        },
      },
      async (req, reply) => {
        const t = address(req.params);
        const layers = await viewableLayers(deps, callerOf(req), req.params.projectId, req.params);
        if (layers.length === 0) throw notFound();
        const named = await withPublishedNames(deps.db, req.params.projectId, layers);
        const tileLayers = named.map((l) => ({ id: l.id, name: l.typeName, kind: l.kind }));
        return send(reply, await vectorTile(deps.db, deps.dbKind, tileLayers, t), req.headers['if-none-match']);
      },
    );

    r.get(
      '/rest/projects/ogc/:projectId/tiles/:z/:x/:y',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Mapbox Vector Tile of a project for external clients ({z}/{x}/{y}.mvt?key=<client key>): one layer per vector layer',
          params: z.object({ projectId: z.string().uuid(), ...tileParams }),
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        const t = address(req.params);
        const { caller } = await clientKeyCaller(deps, req, lowerKeys(req.query));
        const layers = await viewableLayers(deps, caller, req.params.projectId);
        const named = await withPublishedNames(deps.db, req.params.projectId, layers);
        const tileLayers = named.map((l) => ({ id: l.id, name: l.typeName, kind: l.kind }));
        return send(reply, await vectorTile(deps.db, deps.dbKind, tileLayers, t), req.headers['if-none-match']);
      },
    );
  };
}
