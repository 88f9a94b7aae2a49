import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { MAP_LAYER_TYPES, viewableLayers } from './access.js';
import { serveWms } from './wms.js';

const MAX_MERCATOR = 20037508.342789244;
const MAX_ZOOM = 30;

/** The EPSG:3857 bounds of a GoogleMapsCompatible tile (row 0 at the top). */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const size = (2 * MAX_MERCATOR) / 2 ** z;
  return [
    -MAX_MERCATOR + x * size,
    MAX_MERCATOR - (y + 1) * size,
    -MAX_MERCATOR + (x + 1) * size,
    MAX_MERCATOR - y * size,
  ];
}

/**
 * WMTS tiles of a layer (spec 3 §7 ".../geo/wmts/{a}/{b}/{c}"): 256 px PNGs in the GoogleMapsCompatible
 * grid, drawn by the WMS-TILE renderer through its cache, with the same ETag / 304 answers.
 */
export function wmtsRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const params = z.object({
      projectId: z.string().uuid(),
      folderId: z.string().uuid(),
      layerId: z.string().uuid(),
      z: z.coerce.number().int().min(0).max(MAX_ZOOM),
      x: z.coerce.number().int().min(0),
      // "12" or "12.png", as tile URL templates write it.
      y: z
        .string()
        .regex(/^\d+(\.png)?$/)
        .transform((s) => Number(s.replace('.png', ''))),
    });
    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wmts/:z/:x/:y',
      {
        config: { access: 'member' },
        schema: {
          tags: ['map services'],
          summary: 'A 256 px PNG tile of the layer in the GoogleMapsCompatible (EPSG:3857) grid: zoom, column, row',
          params,
          querystring: z.object({ orgId: z.string().optional() }),
        },
      },
      async (req, reply) => {
        const { z: zoom, x, y } = req.params;
        if (x >= 2 ** zoom || y >= 2 ** zoom) throw badRequest('app.map.tile.outside');
        const layers = await viewableLayers(deps, callerOf(req), req.params.projectId, req.params, MAP_LAYER_TYPES);
        if (layers.length === 0) throw notFound();
        const tile = {
          service: 'WMS',
          version: '1.3.0',
          request: 'GetMap',
          layers: layers[0].id,
          styles: '',
          format: 'image/png',
          transparent: 'true',
          width: '256',
          height: '256',
          crs: 'EPSG:3857',
          bbox: tileBounds(zoom, x, y).join(','),
        };
        return serveWms(deps, reply, layers, tile, '', layers[0].name, req.headers['if-none-match']);
      },
    );
  };
}
