import type { FastifyRequest } from 'fastify';
import { MSG, isDatabaseId } from '@fieldbook/domain';
import { AppError, badRequest } from '../http/errors.js';

/**
 * Query parameters and content negotiation of the OGC API. Errors are the app's JSON error body
 * (`details` says which parameter and why), never an XML exception report: every client here reads JSON.
 */

/** The page size when `limit` is absent, and the most one page holds (pygeoapi and GeoServer use the same). */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 10_000;

export const invalidParameter = (name: string, description: string) =>
  badRequest(MSG.errorOccurred, 'InvalidParameterValue', [{ path: `query.${name}`, message: description }]);

/**
 * The query as single strings. A parameter repeated with one value is taken once: GDAL appends the
 * connection URL's own parameters (`?key=…`) to every link it follows unless the link has them already,
 * so a client may send `key` twice. Differing repeats are an error.
 */
export function queryOf(query: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string') out[k] = v;
    else if (v.every((x) => x === v[0])) out[k] = v[0];
    else throw invalidParameter(k, `${k} is given more than once`);
  }
  return out;
}

/** Parameters every resource takes: the format, the client key, and the app's `orgId` (ignored: the key decides). */
const COMMON = ['f', 'key', 'orgId'];

/**
 * An unknown parameter is a 400 (Part 1, /req/core/query-param-unknown): a client that believes it
 * filtered (by `datetime`, or a property) must not get the unfiltered layer as if it had.
 */
export function onlyKnown(params: Record<string, string>, known: readonly string[] = []): void {
  for (const name of Object.keys(params))
    if (!COMMON.includes(name) && !known.includes(name))
      throw invalidParameter(
        name,
        `Unknown parameter ${name}; this resource takes ${[...known, ...COMMON].join(', ')}`,
      );
}

/** Media types we answer with; any of them (or a wildcard) in `Accept` gets the JSON answer. */
const JSON_TYPES = [
  'application/json',
  'application/geo+json',
  'application/schema+json',
  'application/vnd.oai.openapi+json',
  'application/*',
  '*/*',
];

/**
 * Only JSON is served. `f=json` (or no `f`) and an Accept header that takes JSON or anything get it;
 * `f=html` or an Accept of HTML or XML alone gets 406, so no client is ever handed a page it cannot read.
 */
export function negotiate(req: FastifyRequest, params: Record<string, string>): void {
  const f = params.f?.trim().toLowerCase();
  if (f !== undefined && f !== '') {
    if (['json', 'geojson', 'application/json', 'application/geo+json'].includes(f)) return;
    if (['html', 'text/html', 'xml', 'gml', 'application/xml'].includes(f)) throw notAcceptable();
    throw invalidParameter('f', 'f must be json');
  }
  const accept = req.headers.accept;
  if (!accept || accept.trim() === '') return;
  const ranges = accept.split(',').map((part) => {
    const [type, ...attrs] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = attrs.find((a) => a.startsWith('q='));
    return { type, q: q ? Number(q.slice(2)) : 1 };
  });
  if (!ranges.some((r) => JSON_TYPES.includes(r.type) && r.q > 0)) throw notAcceptable();
}

const notAcceptable = () =>
  new AppError(406, 'NotAcceptable', MSG.errorOccurred, [
    { path: 'headers.accept', message: 'Only JSON is served here (application/json, application/geo+json)' },
  ]);

/** `limit`: a whole number from 1; any larger than the maximum gets a page of the maximum, as the API document says. */
export function limitOf(params: Record<string, string>): number {
  const text = params.limit?.trim();
  if (text === undefined || text === '') return DEFAULT_LIMIT;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw invalidParameter('limit', `limit must be a whole number from 1 (at most ${MAX_LIMIT} are returned)`);
  return Math.min(Number(text), MAX_LIMIT);
}

/** The keyset cursor of a page (`after` or `before` a feature id, as the next/prev links carry it). */
export function cursorOf(params: Record<string, string>): { afterId?: string; beforeId?: string } {
  const { after, before } = params;
  if (after !== undefined && before !== undefined)
    throw invalidParameter('after', 'after and before exclude each other');
  for (const [name, value] of [
    ['after', after],
    ['before', before],
  ] as const)
    if (value !== undefined && !isDatabaseId(value)) throw invalidParameter(name, `${name} must be a feature id`);
  return { afterId: after, beforeId: before };
}

/** A feature id in a path: the bare number, or `kind.number` as WFS GeoJSON names features. Null when neither. */
export function featureIdOf(text: string): string | null {
  const id = /^(?:[a-z]+\.)?(\d+)$/.exec(text)?.[1];
  return id !== undefined && isDatabaseId(id) ? id : null;
}
