import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is a page load: browsers navigating send `Accept: text/html,...`. GIS clients
 * probing the site (GDAL, QGIS asking for /collections, /wfs, /conformance) send libcurl's "any
 * type" or a JSON or XML type, and must get a 404 rather than the web app's HTML with a 200 (GDAL
 * then reports "Unexpected Content-Type: text/html" instead of "not found").
 */
export function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && /\b(text\/html|application\/xhtml\+xml)\b/i.test(accept);
}
