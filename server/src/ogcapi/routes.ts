import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { contentCrs } from './crs.js';
import { item, items, type GeoJsonAnswer } from './items.js';
import { GEOJSON_TYPE, JSON_TYPE, OPENAPI_TYPE, SCHEMA_TYPE } from './links.js';
import { apiDocument } from './openapi.js';
import { featureIdOf, negotiate, onlyKnown, queryOf } from './params.js';
import { featureSchema, queryables } from './schema.js';
import {
  collection,
  collectionOf,
  collections,
  conformance,
  landingPage,
  openService,
  type Collection,
  type Service,
} from './service.js';

/**
 * OGC API – Features (Part 1 Core + GeoJSON, Part 2 CRS by reference) of a project for external GIS
 * clients, at `/rest/projects/ogc/{projectId}/ogcapi`, authenticated by a client key (`?key=` or
 * `X-API-Key`) like the project WFS beside it. Every route checks in this order: the key (401), the
 * project and the layers its member may view (404), the format and parameters (406, 400), so a caller
 * without access learns nothing from a parameter error.
 */

type Query = Record<string, string | string[]>;
type Request = FastifyRequest<{ Params: Record<string, string>; Querystring: Query }>;
/** What a route handler gets: the opened service, the single-valued parameters, the collection if the path names one. */
interface Call {
  req: Request;
  service: Service;
  params: Record<string, string>;
  /** The collection of a `/collections/:collectionId…` path (resolved, 404 if unknown); unset on the other routes. */
  layer: Collection;
  /** A feature id GDAL appended after the query (appendedFeatureId). */
  appended: string | null;
}

/**
 * GDAL (3.6) reads one feature (`ogrinfo -fid`) by appending `/<id>` to the items URL it was given,
 * after its query: `…/items?key=K/5` asks for item 5 with key K. Only on an items path, only a number
 * after the last parameter's value; that value is given back without it.
 */
function appendedFeatureId(url: string, params: Record<string, string>): string | null {
  const match = /\/items\?[^#]*\/(\d+)$/.exec(url);
  if (!match) return null;
  const last = Object.keys(params).at(-1);
  if (!last || !params[last].endsWith(`/${match[1]}`)) return null;
  params[last] = params[last].slice(0, -(match[1].length + 1));
  return match[1];
}
type Answer = { json: unknown; type?: string } | { geojson: GeoJsonAnswer };

const projectId = z.string().uuid();
const pathParams = z.object({ projectId });
const collectionParams = pathParams.extend({ collectionId: z.string() });
// Repeated parameters arrive as arrays (GDAL may repeat `key`); queryOf takes the one value of each.
const querystring = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export function ogcApiRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const base = '/rest/projects/ogc/:projectId/ogcapi';

    async function handle(req: Request, reply: FastifyReply, answer: (call: Call) => Promise<Answer>) {
      const params = queryOf(req.query);
      const appended = appendedFeatureId(req.url, params);
      const service = await openService(deps, req, req.params.projectId, params);
      const layer = req.params.collectionId !== undefined ? collectionOf(service, req.params.collectionId) : null;
      negotiate(req, params);
      const result = await answer({ req, service, params, layer: layer!, appended });
      if ('geojson' in result)
        return reply.type(GEOJSON_TYPE).header('content-crs', contentCrs(result.geojson.crs)).send(result.geojson.body);
      const text = JSON.stringify(result.json);
      // Fastify rewrites a string's type as `…; version="3.0"; charset=utf-8`, which GDAL does not
      // recognise as the OpenAPI type it asked for; bytes keep the header as written.
      if (result.type === OPENAPI_TYPE) return reply.header('content-type', OPENAPI_TYPE).send(Buffer.from(text));
      return reply.type(result.type ?? JSON_TYPE).send(text);
    }

    /** A GET route of the service; `hide` keeps a duplicate path out of the API docs. */
    function route(
      path: string,
      summary: string,
      answer: (call: Call) => Promise<Answer>,
      options: { params?: z.ZodObject; hide?: boolean } = {},
    ) {
      r.get(
        `${base}${path}`,
        {
          config: { access: 'public' },
          schema: {
            tags: ['map services'],
            summary: `OGC API – Features: ${summary}`,
            params: options.params ?? pathParams,
            querystring,
            ...(options.hide ? { hide: true } : {}),
          },
        },
        (req, reply) => handle(req as Request, reply, answer),
      );
    }

    /** Resources that take no parameter beyond the format and the key. */
    const plain =
      (body: (call: Call) => unknown | Promise<unknown>, type?: string) =>
      async (call: Call): Promise<Answer> => {
        onlyKnown(call.params);
        return { json: await body(call), type };
      };

    const landing = plain(({ service }) => landingPage(service));
    route('', 'landing page of a project, ?key=<client key>', landing);
    // Clients often add a slash to a root URL; the same page, documented once.
    route('/', 'landing page', landing, { hide: true });
    route(
      '/api',
      'API definition (OpenAPI 3.0)',
      plain(({ service }) => apiDocument(service.links.base), OPENAPI_TYPE),
    );
    route(
      '/conformance',
      'conformance classes',
      plain(() => conformance()),
    );
    route(
      '/collections',
      'the layers of the project',
      plain(({ service }) => collections(deps, service)),
    );

    const named = { params: collectionParams };
    route(
      '/collections/:collectionId',
      'one layer',
      plain(({ service, layer }) => collection(deps, service, layer)),
      named,
    );
    route(
      '/collections/:collectionId/queryables',
      'the typed properties of a layer',
      plain(({ service, layer }) => queryables(deps, service, layer), SCHEMA_TYPE),
      named,
    );
    route(
      '/collections/:collectionId/schema',
      "JSON schema of a layer's features",
      plain(({ service, layer }) => featureSchema(deps, service, layer), SCHEMA_TYPE),
      named,
    );
    route(
      '/collections/:collectionId/items',
      'features of a layer (GeoJSON, keyset pages: follow the next links)',
      async ({ service, layer, params, appended }) => ({
        geojson: appended
          ? await item(deps, service, layer, featureIdOf(appended), params)
          : await items(deps, service, layer, params),
      }),
      named,
    );
    route(
      '/collections/:collectionId/items/:featureId',
      'one feature',
      async ({ req, service, layer, params }) => ({
        geojson: await item(deps, service, layer, featureIdOf(req.params.featureId), params),
      }),
      { params: collectionParams.extend({ featureId: z.string() }) },
    );
  };
}
