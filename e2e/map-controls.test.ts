import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import proj4 from 'proj4';
import {
  choose,
  colourShares,
  expectSnack,
  mapCentre,
  mapIdle,
  mapView,
  openProjectPanel,
} from './support/map-page.js';
import { copyTemplate, signIn, startMapEnv, until, updatePrefs, type MapEnv } from './support/session.js';

/**
 * Map controls in a real browser with metric units (spec 3 §2 map controls, §9): zoom in and out,
 * go to the current location the browser grants, distances in m and km and an area in m², the
 * readout in the project projection once a site calibration is chosen, and the dark map theme.
 */
describe('map controls: zoom, location, metric measuring, projected readout, dark theme', () => {
  let env: MapEnv;
  let page: Page;
  const denver = { lat: 39.74, lng: -104.99 };
  const boulder = { latitude: 40.015, longitude: -105.2705 };
  let siteWkt = '';

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Carl', company: 'Controls' });
    const dictionary = await copyTemplate(env, 'apwa-utility-locating', 'Locates');
    const project = await env.api<{ id: string }>('POST', '/rest/projects', {
      name: 'Front Range',
      dataDictionaryId: dictionary.id,
    });
    // A site calibration in Colorado's state plane (US survey feet), chosen later in the project details.
    siteWkt = (await env.api<{ wkt: string }>('GET', '/rest/crs/2231')).wkt;
    await env.api('POST', '/rest/site', { name: 'Colorado North', wkt: siteWkt });
    await updatePrefs(env.api, {
      lastProject: project.id,
      showMetricUnits: true,
      provider: 'MAP_OFFLINE',
      projectPrefs: [{ id: project.id, mapPrefs: { type: 'roadmap', theme: 'none', center: denver, zoom: 15 } }],
    });
    const context = await env.context();
    await context.grantPermissions(['geolocation'], { origin: env.server.url });
    await context.setGeolocation({ ...boulder, accuracy: 10 });
    page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await signIn(page, env.server, env.admin);
    await until(async () => (await mapView(page)).zoom === 15, 'the saved view');
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Metres per page pixel on the ground at the map's centre (Web Mercator, 256 px tiles). */
  const groundResolution = async () => {
    const v = await mapView(page);
    return ((2 * Math.PI * 6378137) / 256 / 2 ** v.zoom) * Math.cos((v.lat * Math.PI) / 180);
  };
  const result = () => page.getByTestId('measure-result').textContent();

  it('zooms in and out one level with the zoom buttons', async () => {
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await mapView(page)).zoom, { timeout: 10_000 }).toBe(16);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(async () => (await mapView(page)).zoom, { timeout: 10_000 }).toBe(14);
    // The view is where it was: zooming keeps the centre.
    const v = await mapView(page);
    expect(v.lat).toBeCloseTo(denver.lat, 4);
    expect(v.lng).toBeCloseTo(denver.lng, 4);
  });

  it('measures distances in m and km and an area in m² with metric units', async () => {
    await page.getByRole('button', { name: 'Measuring tool' }).click();
    await page.getByTestId('measure-panel').waitFor();
    const c = await mapCentre(page);
    const perPixel = await groundResolution();
    // 100 px at zoom 14 is a few hundred metres.
    await page.mouse.click(c.x - 50, c.y + 40);
    await page.mouse.dblclick(c.x + 50, c.y + 40);
    await expect.poll(result).toMatch(/^\d+\.\d{3} m$/);
    expect(Number((await result())!.split(' ')[0])).toBeGreaterThan(100 * perPixel * 0.97);
    expect(Number((await result())!.split(' ')[0])).toBeLessThan(100 * perPixel * 1.03);
    // 600 px is over a kilometre.
    await page.mouse.click(c.x - 300, c.y - 40);
    await page.mouse.dblclick(c.x + 300, c.y - 40);
    await expect.poll(result).toMatch(/^\d+\.\d{3} km$/);
    expect(Number((await result())!.split(' ')[0]) * 1000).toBeGreaterThan(600 * perPixel * 0.97);
    expect(Number((await result())!.split(' ')[0]) * 1000).toBeLessThan(600 * perPixel * 1.03);

    await page.getByRole('button', { name: 'Area' }).click();
    await expect.poll(result).toBe('Click to outline an area, double-click to finish.');
    // A 120 px square.
    await page.mouse.click(c.x - 60, c.y - 60);
    await page.mouse.click(c.x + 60, c.y - 60);
    await page.mouse.click(c.x + 60, c.y + 60);
    await page.mouse.dblclick(c.x - 60, c.y + 60);
    await expect.poll(result).toMatch(/^\d+\.\d{3} m²$/);
    const square = (120 * perPixel) ** 2;
    expect(Number((await result())!.split(' ')[0])).toBeGreaterThan(square * 0.94);
    expect(Number((await result())!.split(' ')[0])).toBeLessThan(square * 1.06);
    await page.getByRole('button', { name: 'Stop measuring' }).click();
    await page.getByTestId('measure-panel').waitFor({ state: 'detached' });
  });

  it('goes to the location the browser gives at zoom 15', async () => {
    await page.getByRole('button', { name: 'Go to my current location' }).click();
    await expect
      .poll(
        async () => {
          const v = await mapView(page);
          return [v.zoom, v.lat.toFixed(4), v.lng.toFixed(4)];
        },
        { timeout: 15_000 },
      )
      .toEqual([15, boulder.latitude.toFixed(4), boulder.longitude.toFixed(4)]);
  });

  it('reads the pointer position in the project projection once a site calibration is chosen', async () => {
    const projected = page.getByTestId('map-readout-projected');
    expect(await projected.count()).toBe(0);
    await openProjectPanel(page);
    await page.getByRole('button', { name: 'Project details' }).click();
    const details = page.getByTestId('project-details-dialog');
    await details.waitFor();
    await choose(page, 'project-siteId', 'Colorado North');
    await page.getByTestId('project-details-save').click();
    await expectSnack(page, 'Project saved.');
    await details.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Close project panel' }).click();
    await mapIdle(page);

    const c = await mapCentre(page);
    await page.mouse.move(c.x - 120, c.y + 30);
    await page.mouse.move(c.x - 100, c.y + 20);
    // Both texts are read in one evaluation: the readout follows the pointer a frame after it moves, so
    // two separate reads could pair the view centre's easting with the pointer's lat, lng.
    const readBoth = () =>
      page.evaluate(() => [
        document.querySelector('[data-testid="map-readout"]')?.textContent ?? '',
        document.querySelector('[data-testid="map-readout-projected"]')?.textContent ?? '',
      ]);
    const offset = async () => {
      const [latLng, eastNorth] = await readBoth();
      const match = eastNorth.match(/^E (-?\d+\.\d{3}) N (-?\d+\.\d{3}) Colorado North$/);
      if (!match) return Infinity;
      const [lat, lng] = latLng.split(', ').map(Number);
      const [e, n] = proj4('EPSG:4326', siteWkt).forward([lng, lat]);
      return Math.max(Math.abs(Number(match[1]) - e), Math.abs(Number(match[2]) - n));
    };
    // The easting and northing are the lat, lng shown beside them in EPSG:2231 (US survey feet).
    await expect.poll(offset, { timeout: 10_000 }).toBeLessThan(0.5);
    const [latLng, eastNorth] = await readBoth();
    // It is the pointer's position (100 px west of the centre), not the view's centre.
    const view = await mapView(page);
    expect(Number(latLng.split(', ')[1])).toBeLessThan(view.lng - 0.0001);
    const [, easting, northing] = eastNorth.match(/^E (-?[\d.]+) N (-?[\d.]+)/)!.map(Number);
    // Boulder is about 3.1 million ft east and 1.2 million ft north in that system.
    expect(easting).toBeGreaterThan(3_000_000);
    expect(northing).toBeGreaterThan(1_100_000);
  });

  it('draws the basemap in dark colours with the dark map theme', async () => {
    // Land of the light offline basemap (#f3f1ea) turns into the dark palette's land (#1e2926).
    await expect.poll(async () => (await colourShares(page, ['#f3f1ea']))[0], { timeout: 15_000 }).toBeGreaterThan(0.3);
    await page.getByRole('button', { name: 'Map preferences' }).click();
    await page.getByTestId('map-theme-dark').click();
    expect(await page.getByTestId('map-theme-dark').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('map-prefs-close').click();
    await expect
      .poll(async () => colourShares(page, ['#f3f1ea', '#1e2926']), { timeout: 15_000 })
      .toEqual([expect.closeTo(0, 1), expect.toSatisfy((share: number) => share > 0.3)]);
  });
});
