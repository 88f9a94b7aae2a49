import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import projectsEn from '../web/src/i18n/map-projects/en.json' with { type: 'json' };
import mainEn from '../web/src/i18n/en.json' with { type: 'json' };
import es from '../web/src/i18n/map-projects/es.json' with { type: 'json' };
import mapEn from '../web/src/i18n/map/en.json' with { type: 'json' };
import {
  choose,
  colourAt,
  elementColourShares,
  expectSnack,
  mapIdle,
  mapSettled,
  mapView,
  near,
  openProjectPanel,
  pixelOf,
} from './support/map-page.js';
import { seedLocates, type Locates } from './support/features.js';
import { addMemberByApi, signIn, startMapEnv, updatePrefs, type MapEnv } from './support/session.js';

const shots = 'test-results/screenshots';

/**
 * A new user's first day on the map (issue #12): what they make stays on the map, the readout and the
 * controls tell the truth, leaders leave their point visible, the guide is finished once, system names
 * speak the user's language, permissions are picked by name, and white or yellow features read on the
 * light basemap.
 */
describe('the map on a first day: nothing made is lost, everything reads', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  const centre = { lat: 39.7402, lng: -104.991 };
  const pole = [-104.9915, 39.7402];

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Nadia', company: 'First day' });
    ids = await seedLocates(env, { center: centre, zoom: 17 });
    page = await env.page();
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const rect = async (l: Locator) => (await l.boundingBox())!;
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('shows the map centre in the readout until the pointer enters the map, and again when it leaves', async () => {
    await mapIdle(page);
    const readout = page.getByTestId('map-readout');
    const [lat, lng] = (await readout.textContent())!.split(', ').map(Number);
    // The saved view's centre, not the default centre of the continental US (38.67, -97.91).
    expect(lat).toBeCloseTo(centre.lat, 3);
    expect(lng).toBeCloseTo(centre.lng, 3);
    const box = await rect(page.getByTestId('map-view'));
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await expect
      .poll(async () => Number((await readout.textContent())!.split(', ')[1]))
      .toBeLessThan(centre.lng - 0.0005);
    await page.mouse.move(box.x + 5, box.y - 20); // onto the top bar
    await expect.poll(async () => Number((await readout.textContent())!.split(', ')[1])).toBeCloseTo(centre.lng, 3);
  });

  const electric = () => ids.dictionary.systems.find((x) => x.name === 'Electric')!.color!;

  it('switches on a layer the user creates and keeps a feature drawn into it on the map', async () => {
    await openProjectPanel(page);
    await page
      .getByTestId(`folder-row-${ids.folder}`)
      .getByRole('button', { name: projectsEn['app.layer.new'] })
      .click();
    await page.getByTestId('layer-dialog').waitFor();
    await page.getByTestId('layer-name').fill('Survey marks');
    await page.getByTestId('layer-save').click();
    await expectSnack(page, projectsEn['app.layer.created'].replace('{name}', 'Survey marks'));
    const box = page.getByRole('checkbox', { name: 'Survey marks' });
    await expect.poll(() => box.isChecked()).toBe(true);

    await page
      .locator('[data-testid^="layer-row-"]', { hasText: 'Survey marks' })
      .getByRole('button', { name: projectsEn['app.layer.add-feature'] })
      .click();
    await page.getByTestId('draw-action-message').waitFor();
    // The panel closes for drawing and the map widens: positions are read after that.
    await page.getByTestId('project-panel').waitFor({ state: 'hidden' });
    await mapSettled(page);
    const at = await pixelOf(page, [centre.lng + 0.0008, centre.lat - 0.0004]);
    await page.mouse.click(at.x, at.y);
    await page.getByTestId('new-feature-dialog').waitFor();
    await choose(page, 'feature-system', 'Electric');
    await choose(page, 'feature-component', 'Electric Pole');
    await choose(page, 'attribute-Locate Status', 'Marked');
    await page.getByTestId('new-feature-save').click();
    await page.getByTestId('new-feature-dialog').waitFor({ state: 'hidden' });
    // Saved: selected in the panel; closed: still drawn in the layer's colour where it was clicked.
    await page.getByTestId('feature-panel').waitFor();
    await page.getByTestId('feature-panel-close').click();
    await page.getByTestId('feature-panel').waitFor({ state: 'hidden' });
    await mapIdle(page);
    await expect
      .poll(async () => {
        const p = await pixelOf(page, [centre.lng + 0.0008, centre.lat - 0.0004]);
        return near(await colourAt(page, p.x, p.y), electric(), 40);
      })
      .toBe(true);
  });

  it("draws a leader's arrow short of its point, so the point stays visible", async () => {
    const point = await env.api<{ id: string }>('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: pole },
      properties: { layer_id: ids.point },
    });
    await env.api('POST', '/rest/features/leaders', {
      folderId: ids.folder,
      featureId: point.id,
      geometry: { type: 'MultiLineString', coordinates: [[pole, [pole[0] + 0.0009, pole[1] + 0.0005]]] },
      metadata: { text: 'Mark M-1', color: '#1565c0', vertex: 0, symbol: 'FORWARD_CLOSED_ARROW' },
    });
    await page.reload();
    await mapIdle(page);
    await expect
      .poll(
        async () => {
          const p = await pixelOf(page, pole);
          // The point's own colour at its centre, not the leader's blue arrowhead.
          return near(await colourAt(page, p.x, p.y), '#d81b60', 40);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect
      .poll(async () => {
        // The arrowhead is drawn: blue pixels just off the point, towards the leader's free end.
        const p = await pixelOf(page, pole);
        const along = [0.0009, 0.0005];
        const length = Math.hypot(along[0] * 0.77, along[1]);
        const [dx, dy] = [(along[0] * 0.77) / length, -along[1] / length];
        const samples = await Promise.all(
          [12, 14, 16, 18].map((d) => colourAt(page, Math.round(p.x + dx * d), Math.round(p.y + dy * d))),
        );
        return samples.some((c) => near(c, '#1565c0', 60));
      })
      .toBe(true);
  });

  it('opens tooltips of the top bar and the map controls away from the search box, on desktop and phone', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await mapSettled(page);
      const search = await rect(page.getByTestId('place-search'));
      const buttons = [
        page.getByTestId('project-panel-toggle'),
        page.getByTestId('jobs-toggle'),
        page.getByTestId('open-settings'),
        page.getByTestId('map-zoom-in'),
        page.getByTestId('map-zoom-out'),
        page.getByTestId('map-zoom-extent'),
        page.getByTestId('map-locate'),
      ];
      for (const button of buttons) {
        await button.hover();
        const tooltip = page.getByRole('tooltip');
        await tooltip.waitFor();
        expect(overlap(await rect(tooltip), search), `${await button.getAttribute('aria-label')} at ${width}px`).toBe(
          false,
        );
        await page.mouse.move(0, 799);
        await tooltip.waitFor({ state: 'detached' });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('fits zoom to extent inside the part of the map the controls leave uncovered', async () => {
    // Only a diagonal line on: its north-east end would sit under the controls with a plain margin.
    const ne = [centre.lng + 0.02, centre.lat + 0.012];
    await env.api('POST', '/rest/features/lines', {
      geometry: {
        type: 'LineString',
        coordinates: [[centre.lng - 0.02, centre.lat - 0.012], ne],
      },
      properties: { layer_id: ids.line },
    });
    await updatePrefs(env.api, {
      projectPrefs: [{ id: ids.project, selectedLayers: [ids.line], mapPrefs: { center: centre, zoom: 12 } }],
    });
    await page.reload();
    await mapIdle(page);
    await page.getByTestId('map-zoom-extent').click();
    await mapSettled(page);
    const end = await pixelOf(page, ne);
    const controls = await rect(page.getByRole('navigation', { name: mapEn['app.map.controls'] }));
    const search = await rect(page.getByTestId('place-search'));
    const point = { x: end.x - 2, y: end.y - 2, width: 4, height: 4 };
    expect(overlap(point, controls)).toBe(false);
    expect(overlap(point, search)).toBe(false);
    const map = await rect(page.getByTestId('map-view'));
    expect(end.x).toBeLessThan(map.x + map.width);
    expect(end.y).toBeGreaterThan(map.y);
  });

  it('offers an action on every step of the getting-started guide and remembers Done', async () => {
    await updatePrefs(env.api, { skipGettingStartedGuide: false });
    const guided = await env.page();
    await signIn(guided, env.server, env.admin);
    const dialog = guided.getByTestId('getting-started-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: mainEn['app.getting-started.dictionary.go'] }).waitFor();
    await guided.getByTestId('getting-started-next').click();
    await dialog.getByRole('button', { name: mainEn['app.getting-started.project.go'] }).waitFor();
    await guided.getByTestId('getting-started-next').click();
    await dialog.getByRole('button', { name: mainEn['app.getting-started.members.go'] }).waitFor();
    await guided.getByTestId('getting-started-done').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await env.api<{ skipGettingStartedGuide?: boolean }>('GET', '/preferences')).skipGettingStartedGuide,
      )
      .toBe(true);
    await guided.reload();
    await guided.getByTestId('map').waitFor();
    await guided.waitForTimeout(1500);
    expect(await dialog.isVisible()).toBe(false);
    await guided.context().close();
  });

  it('names system-made folders and layers in Spanish for a Spanish user', async () => {
    const spanish = await env.page({ locale: 'es-ES' });
    await signIn(spanish, env.server, env.admin);
    await openProjectPanel(spanish);
    const folder = spanish.getByTestId(`folder-row-${ids.folder}`);
    // Each layer row shows its count of features.
    const stored = await env.server.db
      .selectFrom('features')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('layer_id', '=', ids.point)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await expect
      .poll(() => spanish.getByTestId(`layer-count-${ids.point}`).textContent())
      .toBe(String(Number(stored.n)));
    await expect.poll(() => folder.textContent()).toContain(es['app.system-name.features']);
    const points = spanish.getByTestId(`layer-row-${ids.point}`);
    expect(await points.textContent()).toContain(es['app.system-name.points']);
    // The leader layer made by the leader above, and a user's own layer name, as they are stored.
    await expect
      .poll(() => spanish.locator('[data-testid^="layer-row-"]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(es['app.system-name.leaders'])]));
    expect((await spanish.locator('[data-testid^="layer-row-"]').allTextContents()).join(' ')).toContain(
      'Survey marks',
    );
    await spanish.screenshot({ path: `${shots}/first-day-tree-es.png` });
    await spanish.context().close();
  });

  it("picks a member's permission asset by name from a searchable list, * offered as all", async () => {
    const member = await addMemberByApi(env, { given: 'Pablo', userType: '0011' });
    await page.goto(`${env.server.url}/settings/users-and-organization/manage-members`);
    const row = page.getByTestId(`member-row-${member.email}`);
    await page.getByTestId('members-search').fill(member.email);
    await row.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: `${shots}/first-day-members-missing.png` });
      throw error;
    });
    // On a desktop the row's actions are buttons of their own.
    await row.getByTestId('member-edit').click();
    await page.getByTestId('edit-member-dialog').waitFor();
    await page.getByTestId('edit-member-tab-permissions').click();
    await page.getByTestId('edit-member-open-permissions').click();
    const editor = page.getByTestId('permissions-editor');
    await editor.waitFor();
    await page.getByTestId('permission-add').click();
    const entry = editor.getByTestId('permission-entry').last();
    await entry.getByTestId('permission-type').click();
    await page.getByRole('option', { name: mainEn['app.asset.layer'], exact: true }).click();
    const asset = entry.getByTestId('permission-asset');
    expect(await asset.inputValue()).toBe(mainEn['app.mm.permissions.all']);
    await asset.fill('polyg');
    await page.getByRole('option', { name: /Polygons/ }).click();
    expect(await asset.inputValue()).toBe('Polygons');
    await page.screenshot({ path: `${shots}/permissions-asset-picker-desktop-light.png` });
    await page.getByTestId('permissions-update').click();
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const all = await env.api<
          Array<{ email: string; permissions: Array<{ assetTypeName: string; assetId: string }> }>
        >('GET', '/rest/accounts');
        return all.find((m) => m.email === member.email)?.permissions;
      })
      .toEqual(expect.arrayContaining([expect.objectContaining({ assetTypeName: 'layer', assetId: ids.polygon })]));
  });

  it('shows a white polygon and a yellow line on the light basemap, each in its casing', async () => {
    const snow = await env.api<{ id: string }>('POST', '/rest/systems', {
      name: 'Snow Storage',
      color: '#ffffff',
      dictionaryId: ids.dictionary.id,
    });
    const gas = await env.api<{ id: string }>('POST', '/rest/systems', {
      name: 'Gas Main',
      color: '#ffff00',
      dictionaryId: ids.dictionary.id,
    });
    const component = (systemId: string, componentTypeId: number, alias: string) =>
      env.api<{ id: string }>('POST', '/rest/components', { systemId, componentTypeId, alias });
    const pile = await component(snow.id, 3, 'Snow Pile');
    const main = await component(gas.id, 2, 'Gas Line');
    const [w, s, e, n] = [centre.lng - 0.003, centre.lat - 0.0015, centre.lng - 0.0005, centre.lat + 0.0015];
    await env.api('POST', '/rest/features/polygons', {
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [w, s],
            [e, s],
            [e, n],
            [w, n],
            [w, s],
          ],
        ],
      },
      properties: { layer_id: ids.polygon, system_id: snow.id, component_id: pile.id },
    });
    const lineLat = centre.lat - 0.0008;
    await env.api('POST', '/rest/features/lines', {
      geometry: {
        type: 'LineString',
        coordinates: [
          [centre.lng + 0.0005, lineLat],
          [centre.lng + 0.003, lineLat],
        ],
      },
      properties: { layer_id: ids.line, system_id: gas.id, component_id: main.id },
    });
    await updatePrefs(env.api, {
      projectPrefs: [
        { id: ids.project, selectedLayers: [ids.polygon, ids.line], mapPrefs: { center: centre, zoom: 17 } },
      ],
    });
    // A fresh page: the earlier one would save its own view and layers again as it leaves.
    const light = await env.page();
    await signIn(light, env.server, env.admin);
    await mapIdle(light);
    const dark = (rgb: number[]) => (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255 < 0.35;
    /** Across the edge (a vertical profile of ±6 px): the feature's colour, with a dark casing pixel beside it. */
    const casedAt = async (lng: number, lat: number, colour: string) => {
      const p = await pixelOf(light, [lng, lat]);
      const profile = await Promise.all(
        Array.from({ length: 13 }, (_, k) => colourAt(light, Math.round(p.x), Math.round(p.y) + k - 6)),
      );
      return profile.some((c, k) => near(c, colour, 50) && profile.slice(Math.max(0, k - 4), k + 5).some(dark));
    };
    await light.screenshot({ path: `${shots}/first-day-white-yellow-desktop-light.png` });
    // The polygon's south edge and the line, each in its own colour with a dark casing beside it.
    await expect.poll(() => casedAt((w + e) / 2, s, '#ffffff'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => casedAt(centre.lng + 0.0018, lineLat, '#ffff00')).toBe(true);
  });

  it('lists what the map shows in the legend: each shown layer with the dictionary systems its colours mean', async () => {
    const legendPage = await env.page();
    await signIn(legendPage, env.server, env.admin);
    await mapIdle(legendPage);
    await legendPage.getByRole('button', { name: mapEn['app.map.legend'] }).click();
    const legend = legendPage.getByTestId('map-legend');
    await legend.waitFor();
    const line = legend.getByTestId(`legend-layer-${ids.line}`);
    await line.waitFor();
    expect(await line.textContent()).toContain('Lines');
    // The systems added above, with their colours' names.
    expect(await line.textContent()).toContain('Gas Main');
    // Only the systems a layer's features belong to: the white polygon's system is not the line's.
    expect(await line.textContent()).not.toContain('Snow Storage');
    const polygon = legend.getByTestId(`legend-layer-${ids.polygon}`);
    expect(await polygon.textContent()).toContain('Snow Storage');
    expect(await polygon.textContent()).not.toContain('Gas Main');
    expect(await legend.getByTestId(`legend-layer-${ids.point}`).count()).toBe(0);
    await legendPage.screenshot({ path: `${shots}/first-day-legend-desktop-light.png` });
    await legendPage.context().close();
  });

  it("shows a layer's own SLD/CSS style as its symbol in the project tree, from the server's legend", async () => {
    const style = await env.server.db
      .insertInto('styles')
      .values({
        organization_id: (await env.api<{ organization: { id: string } }>('GET', '/rest/accounts/profile')).organization
          .id,
        name: 'Green poles',
        format: 'css',
        body: '* { mark: symbol(circle); fill: #00c853; mark-size: 14; }',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await env.server.db.updateTable('layers').set({ style_id: style.id }).where('id', '=', ids.point).execute();
    const treePage = await env.page();
    await signIn(treePage, env.server, env.admin);
    await openProjectPanel(treePage);
    const swatch = treePage.getByTestId(`layer-style-swatch-${ids.point}`);
    await swatch.waitFor();
    // The pixels the row shows: the legend's first swatch (past its margin), in the style's green.
    const [green] = await elementColourShares(swatch, ['#00c853']);
    expect(green).toBeGreaterThan(0.2);
    await treePage.screenshot({ path: `${shots}/first-day-style-swatch-desktop-light.png` });
    await treePage.context().close();
  });

  it('falls back to the offline basemap when the tile provider cannot be reached, says so once and remembers it', async () => {
    await updatePrefs(env.api, { provider: 'MAP_OSM' });
    const offline = await env.page();
    let tileRequests = 0;
    offline.on('request', (r) => {
      if (r.url().includes('tile.openstreetmap.org')) tileRequests += 1;
    });
    // No network for tiles here: the provider's requests fail as they would on a field laptop offline.
    await offline.route('**/tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    await signIn(offline, env.server, env.admin);
    await expectSnack(offline, mapEn['app.map.tiles.offline']);
    const first = tileRequests;
    expect(first).toBeGreaterThan(0);
    await offline.reload();
    await mapIdle(offline);
    await offline.waitForTimeout(1500);
    expect(tileRequests).toBe(first);
    await updatePrefs(env.api, { provider: 'MAP_OFFLINE' });
  });
  it('draws water and place names from the offline basemap at a working zoom, crediting its sources', async () => {
    await updatePrefs(env.api, { provider: 'MAP_OFFLINE' });
    const water = await env.page();
    const tiles: number[] = [];
    water.on('response', (r) => {
      if (r.url().includes('/basemap/tiles/')) tiles.push(r.status());
    });
    await signIn(water, env.server, env.admin);
    await mapIdle(water);
    // Chicago's lake shore at zoom 15, as a user goes there: Lake Michigan east of the shore, the Loop west.
    const search = water.getByRole('combobox', { name: mapEn['app.map.search.label'] });
    await search.fill('41.88, -87.6175');
    await search.press('Enter');
    await expect.poll(async () => (await mapView(water)).zoom, { timeout: 15_000 }).toBe(15);
    await mapIdle(water);
    await expect.poll(() => tiles.filter((s) => s === 200).length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(tiles.every((s) => s === 200 || s === 204 || s === 304)).toBe(true);
    // Close in, the place names (no generalised water: its shapes would mislead at this zoom).
    await water.screenshot({ path: `${shots}/first-day-offline-basemap-z15-desktop-light.png` });
    // One step at a time, as a click during the zoom animation steps from where the animation is.
    for (const zoom of [14, 13, 12]) {
      await water.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(async () => (await mapView(water)).zoom).toBe(zoom);
    }
    await mapIdle(water);
    // The offline palette's water (#cddfe6) over the lake, its land (#f3f1ea) inland.
    const lake = await pixelOf(water, [-87.55, 41.88]);
    const inland = await pixelOf(water, [-87.7, 41.88]);
    await expect
      .poll(async () => near(await colourAt(water, lake.x, lake.y), '#cddfe6', 12), { timeout: 20_000 })
      .toBe(true);
    expect(near(await colourAt(water, inland.x, inland.y), '#f3f1ea', 12)).toBe(true);
    expect(await water.getByTestId('map-readout').locator('..').textContent()).toContain(
      '© OpenStreetMap contributors',
    );
    await water.screenshot({ path: `${shots}/first-day-offline-basemap-desktop-light.png` });
    await water.setViewportSize({ width: 390, height: 844 });
    await mapIdle(water);
    await water.screenshot({ path: `${shots}/first-day-offline-basemap-phone-light.png` });
    await water.context().close();
  });
  it.each([
    { name: 'desktop-dark', phone: false, colorScheme: 'dark' as const },
    { name: 'phone-light', phone: true, colorScheme: 'light' as const },
    { name: 'phone-dark', phone: true, colorScheme: 'dark' as const },
  ])('lays out the legend, the project tree and the offline basemap at $name', async ({ name, phone, colorScheme }) => {
    // The app's theme is the user's preference once signed in.
    await updatePrefs(env.api, { theme: colorScheme, provider: 'MAP_OFFLINE' });
    const p = await env.page({ phone, colorScheme });
    await signIn(p, env.server, env.admin);
    await mapIdle(p);
    const viewport = p.viewportSize()!;
    const inside = async (l: Locator) => {
      const box = await rect(l);
      return (
        box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 1 && box.y + box.height <= viewport.height + 1
      );
    };

    await p.getByRole('button', { name: mapEn['app.map.legend'] }).click();
    const legend = p.getByTestId('map-legend');
    await legend.getByTestId(`legend-layer-${ids.line}`).waitFor();
    expect(await inside(legend)).toBe(true);
    await p.screenshot({ path: `${shots}/first-day-legend-${name}.png` });
    await legend.getByRole('button', { name: mainEn['app.close'] }).click();

    await openProjectPanel(p);
    const row = p.getByTestId(`layer-row-${ids.line}`);
    await row.getByTestId(`layer-count-${ids.line}`).waitFor();
    // Every action of a layer row is on screen, inside the panel, at phone width too.
    const panel = await rect(p.getByTestId('project-panel'));
    const last = await rect(row.getByRole('button', { name: projectsEn['app.layer.delete'] }));
    expect(last.x + last.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
    await p.waitForTimeout(400);
    await p.screenshot({ path: `${shots}/first-day-tree-${name}.png` });
    if (phone) await p.keyboard.press('Escape');
    else await p.getByTestId('project-panel-toggle').click();
    await p.getByTestId('project-panel').waitFor({ state: 'hidden' });

    const search = p.getByRole('combobox', { name: mapEn['app.map.search.label'] });
    await search.fill('41.88, -87.6175');
    await search.press('Enter');
    await expect.poll(async () => (await mapView(p)).zoom, { timeout: 15_000 }).toBe(15);
    for (let i = 0; i < 3; i++) await p.getByRole('button', { name: 'Zoom out' }).click();
    await mapIdle(p);
    await p.waitForTimeout(500);
    await p.screenshot({ path: `${shots}/first-day-offline-basemap-${name}.png` });
    await p.context().close();
    await updatePrefs(env.api, { theme: 'light' });
  });
});
