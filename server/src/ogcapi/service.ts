import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { notFound } from '../http/errors.js';
import { clientKeyCaller, viewableLayers } from '../ogc/access.js';
import { namesLayer, withPublishedNames } from '../ogc/published-names.js';
import { layerExtent } from '../ogc/wfs-query.js';
import type { WfsLayer } from '../ogc/wfs.js';
import { CRS84, SUPPORTED_CRS } from './crs.js';
import { GEOJSON_TYPE, JSON_TYPE, Links, OPENAPI_TYPE, SCHEMA_TYPE, collectionPath } from './links.js';

/**
 * OGC API – Features of a project for external clients (issue #11). The caller is the member a client
 * key stands for, exactly as on the project WFS (`ogc/access.ts`), and the collections are the layers
 * that WFS lists, under the same published names; so both services always show the same data.
 */

export type Collection = WfsLayer & { typeName: string };

export interface Service {
  projectId: string;
  layers: Collection[];
  links: Links;
}

/**
 * Authenticates the key (401) and resolves the project's layers the member may view: 404 for a
 * project that is not theirs to read (another organization's, or one they have no right on),
 * before any parameter is looked at, so nothing is learnt about a project without access.
 */
export async function openService(
  deps: Deps,
  req: FastifyRequest,
  projectId: string,
  params: Record<string, string>,
): Promise<Service> {
  const { caller, key } = await clientKeyCaller(deps, req, params);
  const layers = await withPublishedNames(deps.db, projectId, await viewableLayers(deps, caller, projectId));
  return { projectId, layers, links: new Links(`${deps.config.publicUrl}/rest/projects/ogc/${projectId}/ogcapi`, key) };
}

/** The collection an id names: its published name, its `layer_<hex>` alias or its raw id; 404 otherwise. */
export function collectionOf(service: Service, id: string): Collection {
  const layer = service.layers.find((l) => namesLayer(l, id));
  if (!layer) throw notFound();
  return layer;
}

export function landingPage(service: Service) {
  const { links } = service;
  return {
    title: 'Fieldbook OGC API – Features',
    description: 'The layers of a Fieldbook project as OGC API – Features collections (GeoJSON).',
    links: [
      links.link('self', '', JSON_TYPE, 'This document'),
      links.link('service-desc', '/api', OPENAPI_TYPE, 'The API definition (OpenAPI 3.0)'),
      links.link('conformance', '/conformance', JSON_TYPE, 'Conformance classes implemented'),
      links.link('data', '/collections', JSON_TYPE, 'The collections (layers)'),
    ],
  };
}

/** What we implement: Part 1 Core, GeoJSON and OpenAPI 3.0, and Part 2 (CRS by reference); no HTML. */
export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
];

export function conformance() {
  return { conformsTo: CONFORMANCE };
}

const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';

/** The first and last collection times of a layer's features (what `datetime` filters), or null when it has none. */
async function collectedBetween(deps: Deps, layerId: string): Promise<[string, string] | null> {
  const r = await sql<{ first: Date | string | null; last: Date | string | null }>`
    SELECT min(created_at) AS first, max(created_at) AS last FROM features
    WHERE layer_id = ${layerId} AND deleted_at IS NULL`.execute(deps.db);
  const { first, last } = r.rows[0] ?? {};
  return first && last ? [new Date(first).toISOString(), new Date(last).toISOString()] : null;
}

/**
 * A collection's description. The JSON schema link is given twice, as `describedby` (the registered
 * relation) and `describedBy`: GDAL before 3.7 matches the relation case-sensitively in that spelling,
 * and the schema is how it learns the fields' types rather than guessing them from the first page.
 */
async function collectionDoc(deps: Deps, service: Service, layer: Collection) {
  const { links } = service;
  const path = collectionPath(layer.typeName);
  const extent = await layerExtent(deps.db, layer.id);
  const time = await collectedBetween(deps, layer.id);
  const schema = (rel: string) => links.link(rel, `${path}/schema`, SCHEMA_TYPE, 'JSON schema of the features');
  return {
    id: layer.typeName,
    title: layer.name,
    itemType: 'feature',
    ...(extent
      ? {
          extent: {
            spatial: { bbox: [extent], crs: CRS84 },
            // What `datetime` selects on: when the features were collected.
            ...(time ? { temporal: { interval: [time], trs: GREGORIAN } } : {}),
          },
        }
      : {}),
    crs: [...SUPPORTED_CRS],
    storageCrs: CRS84,
    links: [
      links.link('self', path, JSON_TYPE, 'This collection'),
      links.link('items', `${path}/items`, GEOJSON_TYPE, 'The features'),
      links.link('http://www.opengis.net/def/rel/ogc/1.0/queryables', `${path}/queryables`, SCHEMA_TYPE, 'Queryables'),
      schema('describedby'),
      schema('describedBy'),
    ],
  };
}

export async function collections(deps: Deps, service: Service) {
  const docs = [];
  for (const layer of service.layers) docs.push(await collectionDoc(deps, service, layer));
  return {
    links: [service.links.link('self', '/collections', JSON_TYPE, 'The collections')],
    crs: [...SUPPORTED_CRS],
    collections: docs,
  };
}

export function collection(deps: Deps, service: Service, layer: Collection) {
  return collectionDoc(deps, service, layer);
}
