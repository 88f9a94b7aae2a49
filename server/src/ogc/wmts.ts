import type { FastifyReply } from 'fastify';
import { notFound } from '../http/errors.js';
import type { WfsLayer } from './wfs.js';
import { getMap, type MapSources } from './wms.js';
import { MAX_MERCATOR, TILE_MATRIX_SET, wmtsCapabilities, type WmtsUrls } from './wmts-capabilities.js';
import { OgcError, exceptionReport } from './xml.js';

/** The deepest zoom a tile is drawn at (the capabilities list fewer, see LISTED_MAX_ZOOM). */
export const MAX_TILE_ZOOM = 30;

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

/** A tile is the WMS-TILE GetMap of its bounds: the same renderer, cache entry and ETag. */
function tileGetMap(layerName: string, style: string, z: number, x: number, y: number): Record<string, string> {
  return {
    service: 'WMS',
    version: '1.3.0',
    request: 'GetMap',
    layers: layerName,
    styles: style,
    format: 'image/png',
    transparent: 'true',
    width: '256',
    height: '256',
    crs: 'EPSG:3857',
    bbox: tileBounds(z, x, y).join(','),
  };
}

/**
 * Answers one 256 px tile of a layer among `layers` (the ones the caller may view): 304 on a matching
 * ETag, 404 for a layer that is not among them (GDAL reads 404 as an empty tile, never as data).
 */
export async function sendTile(
  sources: MapSources,
  reply: FastifyReply,
  layers: WfsLayer[],
  tile: { layer: string; style?: string; z: number; x: number; y: number },
  ifNoneMatch?: string,
) {
  const { z, x, y } = tile;
  if (!(z >= 0 && z <= MAX_TILE_ZOOM) || x >= 2 ** z || y >= 2 ** z)
    throw new OgcError('TileOutOfRange', x >= 2 ** z ? 'TileCol' : 'TileRow', 'The tile is outside the tile matrix');
  try {
    const { png, etag, type } = await getMap(sources, layers, tileGetMap(tile.layer, tile.style ?? '', z, x, y));
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (ifNoneMatch === etag) return reply.status(304).send();
    return reply.type(type).send(png);
  } catch (err) {
    if (err instanceof OgcError && err.code === 'LayerNotDefined') throw notFound();
    throw err;
  }
}

/** WMTS errors: an OWS 1.1 ExceptionReport (400) with the standard's codes. */
export async function withWmtsErrors(reply: FastifyReply, answer: () => Promise<unknown>) {
  try {
    return await answer();
  } catch (err) {
    if (!(err instanceof OgcError)) throw err;
    return reply
      .status(400)
      .type('application/xml; charset=utf-8')
      .send(exceptionReport(err.code, err.locator, err.message, '1.0.0'));
  }
}

const integer = (params: Record<string, string>, name: string) => {
  const v = params[name.toLowerCase()];
  if (v === undefined || v === '') throw new OgcError('MissingParameterValue', name, `${name} is required`);
  if (!/^\d{1,10}$/.test(v)) throw new OgcError('InvalidParameterValue', name, `${name} must be a whole number`);
  return Number(v);
};

/** The WMTS KVP endpoint: GetCapabilities (also without REQUEST, as clients open it) and GetTile. */
export async function serveWmts(
  sources: MapSources,
  reply: FastifyReply,
  layers: WfsLayer[],
  params: Record<string, string>,
  urls: WmtsUrls,
  title: string,
  ifNoneMatch?: string,
) {
  return withWmtsErrors(reply, async () => {
    if (params.service && params.service.toUpperCase() !== 'WMTS')
      throw new OgcError('InvalidParameterValue', 'SERVICE', 'Only WMTS is served here');
    const request = (params.request ?? 'GetCapabilities').toLowerCase();
    if (request === 'getcapabilities') {
      return reply.type('application/xml; charset=utf-8').send(await wmtsCapabilities(sources.db, layers, urls, title));
    }
    if (request !== 'gettile')
      throw new OgcError('OperationNotSupported', 'REQUEST', `Unsupported request ${params.request}`);
    const layer = params.layer;
    if (!layer) throw new OgcError('MissingParameterValue', 'LAYER', 'LAYER is required');
    if (params.tilematrixset && params.tilematrixset !== TILE_MATRIX_SET)
      throw new OgcError('InvalidParameterValue', 'TileMatrixSet', `The tile matrix set is ${TILE_MATRIX_SET}`);
    if (params.format && !params.format.toLowerCase().startsWith('image/png'))
      throw new OgcError('InvalidParameterValue', 'Format', 'Tiles are image/png');
    const tile = {
      layer,
      style: params.style ?? '',
      z: integer(params, 'TileMatrix'),
      x: integer(params, 'TileCol'),
      y: integer(params, 'TileRow'),
    };
    return sendTile(sources, reply, layers, tile, ifNoneMatch);
  });
}
