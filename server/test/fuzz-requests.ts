import fc from 'fast-check';

/**
 * Requests generated from the OpenAPI document for the fuzz suite (security-fuzz.test.ts): every
 * path parameter, query parameter and body property gets either a plausible value (ids of the
 * fixtures, short text, small numbers, so a request reaches the service) or a hostile one.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  additionalProperties?: JsonSchema | boolean;
}

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

export interface Route {
  method: string;
  path: string;
  operation: Operation;
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/** Ids of the caller's fixtures, by parameter name; `any` is tried for every name. */
export type IdPool = Record<string, string[]> & { any: string[] };

const DEEP = JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`);
const DEEP_XML = `${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`;

/** Values that broke or could break a server: NUL, lone surrogates, huge text, out-of-range numbers. */
const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(5000),
  '\uD800',
  'é漢字🚀\u202E',
  '',
  ' ',
  "'; DROP TABLE features; --",
  '../../etc/passwd',
  '99999999999999999999',
  '9223372036854775808',
  '-9223372036854775809',
  '-1',
  '0',
  '1e308',
  'NaN',
  'point.99999999999999999999',
  'line.-1',
  '00000000-0000-0000-0000-000000000000',
  '%00',
  '<a>&amp;</a>',
  DEEP_XML,
  'true',
  'null',
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  -1,
  0,
  2 ** 31,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  1.5,
  null,
  true,
  [],
  [null],
  {},
  DEEP,
  { '\u0000': 1 },
];

export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }), fc.bigInt().map(String));
const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...HOSTILE_VALUES),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.double(),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  );

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value the schema accepts (roughly), with ids drawn from the pool. */
function plausible(schema: JsonSchema, name: string, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, name, pool, depth)));
  if (schema.allOf?.length) return plausible(Object.assign({}, ...schema.allOf), name, pool, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, -1000);
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 10, 10)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(field(schema.items ?? {}, name, pool, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, pool, depth + 1);
    default: {
      const ids = pool[name] ?? pool.any;
      const texts =
        schema.format === 'email'
          ? ['fuzz@example.test']
          : schema.format === 'uuid'
            ? ids.filter((id) => id.length === 36)
            : ['Fuzz name', '1', ...ids];
      return fc
        .constantFrom(...(texts.length ? texts : ids))
        .map((t) => (schema.maxLength ? t.slice(0, schema.maxLength) : t));
    }
  }
}

/** Hostile values of the schema's own type, which pass a type check and reach the service. */
const TYPED_HOSTILE: Record<string, unknown[]> = {
  string: ['a\u0000b', '\uD800x', 'é漢字🚀\u202E', '99999999999999999999', 'point.9223372036854775808', '-1', ' '],
  integer: [-1, 2 ** 31, 2 ** 53 - 1, -(2 ** 53 - 1)],
  number: [-1, 2 ** 31, 2 ** 53 - 1, 1e308, -1e308, 1.5],
};

/** One property: mostly plausible, sometimes hostile, so most requests get past the first check. */
function field(schema: JsonSchema, name: string, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  const typed = TYPED_HOSTILE[typesOf(schema)[0] ?? 'string'] ?? TYPED_HOSTILE.string;
  return fc.oneof(
    { weight: 8, arbitrary: plausible(schema, name, pool, depth) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...typed)
        .map((v) => (typeof v === 'string' && schema.maxLength ? v.slice(0, schema.maxLength) : v)),
    },
    { weight: 1, arbitrary: hostileValue() },
  );
}

function objectOf(schema: JsonSchema, pool: IdPool, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostileValue(), { maxKeys: 3 });
  const record = Object.fromEntries(properties.map(([key, s]) => [key, field(s, key, pool, depth)]));
  return fc.record(record, { requiredKeys: schema.required?.filter((k) => k in record) ?? [] });
}

/** Query keys OGC routes read that the OpenAPI document cannot list (their query is a free record). */
const OGC_QUERY = [
  'service',
  'request',
  'typeNames',
  'count',
  'startIndex',
  'cql_filter',
  'bbox',
  'srsName',
  'outputFormat',
  'propertyName',
  'featureId',
  'resultType',
  'width',
  'height',
  'crs',
  'layers',
  'styles',
  'format',
  'i',
  'j',
  'info_format',
  'feature_count',
  'filter',
  'tilematrix',
  'tilerow',
  'tilecol',
];
const OGC_VALUES = [
  'WFS',
  'WMS',
  'GetCapabilities',
  'GetFeature',
  'DescribeFeatureType',
  'GetMap',
  'GetFeatureInfo',
  '-1',
  '0',
  '3000',
  '99999999999999999999',
  'EPSG:4326',
  'EPSG:3857',
  '-180,-90,180,90',
  'application/json',
  'image/png',
  'hits',
  "name = 'x'",
  'point.1',
];

const parameterText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const encoded = (value: unknown) => encodeURIComponent(parameterText(value).replace(/[\uD800-\uDFFF]/g, '?'));

/** An arbitrary request on one route of the OpenAPI document. */
export function requestsFor(route: Route, pool: IdPool, orgId: string): fc.Arbitrary<FuzzRequest> {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query' && p.name !== 'orgId');
  const freeQuery =
    parameters.some((p) => p.in === 'query' && p.schema?.type === 'object') ||
    route.path.includes('/geo/') ||
    route.path.includes('/ogc/');
  const bodyEntry = Object.entries(route.operation.requestBody?.content ?? {})[0];

  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 3, arbitrary: field(p.schema ?? {}, p.name, pool, 0) },
          { weight: 1, arbitrary: hostileText() },
        ),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, field(p.schema ?? {}, p.name, pool, 0)])),
    { requiredKeys: [] },
  );
  const ogcQuery = freeQuery
    ? fc
        .record({
          service: fc.constantFrom('WFS', 'WMS', 'WMTS'),
          request: fc.constantFrom(
            'GetFeature',
            'GetCapabilities',
            'DescribeFeatureType',
            'GetMap',
            'GetFeatureInfo',
            'GetTile',
          ),
          others: fc.dictionary(
            fc.constantFrom(...OGC_QUERY),
            fc.oneof(fc.constantFrom(...OGC_VALUES), hostileText()),
            { maxKeys: 5 },
          ),
        })
        .map(({ others, ...named }) => ({ ...named, ...others }))
    : fc.constant({});
  const org = fc.oneof({ weight: 9, arbitrary: fc.constant(orgId) }, { weight: 1, arbitrary: hostileText() });
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = !bodyEntry
    ? fc.constant({})
    : bodyEntry[0] === 'application/json'
      ? field(bodyEntry[1].schema, 'body', pool, 0).map((v) => ({
          payload: JSON.stringify(v) ?? 'null',
          contentType: 'application/json',
        }))
      : fc.oneof(hostileText(), fc.constant(DEEP_XML)).map((xml) => ({ payload: xml, contentType: bodyEntry[0] }));

  return fc
    .record({ path, query, ogcQuery, org, body })
    .map(({ path: values, query: q, ogcQuery: o, org: orgValue, body: b }) => {
      const url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encoded(values[name]));
      const search = Object.entries({ ...o, ...q, orgId: orgValue })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encoded(v)}`);
      return { method: route.method.toUpperCase(), url: `${url}?${search.join('&')}`, ...b };
    });
}

/** Every operation of the document; writes that remove things last, so earlier routes still find the fixtures. */
export function routesOf(doc: OpenApi): Route[] {
  const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
  return routes.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
}
