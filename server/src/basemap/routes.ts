import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TileCache } from '../ogc/tile-cache.js';
import { MVT_CONTENT_TYPE } from '../vector-tiles/service.js';
import { address, tileParams } from '../vector-tiles/routes.js';
import { basemapPack, packFile } from './pack-cache.js';
import { OFFLINE_BASEMAP } from '@fieldbook/domain';
import { basemapTile } from './tiles.js';

/** Made tiles, by address: the pack never changes while the process runs. */
const made = new TileCache(32 * 1024 * 1024);
const EMPTY = Buffer.alloc(0);

/**
 * The offline basemap's vector tiles (issue #12): water and places from npm packages, public like the
 * app's own files (no organization data in them), cacheable by browsers for a day. Outside the zooms
 * it is made for a tile is 204 No Content, as an empty one is.
 */
export function basemapRoutes() {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/basemap/tiles/:z/:x/:y',
      {
        config: { access: 'public' },
        schema: {
          tags: ['map services'],
          summary: `A tile of the offline basemap ({z}/{x}/{y}.mvt, zooms ${OFFLINE_BASEMAP.minZoom}–${OFFLINE_BASEMAP.maxZoom}): layers water and places`,
          params: z.object(tileParams),
        },
      },
      async (req, reply) => {
        const t = address(req.params);
        const etag = `"${packKey()}-${t.z}-${t.x}-${t.y}"`;
        reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
        if (req.headers['if-none-match'] === etag) return reply.status(304).send();
        if (t.z < OFFLINE_BASEMAP.minZoom || t.z > OFFLINE_BASEMAP.maxZoom) return reply.status(204).send();
        const key = `${t.z}/${t.x}/${t.y}`;
        let body = made.get(key);
        if (!body) {
          const tile = basemapTile(await basemapPack(), t);
          body = tile ? Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength) : EMPTY;
          made.set(key, body);
        }
        if (body.length === 0) return reply.status(204).send();
        return reply.type(MVT_CONTENT_TYPE).send(body);
      },
    );
  };
}

let key: string | undefined;
/** The pack's key (its name without folder and extension), in the ETag: new packages, new tiles. */
const packKey = () => (key ??= path.basename(packFile(), '.bin').replace(/^pack-/, ''));
