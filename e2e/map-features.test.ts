import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import { startApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, newContext } from './support/browser.js';
import { TestMailServer } from './support/mail-server.js';

/**
 * Features on the map in a real browser (spec 3 §2, §4): draw a point, a line and a polygon on a
 * project's feature folder, fill the dictionary attributes and save; after a reload click a drawn
 * feature and read its attribute in the feature panel; drag a vertex and save; delete with the checkbox;
 * join two points into a line and label it with a leader.
 */
describe('map features: draw, select, edit and delete', () => {
  let mail: TestMailServer;
  let server: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  const stamp = Date.now();
  const password = 'Map-f3atures!';
  const email = `fay.${stamp}@features.test`;
  const ids = { project: '', point: '', line: '', polygon: '' };
  let pole: { systemId: string; componentId: string; statusId: string };

  beforeAll(async () => {
    mail = new TestMailServer();
    server = await startApp({ smtpUrl: await mail.start() });
    browser = await launchBrowser();
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/auth/signup', { email, password, given_name: 'Fay', family_name: 'Field', phone_number: '+12025550143', company_name: `Features ${stamp}` })).status).toBe(200);
    expect((await post('/auth/confirm-signup', { email, code: await mail.waitForCode(email) })).status).toBe(200);
    token = ((await (await post('/auth/signin', { email, password })).json()) as { idToken: string }).idToken;

    await api('PUT', '/rest/accounts/eula/web');
    // A project on a copy of the APWA dictionary with a feature folder (points, lines, polygons).
    const template = await server.db.selectFrom('dictionaries').select('id').where('template_key', '=', 'apwa-utility-locating').executeTakeFirstOrThrow();
    type Dict = { id: string; systems: Array<{ id: string; name: string; components: Array<{ id: string; alias: string; attributes: Array<{ id: string; name: string }> }> }> };
    const dictionary = await api<Dict>('POST', `/rest/dictionaries/copy/${template.id}`, { name: 'Locates', isReadonly: false });
    const electric = dictionary.systems.find((x) => x.name === 'Electric')!;
    const poleComponent = electric.components.find((x) => x.alias === 'Electric Pole')!;
    pole = { systemId: electric.id, componentId: poleComponent.id, statusId: poleComponent.attributes.find((a) => a.name === 'Locate Status')!.id };
    const project = await api<{ id: string }>('POST', '/rest/projects', { name: 'Downtown', dataDictionaryId: dictionary.id });
    const folder = await api<{ layers: Array<{ id: string; serverName: string }> }>('POST', `/rest/projects/${project.id}/addFeatureFolder`, {});
    const layerOf = (kind: string) => folder.layers.find((l) => l.serverName === kind)!.id;
    Object.assign(ids, { project: project.id, point: layerOf('point'), line: layerOf('line'), polygon: layerOf('polygon') });
    // The three layers on, a street-level view over Denver, and the offline basemap (no tile traffic).
    const prefs = await api<Record<string, unknown>>('GET', '/preferences');
    await api('PUT', '/preferences', {
      ...prefs, lastProject: project.id, skipGettingStartedGuide: true, provider: 'MAP_OFFLINE',
      projectPrefs: [{ id: project.id, selectedLayers: [ids.point, ids.line, ids.polygon], mapPrefs: { type: 'roadmap', theme: 'none', center: { lat: 39.74, lng: -104.99 }, zoom: 16 } }],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  it('draws a point, a line and a polygon with their attributes', async () => {
    const context = await newContext(browser);
    page = await context.newPage();
    await signIn(page);
    const c = await mapCentre(page);

    await startDrawing(page, ids.point);
    await page.getByTestId('draw-tool-marker').waitFor();
    await page.mouse.click(c.x - 150, c.y - 100);
    await classify(page, 'Electric Pole', { 'Pole Number': 'P-100' });
    await expectSnack(page, en['app.feature.add.success']);
    await expect.poll(() => page.getByTestId('feature-panel-title').textContent(), { timeout: 10_000 }).toBe('Electric Pole');
    await closePanel(page);

    await startDrawing(page, ids.line);
    await page.getByTestId('draw-tool-polyline').waitFor();
    await page.mouse.click(c.x - 200, c.y + 50);
    await page.mouse.click(c.x - 100, c.y + 60);
    await page.mouse.click(c.x, c.y + 50);
    // Clicking the last point again finishes the line.
    await page.mouse.click(c.x, c.y + 50);
    await classify(page, 'Electric Line', {});
    await expectSnack(page, en['app.feature.add.success']);
    await closePanel(page);

    await startDrawing(page, ids.polygon);
    await page.getByTestId('draw-tool-polygon').waitFor();
    for (const [dx, dy] of [[80, -120], [200, -120], [200, 0], [80, 0]]) await page.mouse.click(c.x + dx, c.y + dy);
    await page.mouse.click(c.x + 80, c.y - 120);
    await classify(page, 'Electric Vault', {});
    await expectSnack(page, en['app.feature.add.success']);
    await closePanel(page);

    const rows = await server.db.selectFrom('features').select(['id', 'kind']).where('project_id', '=', ids.project).orderBy('id').execute();
    expect(rows.map((r) => r.kind)).toEqual(['point', 'line', 'polygon']);
    const polygon = await api<{ geometry: { type: string; coordinates: number[][][][] } }>('GET', `/rest/features/polygon.${rows[2].id}`);
    expect(polygon.geometry.type).toBe('MultiPolygon');
    expect(polygon.geometry.coordinates[0][0]).toHaveLength(5);
  });

  it('shows the drawn features after a reload; a click opens the feature panel with the attribute value', async () => {
    await page.reload();
    await page.getByTestId('map').waitFor();
    const point = await featureOf('point');
    // The layers load over WFS; keep clicking the point until it is there to be hit.
    await expect.poll(async () => {
      const at = await pixelOf(page, point.geometry.coordinates as number[]);
      await page.mouse.click(at.x, at.y);
      return page.getByTestId('feature-attr-Pole Number').textContent({ timeout: 1000 }).catch(() => null);
    }, { timeout: 20_000 }).toBe('P-100');
    expect(await page.getByTestId('feature-component').textContent()).toBe('Electric Pole');
  });

  it('drags a vertex of the line and saves the new geometry', async () => {
    await closePanel(page);
    const before = await featureOf('line');
    const [a, b, c] = (before.geometry.coordinates as number[][][])[0];
    const start = await pixelOf(page, a);
    const middle = await pixelOf(page, b);
    await page.mouse.click((start.x + middle.x) / 2, (start.y + middle.y) / 2);
    await expect.poll(() => page.getByTestId('feature-panel-title').textContent(), { timeout: 10_000 }).toBe('Electric Line');

    await page.getByTestId('feature-edit-geometry').click();
    await page.getByTestId('geometry-edit-bar').waitFor();
    // The panel stays open while editing, so pixels are read again.
    const vertex = await pixelOf(page, b);
    await page.mouse.move(vertex.x, vertex.y);
    await page.mouse.down();
    await page.mouse.move(vertex.x, vertex.y + 40, { steps: 8 });
    await page.mouse.move(vertex.x, vertex.y + 80, { steps: 8 });
    await page.mouse.up();
    await page.getByTestId('geometry-edit-save').click();
    await expectSnack(page, en['app.feature.edit.success']);

    const after = await featureOf('line');
    expect(after.geometry.type).toBe('MultiLineString');
    const moved = (after.geometry.coordinates as number[][][])[0];
    expect(moved).toHaveLength(3);
    // The middle vertex moved 80 px south (about 0.0015° at zoom 16); the ends stayed.
    expect(moved[1][1]).toBeLessThan(b[1] - 0.001);
    expect(moved[0]).toEqual(a);
    expect(moved[2]).toEqual(c);
  });

  it('deletes the polygon after ticking the confirmation', async () => {
    await closePanel(page);
    const polygon = await featureOf('polygon');
    const ring = (polygon.geometry.coordinates as number[][][][])[0][0];
    const inside = await pixelOf(page, [(ring[0][0] + ring[2][0]) / 2, (ring[0][1] + ring[2][1]) / 2]);
    await page.mouse.click(inside.x, inside.y);
    await expect.poll(() => page.getByTestId('feature-panel-title').textContent(), { timeout: 10_000 }).toBe('Electric Vault');
    await page.getByTestId('feature-delete').click();
    const dialog = page.getByTestId('feature-delete-dialog');
    expect(await dialog.getByTestId('confirm-dialog-confirm').isDisabled()).toBe(true);
    await page.getByTestId('feature-delete-agree').check();
    await dialog.getByTestId('confirm-dialog-confirm').click();
    await expectSnack(page, en['app.feature.delete.success']);
    await page.getByTestId('feature-panel').waitFor({ state: 'hidden' });
    const res = await fetch(`${server.url}/rest/features/${polygon.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
  });

  it('joins two points into a line and labels it with a leader', async () => {
    await closePanel(page);
    // A second pole of the same classification as the one drawn above.
    await api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-104.9905, 39.7407] },
      properties: { layer_id: ids.point, system_id: pole.systemId, component_id: pole.componentId, attributes: [{ attributeId: pole.statusId, attributeValue: 'Marked' }] },
    });
    await page.reload();
    await page.getByTestId('map').waitFor();
    const first = await featureOf('point');
    await expect.poll(async () => {
      if (await page.getByTestId('feature-panel').isVisible()) return page.getByTestId('feature-panel-title').textContent();
      const at = await pixelOf(page, first.geometry.coordinates as number[]);
      await page.mouse.click(at.x, at.y);
      await page.waitForTimeout(500);
      return null;
    }, { timeout: 20_000 }).toBe('Electric Pole');

    await page.getByTestId('feature-join-points').click();
    await page.getByTestId('join-mode-bar').waitFor();
    expect(await page.getByTestId('join-confirm').isDisabled()).toBe(true);
    const second = await pixelOf(page, [-104.9905, 39.7407]);
    await page.mouse.click(second.x, second.y);
    await expect.poll(() => page.getByTestId('join-confirm').isDisabled(), { timeout: 5000 }).toBe(false);
    await page.getByTestId('join-confirm').click();
    await expectSnack(page, en['app.line.create.from.points.success']);
    const lines = await server.db.selectFrom('features').select('id').where('project_id', '=', ids.project).where('kind', '=', 'line')
      .where('deleted_at', 'is', null).orderBy('id').execute();
    expect(lines).toHaveLength(2);
    const joined = await api<{ geometry: { coordinates: number[][][] } }>('GET', `/rest/features/line.${lines[1].id}`);
    expect(joined.geometry.coordinates).toEqual([[first.geometry.coordinates, [-104.9905, 39.7407]]]);

    // The new line is selected; a leader points at its first vertex, its text placed by a map click.
    await expect.poll(() => page.getByTestId('vertex-current').textContent(), { timeout: 10_000 }).toContain('2');
    await page.getByTestId('feature-add-leader').click();
    await page.getByTestId('leader-text').fill('Poles P-100\nand P-101');
    const place = await pixelOf(page, [-104.9895, 39.7412]);
    await page.mouse.click(place.x, place.y);
    await page.waitForTimeout(600);
    await page.getByTestId('leader-save').click();
    await expectSnack(page, en['app.leader.create.success']);
    const leaders = await api<{ features: Array<{ geometry: { coordinates: number[][][] }; properties: { metadata: string } }> }>('GET', `/rest/features/leaders?projectId=${ids.project}`);
    expect(leaders.features).toHaveLength(1);
    expect(JSON.parse(leaders.features[0].properties.metadata)).toMatchObject({ text: 'Poles P-100\nand P-101', vertex: 0, symbol: 'FORWARD_CLOSED_ARROW' });
    const [anchor, end] = leaders.features[0].geometry.coordinates[0];
    expect(anchor).toEqual(first.geometry.coordinates);
    expect(end[0]).toBeCloseTo(-104.9895, 4);
    expect(end[1]).toBeCloseTo(39.7412, 4);
  });

  /** The project's one feature of a kind, as GET /rest/features/{id} returns it. */
  async function featureOf(kind: 'point' | 'line' | 'polygon') {
    const row = await server.db.selectFrom('features').select('id').where('project_id', '=', ids.project).where('kind', '=', kind)
      .where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    return api<{ id: string; geometry: { type: string; coordinates: unknown } }>('GET', `/rest/features/${kind}.${row.id}`);
  }

  /** Page pixel of a lon/lat, from the view the map reports (centre and zoom in Web Mercator). */
  async function pixelOf(p: Page, [lng, lat]: number[]) {
    const view = p.getByTestId('map-view');
    const box = (await view.boundingBox())!;
    const [cLat, cLng, zoom] = await Promise.all(['data-lat', 'data-lng', 'data-zoom'].map(async (a) => Number(await view.getAttribute(a))));
    const R = 6378137;
    const merc = (lo: number, la: number) => [(R * lo * Math.PI) / 180, R * Math.log(Math.tan(Math.PI / 4 + (la * Math.PI) / 360))];
    const resolution = (2 * Math.PI * R) / 256 / 2 ** zoom;
    const [x, y] = merc(lng, lat);
    const [cx, cy] = merc(cLng, cLat);
    return { x: box.x + box.width / 2 + (x - cx) / resolution, y: box.y + box.height / 2 - (y - cy) / resolution };
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

  async function signIn(p: Page) {
    await p.goto(`${server.url}/signin`);
    await p.getByTestId('signin-email').fill(email);
    await p.getByTestId('signin-password').fill(password);
    await p.getByTestId('signin-submit').click();
    const agree = p.getByTestId('eula-agree');
    const map = p.getByTestId('map');
    await Promise.race([agree.waitFor({ timeout: 15_000 }).catch(() => undefined), map.waitFor({ timeout: 15_000 }).catch(() => undefined)]);
    if (await agree.isVisible()) await agree.click();
    await map.waitFor();
    const skip = p.getByTestId('getting-started-skip');
    if (await skip.waitFor({ timeout: 3_000 }).then(() => true, () => false)) await skip.click();
  }

  /** The middle of the map canvas in page pixels. */
  async function mapCentre(p: Page) {
    const box = (await p.getByTestId('map-view').boundingBox())!;
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  }

  /** "Add feature" on a layer row of the project panel: the panel closes and drawing starts. */
  async function startDrawing(p: Page, layerId: string) {
    await p.getByTestId('project-panel-toggle').click();
    const row = p.getByTestId(`layer-row-${layerId}`);
    await row.waitFor();
    await row.getByRole('button', { name: 'Add feature' }).click();
    await p.getByTestId('draw-action-message').waitFor();
    await p.getByTestId('project-panel').waitFor({ state: 'hidden' });
  }

  /** Fills the new-feature dialog: the Electric system, a component, Locate Status and extra text values. */
  async function classify(p: Page, component: string, values: Record<string, string>) {
    const dialog = p.getByTestId('new-feature-dialog');
    await dialog.waitFor();
    expect(await p.getByTestId('new-feature-save').isDisabled()).toBe(true);
    await choose(p, 'feature-system', 'Electric');
    await choose(p, 'feature-component', component);
    await choose(p, 'attribute-Locate Status', 'Marked');
    for (const [name, value] of Object.entries(values)) await p.getByTestId(`attribute-${name}`).fill(value);
    await p.getByTestId('new-feature-save').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async function choose(p: Page, testId: string, option: string) {
    await p.getByTestId(testId).click();
    await p.getByRole('option', { name: option, exact: true }).click();
  }

  async function expectSnack(p: Page, text: string) {
    await expect.poll(() => p.getByTestId('snackbar').textContent({ timeout: 1000 }).catch(() => ''), { timeout: 10_000 }).toContain(text);
  }

  /** Closing the panel widens the map, so pixel positions are read after it has gone. */
  async function closePanel(p: Page) {
    if (await p.getByTestId('feature-panel').isVisible()) await p.getByTestId('feature-panel-close').click();
    await p.getByTestId('feature-panel').waitFor({ state: 'hidden' });
  }
});
