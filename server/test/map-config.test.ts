import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { Mailbox, harness, testConfig, sharedDatabase } from './harness.js';
import { signedInAccount } from './factories.js';

/** GET /rest/system/map-config: the map provider keys the operator configured (spec 3 §2 providers). */
describe('map configuration', () => {
  it('refuses a caller without a session', async () => {
    const h = await harness();
    expect((await h.app.inject({ method: 'GET', url: '/rest/system/map-config' })).statusCode).toBe(401);
  });

  it('has no keys when none are configured', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    const res = await h.app.inject({ method: 'GET', url: '/rest/system/map-config', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('hands the configured Bing and Google keys to members', async () => {
    const h = await harness();
    const app = await buildApp({
      config: testConfig({ bingMapsKey: 'bing-key', googleMapsKey: 'google-key' }),
      database: sharedDatabase(h),
      mailer: new Mailbox(),
      logger: false,
    });
    const user = await signedInAccount(h);
    const res = await app.inject({ method: 'GET', url: '/rest/system/map-config', headers: user.auth });
    expect(res.json()).toEqual({ bingMapsKey: 'bing-key', googleMapsKey: 'google-key' });
    await app.close();
  });
});
