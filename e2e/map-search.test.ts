import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-search/en.json' with { type: 'json' };
import { execFileSync } from 'node:child_process';
import { closeFeaturePanel, mapCentre, mapView, openProjectPanel, pixelOf } from './support/map-page.js';
import { startJobWorker, type RunningWorker } from '../server/src/jobs/worker.js';
import { seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, until, updatePrefs, type MapEnv } from './support/session.js';

const shots = 'test-results/screenshots';

/**
 * The search panel in a real browser (issue #13): search by a word, open the matching layer, narrow by a
 * filter chip and by the map area, open a hit on the map (the feature panel shows it and its row is
 * highlighted), export the search; the layer's attribute table from its row; the panel photographed at
 * desktop and phone width, light and dark.
 */
describe('map search: words, filter chips, map area, open on the map, export', () => {
  let env: MapEnv;
  let worker: RunningWorker;
  let page: Page;
  let ids: Locates;
  let hydrants = '';
  const center = { lat: 39.742, lng: -104.992 };

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    env = await startMapEnv({ given: 'Sara', company: 'Searchers' });
    // buildApp alone runs no jobs; main.ts starts this same worker (the export runs as a job).
    worker = startJobWorker(env.server.app.deps, { pollMs: 500 });
    ids = await seedLocates(env, { center, zoom: 15 });
    const layer = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders/${ids.folder}/layers`, {
      name: 'Hydrants',
      fields: [
        { name: 'asset', type: 'text', order: 0 },
        { name: 'pressure', type: 'integer', order: 1 },
        { name: 'street', type: 'text', order: 2 },
      ],
    });
    hydrants = layer.id;
    // 12 hydrants in a row from west to east; the even ones on Larimer Street.
    for (let i = 0; i < 12; i++)
      await env.api('POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates: [center.lng - 0.011 + i * 0.002, center.lat] },
        properties: {
          layer_id: hydrants,
          fieldValues: {
            asset: `HY-${100 + i}`,
            pressure: 40 + i * 5,
            street: i % 2 ? 'Market Street' : 'Larimer Street',
          },
        },
      });
    const prefs = await env.api<{ projectPrefs: Array<Record<string, unknown>> }>('GET', '/preferences');
    await updatePrefs(env.api, {
      projectPrefs: prefs.projectPrefs.map((p) => ({
        ...p,
        selectedLayers: [...(p.selectedLayers as string[]), hydrants],
      })),
    });
    page = await env.page();
    await signIn(page, env.server, env.admin);
    await until(async () => (await mapView(page)).zoom === 15, 'the saved view');
  });
  afterAll(async () => {
    await worker?.stop();
    await env?.stop();
  });

  const panel = () => page.getByTestId('search-panel');
  const rows = () => panel().getByTestId('search-hit');

  it("finds the layers holding a word, with their counts, and lists a layer's hits", async () => {
    await page.getByTestId('search-toggle').click();
    await panel().getByRole('combobox', { name: en['app.search.text'] }).fill('larimer');
    const layerButton = panel().getByRole('button', { name: 'Hydrants: 6 matches' });
    await layerButton.waitFor({ timeout: 30_000 });
    await layerButton.click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(6);
    expect(await panel().getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['asset', 'pressure', 'street']),
    );
    expect(await panel().textContent()).toContain('1–6 of 6');
  });

  it('narrows by a filter chip and by the map area', async () => {
    await panel().getByRole('button', { name: en['app.search.filter.add'] }).click();
    const form = page.getByRole('form', { name: en['app.search.filter.title'] });
    await form.getByLabel(en['app.search.filter.field']).click();
    await page.getByRole('option', { name: 'pressure', exact: true }).click();
    await form.getByLabel(en['app.search.filter.operation']).click();
    await page.getByRole('option', { name: en['app.search.op.gte'], exact: true }).click();
    await form.getByLabel(en['app.search.filter.value']).fill('60');
    await form.getByRole('button', { name: en['app.search.filter.apply'] }).click();
    // Larimer hydrants have pressures 40, 50, …, 90: four are at least 60.
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(4);
    expect(await panel().getByTestId('search-filter-chip').first().textContent()).toBe('pressure ≥ 60');

    // The map moved over the east end of the row and zoomed in: the map area keeps only hydrants in view.
    const c = await mapCentre(page);
    // Dragged below the search panel, which floats over the top left of the map.
    const shift = (await pixelOf(page, [center.lng + 0.011, center.lat])).x - c.x;
    await page.mouse.move(c.x + shift, c.y + 200);
    await page.mouse.down();
    await page.mouse.move(c.x + shift / 2, c.y + 200, { steps: 5 });
    await page.mouse.move(c.x, c.y + 200, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await mapView(page)).lng, { timeout: 10_000 }).toBeGreaterThan(center.lng + 0.009);
    for (const zoom of [16, 17]) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(async () => (await mapView(page)).zoom, { timeout: 10_000 }).toBe(zoom);
    }
    await panel().getByRole('button', { name: en['app.search.filter.map-area'] }).click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeLessThan(4);
    expect(await rows().count()).toBeGreaterThan(0);
    expect(await panel().getByTestId('search-filter-chip').last().textContent()).toBe(en['app.search.map-area']);
  });

  it('opens a hit on the map: the feature panel shows it and its row is highlighted', async () => {
    const first = rows().first();
    const asset = await first.locator('td').first().textContent();
    await first.click();
    await page.getByTestId('feature-panel').waitFor();
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    expect(asset).toMatch(/^HY-1\d\d$/);
  });

  it('exports the search: the job writes only the matches', async () => {
    await closeFeaturePanel(page);
    const matches = await rows().count();
    await panel().getByRole('button', { name: en['app.search.export'] }).click();
    const dialog = page.getByTestId('export-dialog');
    await dialog.waitFor();
    await page.getByTestId('export-format').click();
    await page.getByRole('option', { name: 'CSV', exact: true }).click();
    await page.getByTestId('export-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('jobs-panel').locator('[data-testid^="job-row-"]').first();
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('success');
    const download = page.waitForEvent('download');
    await row.locator('[data-testid^="job-download-"]').click();
    const file = path.join(os.tmpdir(), `search-${Date.now()}-${(await download).suggestedFilename()}`);
    await (await download).saveAs(file);
    // GDAL reads the result (a zip of the CSV with its .csvt and .prj): one feature per match.
    const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', `/vsizip/${file}/Hydrants.csv`]).toString();
    expect(info).toContain(`Feature Count: ${matches}`);
    await page.getByTestId('jobs-close').click();
  });

  it("opens a layer's attribute table from its row with its saved search, sorted by a column", async () => {
    const openAttributeTable = async () => {
      await openProjectPanel(page);
      await page
        .getByTestId(`layer-row-${hydrants}`)
        .getByRole('button', { name: en['app.layer.attribute-table'] })
        .click();
    };
    await page.getByRole('button', { name: en['app.search.close'] }).click();
    await openAttributeTable();
    // The layer's filter chip is remembered (spec 3 §3 saved search prefs); the text and map area are not.
    const chip = panel().getByTestId('search-filter-chip');
    await expect.poll(() => chip.allTextContents(), { timeout: 15_000 }).toEqual(['pressure ≥ 60']);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(8);
    await chip.getByTestId('CancelIcon').click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(12);
    await panel().getByRole('button', { name: 'pressure' }).click();
    await panel().getByRole('button', { name: 'pressure' }).click();
    const firstPressure = async () => (await rows().first().locator('td').allTextContents()).includes('95');
    await expect.poll(firstPressure).toBe(true);

    // After a reload the table opens as it was left: no filter, sorted by pressure, highest first.
    await page.reload();
    await openAttributeTable();
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(12);
    await expect.poll(firstPressure).toBe(true);
  });

  it.each([
    { name: 'desktop-light', phone: false, colorScheme: 'light' as const },
    { name: 'desktop-dark', phone: false, colorScheme: 'dark' as const },
    { name: 'phone-light', phone: true, colorScheme: 'light' as const },
    { name: 'phone-dark', phone: true, colorScheme: 'dark' as const },
  ])('lays out the search panel inside the page at $name', async ({ name, phone, colorScheme }) => {
    await updatePrefs(env.api, { theme: colorScheme });
    const p = await env.page({ phone, colorScheme });
    await signIn(p, env.server, env.admin);
    await p.getByTestId('search-toggle').click();
    await p.getByRole('combobox', { name: en['app.search.text'] }).fill('street');
    await p.getByRole('button', { name: 'Hydrants: 12 matches' }).click();
    await expect.poll(() => p.getByTestId('search-hit').count(), { timeout: 15_000 }).toBe(12);
    const box = (await p.getByTestId('search-panel').boundingBox())!;
    const viewport = p.viewportSize()!;
    expect(box.x >= 0 && box.x + box.width <= viewport.width + 1, `${name}: ${JSON.stringify(box)}`).toBe(true);
    await p.screenshot({ path: `${shots}/search-${name}.png` });
    await p.context().close();
  });
});
