import type { FieldType } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { wfsColumns } from '../ogc/wfs-columns.js';
import type { Collection, Service } from './service.js';
import { collectionPath } from './links.js';

/**
 * The typed properties of a collection as JSON Schema: the fixed properties every feature carries
 * (as WFS publishes them) and the layer's typed columns (`wfsColumns`). Two documents use them:
 * `queryables` (Part 3's form, a flat object of properties) and `schema`, a GeoJSON Feature schema,
 * which is the form GDAL reads field types from (it looks for `properties.properties`).
 */

type PropertySchema = { type: string; format?: string; title?: string };

const FIXED: Array<[string, PropertySchema]> = [
  ['ogc_fid', { type: 'integer', title: 'Feature id' }],
  ['system', { type: 'string', title: 'Dictionary system' }],
  ['component', { type: 'string', title: 'Dictionary component' }],
  ['attributes', { type: 'string', title: 'Dictionary attribute values (JSON text)' }],
  ['created', { type: 'string', format: 'date-time' }],
  ['modified', { type: 'string', format: 'date-time' }],
  ['created_by_email', { type: 'string' }],
];

/** Field types as JSON Schema; one type each, not `[t, "null"]`: GDAL 3.6 reads a type array as text. */
const FIELD_SCHEMA: Record<FieldType, PropertySchema> = {
  text: { type: 'string' },
  integer: { type: 'integer' },
  real: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
};

/** Geometry formats of Part 3/5 by a drawing layer's kind; other layers may hold any geometry. */
const GEOMETRY_FORMAT: Record<string, string> = {
  point: 'geometry-point-or-multipoint',
  line: 'geometry-linestring-or-multilinestring',
  polygon: 'geometry-polygon-or-multipolygon',
};

async function propertiesOf(deps: Deps, layer: Collection): Promise<Record<string, PropertySchema>> {
  const columns = await wfsColumns(deps.db, layer);
  return Object.fromEntries([...FIXED, ...columns.map((c) => [c.name, FIELD_SCHEMA[c.type]] as const)]);
}

const geometryOf = (layer: Collection) => ({
  format: GEOMETRY_FORMAT[layer.kind ?? ''] ?? 'geometry-any',
  'x-ogc-role': 'primary-geometry',
});

export async function queryables(deps: Deps, service: Service, layer: Collection) {
  return {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: service.links.href(`${collectionPath(layer.typeName)}/queryables`),
    type: 'object',
    title: layer.name,
    properties: { geometry: geometryOf(layer), ...(await propertiesOf(deps, layer)) },
    additionalProperties: false,
  };
}

export async function featureSchema(deps: Deps, service: Service, layer: Collection) {
  return {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: service.links.href(`${collectionPath(layer.typeName)}/schema`),
    title: layer.name,
    type: 'object',
    required: ['type', 'geometry', 'properties'],
    properties: {
      type: { type: 'string', enum: ['Feature'] },
      id: { type: 'integer' },
      geometry: geometryOf(layer),
      properties: { type: 'object', properties: await propertiesOf(deps, layer) },
    },
  };
}
