import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { colourAt, colourShares, mapIdle, mapView, near, pixelOf } from './support/map-page.js';
import { copyTemplate, signIn, startMapEnv, updatePrefs, type MapEnv } from './support/session.js';

/**
 * The map core in a real browser (spec 3 §2 map and controls): the offline basemap with no internet,
 * the coordinate readout, the measuring tool in imperial units, a project layer drawn from WFS,
 * place and coordinate search, and the view restored after a reload.
 */
describe('map core: basemap, controls, search and project layers', () => {
  let env: MapEnv;
  let context: BrowserContext;
  let page: Page;
  // A point far from anything else in the project, drawn in the default point colour (#d81b60).
  const point = { lng: -97.35, lat: 37.69 };

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Mona', company: 'Mapcore' });
    const projectId = await createProjectWithPoint();
    // The project is the last one used with its point layer switched on; distances in imperial units.
    await updatePrefs(env.api, {
      lastProject: projectId,
      showMetricUnits: false,
      projectPrefs: [{ id: projectId, selectedLayers: [pointLayerId, tiledLayerId] }],
    });
    context = await env.context();
    // No request leaves the machine: OpenStreetMap tiles fail at once and the offline basemap shows through.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'));
    // Every Content-Security-Policy violation from the first page load on (sign-in, then the map).
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    page.on('response', (res) => {
      if (res.url().includes(`/layers/${tiledLayerId}/geo/wms`))
        wmsTiles.push({ status: res.status(), type: res.headers()['content-type'] ?? '' });
    });
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const view = () => mapView(page);
  const idle = () => mapIdle(page);

  it('shows the offline basemap (land, water and borders) with no internet', async () => {
    await idle();
    // Land (#f3f1ea) covers most of the default view of the US; the Gulf and the oceans are water (#cddfe6).
    await expect
      .poll(async () => (await colourShares(page, ['#f3f1ea', '#cddfe6'])).every((share) => share > 0.02), {
        timeout: 15_000,
      })
      .toBe(true);
    const [land, water] = await colourShares(page, ['#f3f1ea', '#cddfe6']);
    expect(land + water).toBeLessThan(0.99);
  });

  it('runs under the Content-Security-Policy: nothing was blocked while signing in and opening the map', async () => {
    await idle();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  it('draws a layer that prefers WMS-TILE from server tiles loaded with the session token', async () => {
    await expect.poll(() => wmsTiles.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(wmsTiles.every((t) => t.status === 200 || t.status === 304)).toBe(true);
    expect(wmsTiles.some((t) => t.type.startsWith('image/png'))).toBe(true);
  });

  it('reads the pointer position as lat, lng with 6 decimals', async () => {
    const box = (await page.getByTestId('map-view').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    const readout = page.getByTestId('map-readout');
    await expect.poll(() => readout.textContent()).toMatch(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/);
    const first = await readout.textContent();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
    await expect.poll(() => readout.textContent()).not.toBe(first);
    const [lat, lng] = (await readout.textContent())!.split(', ').map(Number);
    // The default view is centred on the continental US.
    expect(lat).toBeGreaterThan(20);
    expect(lng).toBeLessThan(-60);
  });

  it('measures a distance in miles when metric units are off, and Escape ends measuring', async () => {
    await page.getByRole('button', { name: 'Measuring tool' }).click();
    await page.getByTestId('measure-panel').waitFor();
    const box = (await page.getByTestId('map-view').boundingBox())!;
    const y = box.y + box.height * 0.55;
    await page.mouse.click(box.x + box.width * 0.35, y);
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.dblclick(box.x + box.width * 0.55, y);
    await expect.poll(() => page.getByTestId('measure-result').textContent()).toMatch(/^\d+\.\d{3} mi$/);
    // At zoom 5 a fifth of the map's width is hundreds of miles.
    const miles = Number((await page.getByTestId('measure-result').textContent())!.split(' ')[0]);
    expect(miles).toBeGreaterThan(50);
    expect(miles).toBeLessThan(3000);
    await page.keyboard.press('Escape');
    await page.getByTestId('measure-panel').waitFor({ state: 'detached' });
  });

  it('draws a switched-on project layer from WFS and zooms to the extent of the visible layers', async () => {
    // The secondary view sits over the bottom-right corner, where the point will be: hide it.
    await page.getByTestId('map-overview').waitFor();
    await page.getByRole('button', { name: 'Show or hide the overview map' }).click();
    await page.getByTestId('map-overview').waitFor({ state: 'detached' });
    const before = await view();
    await page.getByRole('button', { name: 'Zoom to extent of visible layers' }).click();
    // The point (Kansas) and the tiled polygon (Colorado) together: closer than the default view, both in sight.
    await expect.poll(async () => (await view()).zoom, { timeout: 10_000 }).toBeGreaterThan(before.zoom + 1);
    await idle();
    await expect.poll(() => pixelAt(point), { timeout: 15_000 }).toEqual(expect.objectContaining({ near: true }));
  });

  it('selects a feature of a server-tiled layer by clicking it (the server says what is under the pixel)', async () => {
    // Inside the Colorado triangle of the WMS-TILE polygon layer; the map holds no feature objects for it.
    const { x, y } = await pixelOf(page, [-103.5, 39.4]);
    await page.mouse.click(x, y);
    await expect
      .poll(() => page.getByTestId('feature-panel-title').textContent(), { timeout: 15_000 })
      .toBe('Polygons');
    await page.getByRole('button', { name: 'Close feature panel' }).click();
    await page.getByTestId('feature-panel').waitFor({ state: 'hidden' });
  });

  it('finds a US state and goes to typed coordinates at zoom 15 with a marker', async () => {
    const search = page.getByTestId('place-search');
    await search.fill('Kansa');
    await page.getByTestId('place-option').filter({ hasText: 'Kansas' }).first().click();
    // Kansas spans about -102 to -94.6 lng and 37 to 40 lat.
    await expect
      .poll(
        async () => {
          const v = await view();
          return v.lat > 37 && v.lat < 40 && v.lng > -102 && v.lng < -94.6 && v.zoom > 5 && v.zoom < 9;
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    await search.fill('40.7128, -74.006');
    await search.press('Enter');
    await expect
      .poll(
        async () => {
          const v = await view();
          return [v.zoom, v.lat.toFixed(3), v.lng.toFixed(3)];
        },
        { timeout: 10_000 },
      )
      .toEqual([15, '40.713', '-74.006']);
  });

  it('restores the centre, zoom, map type and theme after a reload', async () => {
    await page.getByRole('button', { name: 'Map preferences' }).click();
    await page.getByTestId('map-type-grid').click();
    await page.getByTestId('map-theme-mono').click();
    await page.getByTestId('map-prefs-close').click();
    // The view is saved after the map has been idle for a second; leaving the page sends the preferences.
    await page.waitForTimeout(1500);
    await page.reload();
    await page.getByTestId('map-view').waitFor();
    await expect
      .poll(
        async () => {
          const v = await view();
          return [v.zoom, v.lat.toFixed(3), v.lng.toFixed(3)];
        },
        { timeout: 15_000 },
      )
      .toEqual([15, '40.713', '-74.006']);
    await page.getByRole('button', { name: 'Map preferences' }).click();
    expect(await page.getByTestId('map-type-grid').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('map-theme-mono').getAttribute('aria-pressed')).toBe('true');
    // The mono theme greys the basemap only.
    expect(
      await page
        .locator('.fb-basemap-offline')
        .first()
        .evaluate((el) => getComputedStyle(el).filter),
    ).toContain('grayscale');
  });

  /** The colour on screen at a WGS84 position and whether it is the point colour #d81b60. */
  async function pixelAt(at: { lat: number; lng: number }): Promise<{ rgb: number[]; near: boolean }> {
    const { x, y } = await pixelOf(page, [at.lng, at.lat]);
    const rgb = await colourAt(page, x, y);
    return { rgb, near: near(rgb, '#d81b60') };
  }

  let pointLayerId = '';
  let tiledLayerId = '';
  const wmsTiles: Array<{ status: number; type: string }> = [];

  /** A project on a copy of the APWA template with a feature folder and one point. */
  async function createProjectWithPoint(): Promise<string> {
    const api = env.api;
    const dictionary = await copyTemplate(env, 'apwa-utility-locating', 'Locates');
    const project = await api<{ id: string }>('POST', '/rest/projects', {
      name: 'Map core',
      dataDictionaryId: dictionary.id,
    });
    const folder = await api<{ id: string; layers: Array<{ id: string; serverName: string }> }>(
      'POST',
      `/rest/projects/${project.id}/addFeatureFolder`,
      {},
    );
    pointLayerId = folder.layers.find((l) => l.serverName === 'point')!.id;
    await api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
      properties: { layer_id: pointLayerId },
    });
    // The polygon layer prefers server tiles (WMS-TILE): the map asks the server for PNG tiles with the session token.
    const polygons = folder.layers.find((l) => l.serverName === 'polygon')!;
    tiledLayerId = polygons.id;
    await api('PUT', `/rest/projects/${project.id}/folders/${folder.id}/layers`, {
      id: tiledLayerId,
      name: 'Polygons',
      preferredMethod: 'WMS-TILE',
    });
    await api('POST', '/rest/features/polygons', {
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-105, 39],
            [-103, 39],
            [-103, 40.5],
            [-105, 39],
          ],
        ],
      },
      properties: { layer_id: tiledLayerId },
    });
    return project.id;
  }
});
