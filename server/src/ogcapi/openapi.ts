import { SUPPORTED_CRS } from './crs.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './params.js';

/**
 * The API definition the landing page links as `service-desc` (Part 1, OpenAPI 3.0 class). Clients
 * read it for more than documentation: GDAL looks up the items parameters here, and newer GDAL sizes
 * its pages from `limit`'s default and maximum. The key is a security scheme, never written into the
 * document (the links of every answer carry it).
 */

const param = (name: string, description: string, schema: object, where = 'query') => ({
  name,
  in: where,
  required: where === 'path',
  description,
  schema,
});

const collectionId = param(
  'collectionId',
  'A layer: its published name, `layer_<hex>` alias or id',
  { type: 'string' },
  'path',
);
const crs = param('crs', 'Output CRS (Part 2); CRS84 when absent', { type: 'string', enum: [...SUPPORTED_CRS] });
const f = param('f', 'Format: only json', { type: 'string', enum: ['json'] });

const ok = (description: string, type: string) => ({ 200: { description, content: { [type]: {} } } });
const get = (summary: string, parameters: object[], responses: object) => ({
  get: { summary, parameters: [f, ...parameters], responses },
});

export function apiDocument(serviceUrl: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'Fieldbook OGC API – Features', version: '1.0.0' },
    servers: [{ url: serviceUrl }],
    components: {
      securitySchemes: {
        key: { type: 'apiKey', in: 'query', name: 'key' },
        header: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
    security: [{ key: [] }, { header: [] }],
    paths: {
      '/': get('Landing page', [], ok('Links to the API, conformance and collections', 'application/json')),
      '/api': get('This document', [], ok('OpenAPI 3.0', 'application/vnd.oai.openapi+json;version=3.0')),
      '/conformance': get('Conformance classes', [], ok('The classes implemented', 'application/json')),
      '/collections': get('The collections (layers of the project)', [], ok('Collections', 'application/json')),
      '/collections/{collectionId}': get('One collection', [collectionId], ok('Collection', 'application/json')),
      '/collections/{collectionId}/queryables': get(
        'Its properties',
        [collectionId],
        ok('JSON Schema', 'application/schema+json'),
      ),
      '/collections/{collectionId}/schema': get(
        'Its feature schema',
        [collectionId],
        ok('JSON Schema', 'application/schema+json'),
      ),
      '/collections/{collectionId}/items': get(
        'Features, a page at a time',
        [
          collectionId,
          param('limit', `Page size, at most ${MAX_LIMIT} (larger values are capped)`, {
            type: 'integer',
            minimum: 1,
            maximum: MAX_LIMIT,
            default: DEFAULT_LIMIT,
          }),
          param('bbox', 'minx,miny,maxx,maxy (or 6 numbers with heights) in bbox-crs', {
            type: 'array',
            items: { type: 'number' },
            minItems: 4,
            maxItems: 6,
          }),
          param('bbox-crs', 'CRS of bbox (Part 2); CRS84 when absent', { type: 'string', enum: [...SUPPORTED_CRS] }),
          param(
            'datetime',
            'When the features were collected (their created time): an RFC 3339 instant or date, or an interval start/end with .. for an open end',
            { type: 'string' },
          ),
          crs,
          param('after', 'Keyset cursor: features after this id (next links carry it)', { type: 'string' }),
          param('before', 'Keyset cursor: features before this id (prev links carry it)', { type: 'string' }),
        ],
        ok('GeoJSON FeatureCollection', 'application/geo+json'),
      ),
      '/collections/{collectionId}/items/{featureId}': get(
        'One feature',
        [collectionId, param('featureId', 'The feature id', { type: 'string' }, 'path'), crs],
        ok('GeoJSON Feature', 'application/geo+json'),
      ),
    },
  };
}
