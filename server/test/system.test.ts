import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAccessControl } from '../src/http/context.js';
import { TokenService } from '../src/auth/tokens.js';
import { harness } from './harness.js';

describe('system', () => {
  it('reports health and the database in use', async () => {
    const h = await harness();
    const res = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok', database: h.kind });
  });

  it('serves the EULA text', async () => {
    const h = await harness();
    const res = await h.app.inject({ method: 'GET', url: '/eula.html' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('end-user licence agreement');
  });

  it('describes every route in the OpenAPI document', async () => {
    const h = await harness();
    const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of [
      '/auth/signup',
      '/auth/confirm-signup',
      '/auth/resend-code',
      '/auth/signin',
      '/auth/complete-new-password',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/verify-email',
      '/auth/refresh',
      '/auth/signout',
      '/rest/cognito/password',
      '/rest/activities/auth',
      '/rest/accounts/current',
      '/rest/accounts/profile',
      '/rest/accounts/eula/web',
      '/rest/accounts',
      '/preferences',
      '/rest/authproviders',
      '/healthz',
      '/rest/accounts/filter',
      '/rest/organizations',
      '/rest/organization-permissions',
      '/rest/feedback',
      '/rest/dictionaries/{id}',
      '/rest/systems',
      '/rest/components/{id}/copy',
      '/rest/pick-lists/list/{dictionaryId}',
      '/rest/symbols/paged',
      '/rest/styles/geo/{id}',
      '/rest/site',
      '/rest/crs',
      '/rest/accounts/clientkey/list',
      '/rest/forms/paged',
      '/rest/projects',
      '/rest/projects/{projectId}/folders',
      '/rest/projects/{projectId}/folders/{folderId}/layers',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/auth/signup'].post.requestBody).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404 and bad JSON with a 400', async () => {
    const h = await harness();
    const missing = await h.app.inject({ method: 'GET', url: '/rest/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('app.not-found');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists single-sign-on domains for the sign-in form', async () => {
    const h = await harness();
    const domain = `sso-${Date.now()}.example.test`;
    await h.db.insertInto('auth_providers').values({ domain, provider: 'corp-oidc' }).execute();
    const res = await h.app.inject({ method: 'GET', url: '/rest/authproviders' });
    expect(res.json()).toContainEqual({ domain, provider: 'corp-oidc' });
  });

  it('refuses to start with a route that declares no access level', async () => {
    const app = Fastify();
    registerAccessControl(app, { db: {} as never, tokens: new TokenService('x'.repeat(40)) });
    expect(() => app.get('/rest/unguarded', async () => 'open')).toThrow(/declares no access level/);
  });
});
