import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { harness, testConfig, type Harness, sharedDatabase } from './harness.js';
import { signedInAccount } from './factories.js';

/** A built web app of one page and one script, as Vite leaves it in web/dist. */
function webDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
}

/** An app on the harness database with its own configuration; `log` collects what it logs. */
async function appWith(h: Harness, overrides: Partial<Config>, log?: string[]): Promise<FastifyInstance> {
  const stream = new PassThrough();
  stream.on('data', (line: Buffer) => log?.push(line.toString()));
  const app = await buildApp({
    config: testConfig({ webDistDir: webDist(), ...overrides }),
    database: sharedDatabase(h),
    mailer: h.mailbox,
    logger: log ? { stream } : false,
  });
  await app.ready();
  return app;
}

let h: Harness;
let plain: FastifyInstance;
beforeAll(async () => {
  h = await harness();
  plain = await appWith(h, {});
});
afterAll(() => plain.close());

const policyOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends a strict policy, nosniff, no framing and a Referrer-Policy on pages, files, client routes and API answers', async () => {
    const user = await signedInAccount(h);
    const answers = {
      root: await plain.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
      index: await plain.inject({ method: 'GET', url: '/index.html' }),
      clientRoute: await plain.inject({
        method: 'GET',
        url: '/settings/personal-info',
        headers: { accept: 'text/html' },
      }),
      script: await plain.inject({ method: 'GET', url: '/assets/app.js' }),
      api: await plain.inject({ method: 'GET', url: '/rest/accounts/profile', headers: user.auth }),
      apiError: await plain.inject({ method: 'GET', url: '/rest/accounts/profile' }),
      apiMissing: await plain.inject({ method: 'GET', url: '/rest/no-such-thing' }),
    };
    expect(Object.values(answers).map((a) => a.statusCode)).toEqual([302, 200, 200, 200, 200, 401, 404]);
    for (const [name, res] of Object.entries(answers)) {
      expect([
        name,
        res.headers['x-content-type-options'],
        res.headers['referrer-policy'],
        res.headers['x-frame-options'],
      ]).toEqual([name, 'nosniff', 'strict-origin-when-cross-origin', 'DENY']);
      const policy = policyOf(res.headers);
      expect([
        name,
        policy['script-src'],
        policy['frame-ancestors'],
        policy['object-src'],
        policy['worker-src'],
      ]).toEqual([name, ["'self'"], ["'none'"], ["'none'"], ["'self'", 'blob:']]);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(answers.clientRoute.body).toContain('<div id="root">');
    // Only the map providers the operator configured may be reached.
    expect(policyOf(answers.index.headers)['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
  });

  it('sends HSTS only when served over HTTPS, and opens the configured map providers', async () => {
    const app = await appWith(h, { publicUrl: 'https://maps.example.com', bingMapsKey: 'b', googleMapsKey: 'g' });
    const res = await app.inject({ method: 'GET', url: '/index.html' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = policyOf(res.headers);
    expect(policy['img-src']).toEqual(
      expect.arrayContaining(['https://*.virtualearth.net', 'https://tile.googleapis.com']),
    );
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://dev.virtualearth.net',
      'https://tile.googleapis.com',
      'https://maps.googleapis.com',
    ]);
    expect(policy['frame-src']).toEqual(["'self'", 'https://www.google.com']);
    await app.close();
  });

  it('the web page has no inline script (the policy would block it)', () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) expect([attributes.includes('src='), body.trim()]).toEqual([true, '']);
  });

  it('serves a rendered form from a short-lived signed URL with its own sandbox policy, framable only by the app', async () => {
    const admin = await signedInAccount(h);
    const form = await h.db
      .insertInto('forms')
      .values({
        organization_id: admin.organizationId,
        name: `Inspection ${randomUUID()}`,
        description: null,
        html: '<html><body><p id="status">loading</p></body></html>',
        js: 'document.getElementById("status").textContent = "ready";',
        html_file_name: 'a.html',
        js_file_name: 'a.js',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const signed = await plain.inject({ method: 'GET', url: `/rest/forms/view-url/${form.id}`, headers: admin.auth });
    const { url } = signed.json() as { url: string };
    expect(url).toMatch(/^\/rest\/forms\/view\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = decodeJwt(url.split('/').at(-1)!);
    expect(claims.exp! - claims.iat!).toBe(300);

    const view = await plain.inject({ method: 'GET', url });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('<script>');
    const policy = policyOf(view.headers);
    expect(policy).toMatchObject({
      sandbox: ['allow-scripts', 'allow-forms'],
      'default-src': ["'none'"],
      'script-src': ["'unsafe-inline'"],
      'frame-ancestors': ["'self'"],
    });
    expect([
      view.headers['x-frame-options'],
      view.headers['x-content-type-options'],
      view.headers['cache-control'],
    ]).toEqual(['SAMEORIGIN', 'nosniff', 'no-store']);

    // A changed token, a form of another organization, and no session: nothing.
    expect((await plain.inject({ method: 'GET', url: `${url.slice(0, -2)}xx` })).statusCode).toBe(404);
    const outsider = await signedInAccount(h);
    expect(
      (await plain.inject({ method: 'GET', url: `/rest/forms/view-url/${form.id}`, headers: outsider.auth }))
        .statusCode,
    ).toBe(404);
    expect((await plain.inject({ method: 'GET', url: `/rest/forms/view-url/${form.id}` })).statusCode).toBe(401);
  });
});

describe('request log', () => {
  it('logs requests without client keys, invitation passwords, codes, tokens or Authorization headers', async () => {
    const log: string[] = [];
    const app = await appWith(h, { logLevel: 'info' }, log);
    const user = await signedInAccount(h);
    await app.inject({
      method: 'GET',
      url: `/rest/projects/ogc/${randomUUID()}/wfs?SERVICE=WFS&key=fbk_secretkey123&REQUEST=GetCapabilities`,
    });
    await app.inject({ method: 'GET', url: '/verifyme/invitee%40example.com/Temp-Passw0rd!' });
    await app.inject({
      method: 'GET',
      url: '/rest/organization-permissions?code=654321&refreshToken=rt-secret-value',
      headers: user.auth,
    });
    await app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: 'rt-body-secret' } });
    await app.inject({
      method: 'POST',
      url: `/rest/organization-permissions/${'c'.repeat(40)}sharingcode`,
      headers: user.auth,
    });
    // Signed file URLs and the one-call verification link carry their secret in the path.
    for (const url of [
      '/files/attachments/attachment-url-secret',
      '/files/attachments-zip/zip-url-secret',
      '/rest/onecall/email/verify/verify-link-secret',
    ])
      await app.inject({ method: 'GET', url });
    await app.close();
    const text = log.join('');
    expect(text).toContain('"url":"/verifyme/invitee%40example.com/[redacted]"');
    expect(text).toContain('"url":"/files/attachments/[redacted]"');
    expect(text).toMatch(
      /"url":"\/rest\/projects\/ogc\/[\w-]+\/wfs\?SERVICE=WFS&key=\[redacted\]&REQUEST=GetCapabilities"/,
    );
    for (const secret of [
      'fbk_secretkey123',
      'Temp-Passw0rd',
      '654321',
      'rt-secret-value',
      'rt-body-secret',
      'sharingcode',
      'attachment-url-secret',
      'zip-url-secret',
      'verify-link-secret',
      user.idToken,
    ]) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
  });
});
