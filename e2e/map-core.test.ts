import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, newContext } from './support/browser.js';
import { TestMailServer } from './support/mail-server.js';

/**
 * The map core in a real browser (spec 3 §2 map and controls): the offline basemap with no internet,
 * the coordinate readout, the measuring tool in imperial units, a project layer drawn from WFS,
 * place and coordinate search, and the view restored after a reload.
 */
describe('map core: basemap, controls, search and project layers', () => {
  let mail: TestMailServer;
  let server: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const stamp = Date.now();
  const password = 'Map-c0re!';
  const email = `mona.${stamp}@mapcore.test`;
  // A point far from anything else in the project, drawn in the default point colour (#d81b60).
  const point = { lng: -97.35, lat: 37.69 };

  beforeAll(async () => {
    mail = new TestMailServer();
    server = await startApp({ smtpUrl: await mail.start() });
    browser = await launchBrowser();
    await signUpByApi();
    token = await signInByApi();
    await api('PUT', '/rest/accounts/eula/web');
    const projectId = await createProjectWithPoint();
    // The project is the last one used with its point layer switched on; distances in imperial units.
    await api('PUT', '/preferences', { lastProject: projectId, showMetricUnits: false, projectPrefs: [{ id: projectId, selectedLayers: [pointLayerId, tiledLayerId] }] });
    context = await newContext(browser);
    // No request leaves the machine: OpenStreetMap tiles fail at once and the offline basemap shows through.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    page.on('response', (res) => {
      if (res.url().includes(`/layers/${tiledLayerId}/geo/wms`)) wmsTiles.push({ status: res.status(), type: res.headers()['content-type'] ?? '' });
    });
    await signIn(page);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  const mapView = () => page.getByTestId('map-view');
  const view = async () => {
    const el = mapView();
    return { lat: Number(await el.getAttribute('data-lat')), lng: Number(await el.getAttribute('data-lng')), zoom: Number(await el.getAttribute('data-zoom')) };
  };
  const idle = () => page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 20_000 });

  it('shows the offline basemap (land, water and borders) with no internet', async () => {
    await idle();
    // Land (#f3f1ea) covers most of the default view of the US; the Gulf and the oceans are water (#cddfe6).
    await expect.poll(async () => (await colourShares(['#f3f1ea', '#cddfe6'])).every((share) => share > 0.02), { timeout: 15_000 }).toBe(true);
    const [land, water] = await colourShares(['#f3f1ea', '#cddfe6']);
    expect(land + water).toBeLessThan(0.99);
  });

  it('draws a layer that prefers WMS-TILE from server tiles loaded with the session token', async () => {
    await expect.poll(() => wmsTiles.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(wmsTiles.every((t) => t.status === 200 || t.status === 304)).toBe(true);
    expect(wmsTiles.some((t) => t.type.startsWith('image/png'))).toBe(true);
  });

  it('reads the pointer position as lat, lng with 6 decimals', async () => {
    const box = (await mapView().boundingBox())!;
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
    const box = (await mapView().boundingBox())!;
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

  it('finds a US state and goes to typed coordinates at zoom 15 with a marker', async () => {
    const search = page.getByTestId('place-search');
    await search.fill('Kansa');
    await page.getByTestId('place-option').filter({ hasText: 'Kansas' }).first().click();
    // Kansas spans about -102 to -94.6 lng and 37 to 40 lat.
    await expect.poll(async () => {
      const v = await view();
      return v.lat > 37 && v.lat < 40 && v.lng > -102 && v.lng < -94.6 && v.zoom > 5 && v.zoom < 9;
    }, { timeout: 10_000 }).toBe(true);

    await search.fill('40.7128, -74.006');
    await search.press('Enter');
    await expect.poll(async () => {
      const v = await view();
      return [v.zoom, v.lat.toFixed(3), v.lng.toFixed(3)];
    }, { timeout: 10_000 }).toEqual([15, '40.713', '-74.006']);
  });

  it('restores the centre, zoom, map type and theme after a reload', async () => {
    await page.getByRole('button', { name: 'Map preferences' }).click();
    await page.getByTestId('map-type-grid').click();
    await page.getByTestId('map-theme-mono').click();
    await page.getByTestId('map-prefs-close').click();
    // The view is saved after the map has been idle for a second; leaving the page sends the preferences.
    await page.waitForTimeout(1500);
    await page.reload();
    await mapView().waitFor();
    await expect.poll(async () => {
      const v = await view();
      return [v.zoom, v.lat.toFixed(3), v.lng.toFixed(3)];
    }, { timeout: 15_000 }).toEqual([15, '40.713', '-74.006']);
    await page.getByRole('button', { name: 'Map preferences' }).click();
    expect(await page.getByTestId('map-type-grid').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('map-theme-mono').getAttribute('aria-pressed')).toBe('true');
    // The mono theme greys the basemap only.
    expect(await page.locator('.fb-basemap-offline').first().evaluate((el) => getComputedStyle(el).filter)).toContain('grayscale');
  });

  /** Shares of the map's pixels within a small distance of each colour. */
  async function colourShares(colours: string[]): Promise<number[]> {
    const png = (await mapView().screenshot()).toString('base64');
    return page.evaluate(
      async ({ png, colours }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${png}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [img.width, img.height];
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(0, 0, img.width, img.height).data;
        const targets = colours.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
        const counts = targets.map(() => 0);
        for (let i = 0; i < data.length; i += 4) {
          targets.forEach((t, k) => {
            if (Math.abs(data[i] - t[0]) + Math.abs(data[i + 1] - t[1]) + Math.abs(data[i + 2] - t[2]) < 12) counts[k] += 1;
          });
        }
        return counts.map((n) => n / (data.length / 4));
      },
      { png, colours },
    );
  }

  /** The colour on screen at a WGS84 position (from the view the map reports) and whether it is the point colour #d81b60. */
  async function pixelAt(at: { lat: number; lng: number }): Promise<{ rgb: number[]; near: boolean }> {
    const box = (await mapView().boundingBox())!;
    const v = await view();
    // Web Mercator metres per pixel at this zoom (256 px tiles).
    const resolution = 156543.03392804097 / 2 ** v.zoom;
    const mercator = (lat: number, lng: number) => [(lng * Math.PI * 6378137) / 180, 6378137 * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
    const [px, py] = mercator(at.lat, at.lng);
    const [cx, cy] = mercator(v.lat, v.lng);
    const x = box.x + box.width / 2 + (px - cx) / resolution;
    const y = box.y + box.height / 2 - (py - cy) / resolution;
    const png = (await page.screenshot({ clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 } })).toString('base64');
    const rgb = await page.evaluate(async (png) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.width, img.height];
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return Array.from(ctx.getImageData(1, 1, 1, 1).data.slice(0, 3));
    }, png);
    const near = Math.abs(rgb[0] - 0xd8) + Math.abs(rgb[1] - 0x1b) + Math.abs(rgb[2] - 0x60) < 30;
    return { rgb, near };
  }

  let pointLayerId = '';
  let tiledLayerId = '';
  const wmsTiles: Array<{ status: number; type: string }> = [];

  /** A project on a copy of the APWA template with a feature folder and one point. */
  async function createProjectWithPoint(): Promise<string> {
    const template = await server.db.selectFrom('dictionaries').select('id').where('template_key', '=', 'apwa-utility-locating').executeTakeFirstOrThrow();
    const dictionary = await api<{ id: string }>('POST', `/rest/dictionaries/copy/${template.id}`, { name: `Locates ${stamp}` });
    const project = await api<{ id: string }>('POST', '/rest/projects', { name: `Map core ${stamp}`, dataDictionaryId: dictionary.id });
    const folder = await api<{ id: string; layers: Array<{ id: string; serverName: string }> }>('POST', `/rest/projects/${project.id}/addFeatureFolder`, {});
    pointLayerId = folder.layers.find((l) => l.serverName === 'point')!.id;
    await api('POST', '/rest/features/points', { geometry: { type: 'Point', coordinates: [point.lng, point.lat] }, properties: { layer_id: pointLayerId } });
    // The polygon layer prefers server tiles (WMS-TILE): the map asks the server for PNG tiles with the session token.
    const polygons = folder.layers.find((l) => l.serverName === 'polygon')!;
    tiledLayerId = polygons.id;
    await api('PUT', `/rest/projects/${project.id}/folders/${folder.id}/layers`, { id: tiledLayerId, name: 'Polygons', preferredMethod: 'WMS-TILE' });
    await api('POST', '/rest/features/polygons', { geometry: { type: 'Polygon', coordinates: [[[-105, 39], [-103, 39], [-103, 40.5], [-105, 39]]] }, properties: { layer_id: tiledLayerId } });
    return project.id;
  }

  async function signUpByApi() {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const signup = await post('/auth/signup', {
      email, password, given_name: 'Mona', family_name: 'Mapper', phone_number: '+12025550143', company_name: `Mapcore ${stamp}`,
    });
    expect(signup.status).toBe(200);
    expect((await post('/auth/confirm-signup', { email, code: await mail.waitForCode(email) })).status).toBe(200);
  }

  async function signInByApi(): Promise<string> {
    const res = await fetch(`${server.url}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { idToken: string }).idToken;
  }

  async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Signs in through the UI, accepts the EULA and skips the first-run guide. */
  async function signIn(p: Page) {
    await p.goto(`${server.url}/signin`);
    await p.getByTestId('signin-email').fill(email);
    await p.getByTestId('signin-password').fill(password);
    await p.getByTestId('signin-submit').click();
    const agree = p.getByTestId('eula-agree');
    const map = p.getByTestId('map');
    await Promise.race([agree.waitFor().catch(() => undefined), map.waitFor().catch(() => undefined)]);
    if (await agree.isVisible()) await agree.click();
    await map.waitFor();
    const skip = p.getByTestId('getting-started-skip');
    if (await skip.waitFor({ timeout: 15_000 }).then(() => true, () => false)) await skip.click();
  }
});
