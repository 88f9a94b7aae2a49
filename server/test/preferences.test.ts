import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { signedInAccount, type SignedIn } from './factories.js';

const put = (h: Harness, who: SignedIn, payload: object) =>
  h.app.inject({ method: 'PUT', url: '/preferences', headers: who.auth, payload });
const got = async (h: Harness, who: SignedIn) =>
  (await h.app.inject({ method: 'GET', url: '/preferences', headers: who.auth })).json();

const UUID = '7d1e4c2a-9b8f-4e3d-a1c2-b3d4e5f6a7b8';

/** Everything the web app writes (app/preferences-store, map/basemap, map/features, project panel), map keys included. */
const webPrefs = {
  theme: 'dark',
  showMapUIControls: false,
  showMetricUnits: true,
  projectPanelTemporary: true,
  useLocalPrefs: false,
  lastProject: 'p-1',
  lastOrg: UUID,
  expansionList: ['f-1'],
  skipGettingStartedGuide: true,
  skipPlusQuickStartGuide: true,
  lastFeaturePanelView: 'INFO',
  mapCenter: { lat: 38.67, lng: -97.91 },
  zoomLevel: 5.25,
  stylePrefs: { type: 'hybrid', theme: 'mono' },
  provider: 'MAP_OFFLINE',
  projectPrefs: [
    {
      id: 'p-1',
      name: 'Main',
      mapPrefs: { type: 'satellite', theme: 'dark', center: { lat: -33.868812, lng: 151.209296 }, zoom: 17.5 },
      selectedLayers: ['l-1', { id: 'l-2' }],
      dictionaryPrefs: {
        dictionaryId: UUID,
        lastSystemId: UUID,
        lastComponentId: UUID,
        designatorNumber: 12,
        lineNumber: 3,
        lastAttributes: [{ attributeId: UUID, attributeValue: 'PVC' }],
      },
      searchPrefs: {
        'l-1': {
          headers: ['name'],
          appliedFilters: [{ field: 'name', operation: 'eq', value: 'x' }],
          sortPrefs: { orderBy: 'name' },
        },
      },
    },
  ],
};

describe('preferences', () => {
  it('starts from the defaults', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    expect(await got(h, user)).toMatchObject({
      theme: 'light',
      showMapUIControls: true,
      showMetricUnits: false,
      projectPanelTemporary: false,
    });
  });

  it('stores the whole object per user, map keys included, and drops keys nobody reads', async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const b = await signedInAccount(h);
    const res = await put(h, a, { ...webPrefs, notAPreference: { kept: false } });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await got(h, a);
    expect(stored).toMatchObject(webPrefs);
    expect(stored.lastUpdate).toEqual(expect.any(Number));
    expect(stored).not.toHaveProperty('notAPreference');
    expect((await got(h, b)).theme).toBe('light');
  });

  it.each([
    ['a centre off the globe', { mapCenter: { lat: 91, lng: 0 } }],
    ['a centre that is not numbers', { mapCenter: { lat: '38', lng: '-97' } }],
    ['a zoom past the tiles', { zoomLevel: 27 }],
    ['a negative zoom', { zoomLevel: -1 }],
    ['an unknown map type', { stylePrefs: { type: 'moon', theme: 'none' } }],
    ['an unknown theme', { stylePrefs: { type: 'hybrid', theme: 'neon' } }],
    ['an unknown provider', { provider: 'MAP_APPLE' }],
    ['an unknown feature panel tab', { lastFeaturePanelView: 'SETTINGS' }],
    ['a folder id that is a number', { expansionList: [7] }],
    ['a project without id', { projectPrefs: [{ name: 'Main' }] }],
    ['a project zoom past the tiles', { projectPrefs: [{ id: 'p-1', mapPrefs: { zoom: 40 } }] }],
    ['a selected layer that is a number', { projectPrefs: [{ id: 'p-1', selectedLayers: [3] }] }],
    ['a negative designator number', { projectPrefs: [{ id: 'p-1', dictionaryPrefs: { designatorNumber: -1 } }] }],
    [
      'remembered attributes without ids',
      { projectPrefs: [{ id: 'p-1', dictionaryPrefs: { lastAttributes: [{ attributeValue: 'x' }] } }] },
    ],
  ])('refuses %s with 400 and keeps the stored object', async (_name, bad) => {
    const h = await harness();
    const user = await signedInAccount(h);
    await put(h, user, webPrefs);
    const before = await got(h, user);
    const res = await put(h, user, { ...webPrefs, ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('InvalidParameterException');
    expect(await got(h, user)).toEqual(before);
  });

  it('reads an object saved before a key was typed, dropping only the value that no longer passes', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    const legacy = {
      theme: 'dark',
      provider: 'MAP_YESTERDAY',
      projectPrefs: [
        { id: 'p-1', selectedLayers: ['l-1'] },
        { id: 'p-2', mapPrefs: { zoom: 99 } },
      ],
    };
    await h.db
      .insertInto('preferences')
      .values({ account_id: user.accountId, prefs: JSON.stringify(legacy) })
      .execute();
    const res = await h.app.inject({ method: 'GET', url: '/preferences', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'dark', projectPrefs: [{ id: 'p-1', selectedLayers: ['l-1'] }] });
    expect(res.json()).not.toHaveProperty('provider');
    expect(res.json().projectPrefs).toHaveLength(1);
  });

  it('needs a signed-in caller', async () => {
    const h = await harness();
    expect((await h.app.inject({ method: 'GET', url: '/preferences' })).statusCode).toBe(401);
  });
});
