import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertFeaturesBulk, type BulkFeature } from '../server/src/features/bulk-insert.js';
import { colourAt, mapIdle, mapView, near, pixelOf, selectAt } from './support/map-page.js';
import { copyTemplate, seedFeatureProject, signIn, startMapEnv, updatePrefs, type MapEnv } from './support/session.js';

/** A grid of 50,100 points (past the 50,000 WFS limit) over half a degree near Denver; one is `point`. */
const SIDE = 334;
const STEP = 0.5 / SIDE;
const origin = { lng: -105.2, lat: 39.5 };
const point = { lng: origin.lng + 100 * STEP, lat: origin.lat + 150 * STEP };

/**
 * A layer too large for WFS in a real browser: PNG tiles at a far zoom; close in, where its tiles are
 * light (mvt-layer.ts: about zoom 14 for this density), Mapbox Vector Tiles drawn in the client style,
 * whose features are selected without asking the server.
 */
describe('map: a large layer from vector tiles close in', () => {
  let env: MapEnv;
  let page: Page;
  let projectId = '';
  let layerId = '';
  const requests: Array<{ kind: 'mvt' | 'png'; status: number; type: string; z: number }> = [];

  const show = async (zoom: number) => {
    await updatePrefs(env.api, {
      lastProject: projectId,
      projectPrefs: [{ id: projectId, selectedLayers: [layerId], mapPrefs: { center: point, zoom } }],
    });
    requests.length = 0;
  };

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Vera', company: 'Vectortiles' });
    const dictionary = await copyTemplate(env, 'apwa-utility-locating', 'Locates');
    const seeded = await seedFeatureProject(env, 'Large layer', dictionary.id);
    projectId = seeded.project;
    layerId = seeded.point;
    const account = await env.server.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', env.admin.email)
      .executeTakeFirstOrThrow();
    const project = await env.server.db
      .selectFrom('projects')
      .select(['organization_id', 'dictionary_id'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const features: BulkFeature[] = [];
    for (let i = 0; i < SIDE; i++)
      for (let j = 0; j < 150; j++)
        features.push({
          kind: 'point',
          geometry: { type: 'Point', coordinates: [origin.lng + i * STEP, origin.lat + j * STEP * 2] },
        });
    await env.server.db.transaction().execute((trx) =>
      insertFeaturesBulk(
        trx,
        {
          organizationId: project.organization_id,
          projectId,
          layerId,
          dictionaryId: project.dictionary_id,
          accountId: account.id,
        },
        features,
      ),
    );
    await show(16);
    page = await env.page();
    page.on('response', (res) => {
      const url = res.url();
      const kind = url.includes(`/layers/${layerId}/tiles/`)
        ? 'mvt'
        : url.includes(`/layers/${layerId}/geo/wms`)
          ? 'png'
          : null;
      if (kind) {
        const z = Number(/\/tiles\/(\d+)\//.exec(url)?.[1] ?? -1);
        requests.push({ kind, status: res.status(), type: res.headers()['content-type'] ?? '', z });
      }
    });
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('draws the layer close in from vector tiles, points in the default colour, and selects one by a click', async () => {
    await mapIdle(page);
    await expect
      .poll(() => requests.filter((r) => r.kind === 'mvt' && r.status === 200).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(
      requests
        .filter((r) => r.kind === 'mvt')
        .every((r) => r.type === 'application/vnd.mapbox-vector-tile' || r.status === 204),
    ).toBe(true);
    expect(requests.filter((r) => r.kind === 'png')).toEqual([]);
    await expect
      .poll(
        async () => {
          const { x, y } = await pixelOf(page, [point.lng, point.lat]);
          return near(await colourAt(page, x, y), '#d81b60');
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // The vector tile's feature is hit in the browser: the panel opens on the point.
    await selectAt(page, [point.lng, point.lat], 'Points');
  });

  it('draws it from PNG tiles at a far zoom, where its vector tiles would be heavy', async () => {
    // Zoomed out with the map's control, as a user would (a reload would first save the page's own view).
    requests.length = 0;
    for (let zoom = (await mapView(page)).zoom; zoom > 11; zoom--) {
      await page.getByTestId('map-zoom-out').click();
      await expect.poll(async () => (await mapView(page)).zoom).toBe(zoom - 1);
    }
    await mapIdle(page);
    expect((await mapView(page)).zoom).toBe(11);
    await expect
      .poll(() => requests.filter((r) => r.kind === 'png' && r.status === 200).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    // Vector tiles only at the zooms they were asked for on the way out (from 14 on: 512 px tiles of 13).
    expect(requests.filter((r) => r.kind === 'mvt' && r.z < 13)).toEqual([]);
  });
});
