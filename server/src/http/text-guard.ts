import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, hasUnstorableCharacter } from '@fieldbook/domain';
import { badRequest } from './errors.js';

/** Deep enough for any document the API takes; deeper JSON is refused rather than walked. */
const MAX_JSON_DEPTH = 64;

/** The path (dotted) of the first string or key the database could not store, or null. */
export function unstorablePath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return hasUnstorableCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  // A streamed body (an upload read by its route) is bytes, not a document.
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  if (depth > MAX_JSON_DEPTH)
    throw badRequest(MSG.requestTooLarge, undefined, [{ path, message: MSG.requestTooLarge }]);
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (hasUnstorableCharacter(key)) return childPath;
    const found = unstorablePath(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One check for every route, before validation: a NUL or a lone surrogate in any path parameter,
 * query value or body string (or key) is a 400 with a message id. PostgreSQL refuses these in text
 * and jsonb, which would otherwise surface as a 500 deep in a service, after earlier writes. JSON
 * nested deeper than any document the API takes is refused too (it would only be walked recursively).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = unstorablePath(value);
      if (path !== null)
        throw badRequest(MSG.invalidCharacter, undefined, [
          { path: path ? `${part}.${path}` : part, message: MSG.invalidCharacter },
        ]);
    }
  });
}
