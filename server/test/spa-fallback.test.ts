import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { harness, sharedDatabase, testConfig } from './harness.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let app: FastifyInstance;
beforeAll(async () => {
  const h = await harness();
  const web = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log("app")');
  app = await buildApp({
    config: testConfig({ webDistDir: web }),
    database: sharedDatabase(h),
    mailer: h.mailbox,
    logger: false,
  });
  await app.ready();
});
afterAll(() => app?.close());

const get = (url: string, accept?: string) =>
  app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

describe('web app fallback', () => {
  it('loads the web app for page loads of its client routes (deep links)', async () => {
    for (const url of ['/map/some-project', '/settings/personal-info', '/signin']) {
      const res = await get(url, BROWSER);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await get('/', BROWSER)).statusCode).toBe(302);
    expect((await get('/index.html')).statusCode).toBe(200);
    expect((await get('/assets/app.js')).statusCode).toBe(200);
  });

  it('answers 404 to clients not asking for a page, such as GIS clients probing the site', async () => {
    for (const [url, accept] of [
      ['/collections', 'application/json'],
      ['/conformance?f=json', 'application/json'],
      ['/wfs?SERVICE=WFS&REQUEST=GetCapabilities', '*/*'],
      ['/wms', 'application/xml'],
      ['/', '*/*'],
      ['/map/some-project', undefined],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NotFound' });
    }
    // Unknown API paths stay 404 even for a browser.
    expect((await get('/rest/no-such-thing', BROWSER)).statusCode).toBe(404);
    expect((await get('/auth/no-such-thing', BROWSER)).statusCode).toBe(404);
  });
});
