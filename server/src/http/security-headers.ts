import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * The web app's Content-Security-Policy. No inline script anywhere; inline styles are allowed because
 * MUI (emotion) and CodeMirror inject <style> elements at run time. Map tiles and searches of a
 * provider are allowed only when the operator configured its key; external WMS/WMTS images come
 * through our own proxy as blob: URLs. OpenLayers starts its WebGL worker from a blob: URL.
 */
export function appContentSecurityPolicy(config: Pick<Config, 'bingMapsKey' | 'googleMapsKey'>): string {
  const img = ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'];
  const connect = ["'self'"];
  const frame = ["'self'"];
  if (config.bingMapsKey) {
    img.push('https://*.virtualearth.net');
    connect.push('https://dev.virtualearth.net');
  }
  if (config.googleMapsKey) {
    img.push('https://tile.googleapis.com');
    connect.push('https://tile.googleapis.com', 'https://maps.googleapis.com');
    frame.push('https://www.google.com'); // street view and directions (Maps Embed API)
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `frame-src ${frame.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (pages, files, API): no MIME sniffing, no full URLs in the
 * Referer sent to other sites (an invitation URL holds a password), HSTS when the public address is
 * HTTPS, and the app's policy unless a route set a policy of its own (rendered forms, the WMS proxy).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const policy = appContentSecurityPolicy(config);
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('strict-transport-security', HSTS);
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policy).header('x-frame-options', 'DENY');
    return payload;
  });
}
