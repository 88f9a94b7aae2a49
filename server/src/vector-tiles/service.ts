import { createHash } from 'node:crypto';
import type { DatabaseKind } from '../db/connect.js';
import type { Executor } from '../db/types.js';
import { tileCache } from '../ogc/tile-cache.js';
import { embeddedLayerTile } from './embedded-tile.js';
import { encodeTile } from './mvt-encode.js';
import { postgisLayerTile } from './postgis-tile.js';
import type { TileLayer } from './tile-columns.js';
import type { TileAddress } from './tile-grid.js';

export const MVT_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';

export interface VectorTile {
  /** Zero bytes when no layer has a feature in the tile. */
  body: Buffer;
  etag: string;
}

/**
 * What a layer's tile depends on besides its address: the data version (bumped by every feature
 * write, data-version.ts), the field list (a field added without values bumps nothing), the
 * dictionary's version (system names, component aliases and attribute columns come from it) and the
 * layer's name in the tile. One query for all the layers, so a cache hit costs one round trip.
 */
async function versioned(db: Executor, layers: TileLayer[]): Promise<Array<TileLayer & { key: string }>> {
  const rows = await db
    .selectFrom('layers')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .leftJoin('dictionaries', 'dictionaries.id', 'projects.dictionary_id')
    .select(['layers.id', 'layers.data_version', 'layers.fields', 'projects.dictionary_id', 'dictionaries.updated_at'])
    .where(
      'layers.id',
      'in',
      layers.map((l) => l.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return layers.map((l) => {
    const r = byId.get(l.id);
    const fields = createHash('sha1')
      .update(JSON.stringify(r?.fields ?? null))
      .digest('base64url')
      .slice(0, 12);
    const columnsVersion = `f${fields}:d${r?.dictionary_id}@${r?.updated_at?.getTime()}`;
    return { ...l, columnsVersion, key: `${l.id}@${r?.data_version ?? 0}:${columnsVersion}:${l.name}` };
  });
}

/**
 * A vector tile of the given layers (one MVT layer each, in the given order), from the tile cache or
 * made on the database the server runs on: ST_AsMVT on PostgreSQL, our encoder on the embedded one.
 * Cached in the map tile cache under the layers' ids and versions, so an edit misses at once and a
 * map-service reset (map-service-reset.ts) drops the entries with the PNG tiles.
 */
export async function vectorTile(
  db: Executor,
  dbKind: DatabaseKind,
  layers: TileLayer[],
  t: TileAddress,
): Promise<VectorTile> {
  if (layers.length === 0) return { body: Buffer.alloc(0), etag: '"empty"' };
  const parts = await versioned(db, layers);
  const key = `mvt|${layers.map((l) => l.id).join(',')}|${t.z}/${t.x}/${t.y}|${parts.map((p) => p.key).join('|')}`;
  const etag = `"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
  const cached = tileCache.get(key);
  if (cached) return { body: cached, etag };
  let body: Buffer;
  if (dbKind === 'postgres') {
    // An MVT tile is a sequence of layer messages: layers made separately are concatenated.
    body = Buffer.concat(await Promise.all(parts.map((l) => postgisLayerTile(db, l, t))));
  } else {
    const encoders = [];
    // One connection: the layers are read one after the other.
    for (const l of parts) encoders.push(await embeddedLayerTile(db, l, t));
    const tile = encodeTile(encoders);
    body = Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength);
  }
  tileCache.set(key, body);
  return { body, etag };
}
