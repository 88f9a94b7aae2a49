import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { signedInAccount } from './factories.js';

describe('preferences', () => {
  it('starts from the defaults', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    const res = await h.app.inject({ method: 'GET', url: '/preferences', headers: user.auth });
    expect(res.json()).toMatchObject({ theme: 'light', showMapUIControls: true, showMetricUnits: false, projectPanelTemporary: false });
  });

  it('stores the whole preferences object, per user', async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const b = await signedInAccount(h);
    const prefs = {
      theme: 'dark', showMapUIControls: false, showMetricUnits: true, projectPanelTemporary: true,
      lastProject: 'p-1', expansionList: ['f-1'], skipGettingStartedGuide: true,
      projectPrefs: [{ id: 'p-1', name: 'Main', mapPrefs: { zoom: 12 }, selectedLayers: ['l-1'], searchPrefs: { 'l-1': { q: 'x' } } }],
      somethingLaterAreasAdd: { kept: true },
    };
    const put = await h.app.inject({ method: 'PUT', url: '/preferences', headers: a.auth, payload: prefs });
    expect(put.statusCode).toBe(200);
    const got = (await h.app.inject({ method: 'GET', url: '/preferences', headers: a.auth })).json();
    expect(got).toMatchObject(prefs);
    expect(got.lastUpdate).toEqual(expect.any(Number));
    expect((await h.app.inject({ method: 'GET', url: '/preferences', headers: b.auth })).json().theme).toBe('light');
  });

  it('rejects a malformed object and keeps the stored one', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    await h.app.inject({ method: 'PUT', url: '/preferences', headers: user.auth, payload: { theme: 'dark' } });
    const bad = await h.app.inject({ method: 'PUT', url: '/preferences', headers: user.auth, payload: { theme: 'purple' } });
    expect(bad.statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/preferences', headers: user.auth })).json().theme).toBe('dark');
  });

  it('needs a signed-in caller', async () => {
    const h = await harness();
    expect((await h.app.inject({ method: 'GET', url: '/preferences' })).statusCode).toBe(401);
  });
});
