import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-transfers/en.json' with { type: 'json' };
import mainEn from '../web/src/i18n/en.json' with { type: 'json' };
import dataEn from '../web/src/i18n/data/en.json' with { type: 'json' };
import { choose, expectSnack, openProjectPanel } from './support/map-page.js';
import { startTransferWorld, type TransferWorld } from './support/transfers.js';
import { projectsOf } from './support/projects.js';
import { signIn, updatePrefs, type MapEnv } from './support/session.js';

const gdal = existsSync('/usr/bin/ogr2ogr') && existsSync('/usr/bin/ogrinfo');
const POINTS = 120;
/** Enough points that the import is still running when the jobs panel polls (every 2 s). */
// Large enough that loading it takes a few seconds on the embedded database, so the panel sees it mid-way.
const WELLS = 150_000;

/**
 * Data in and out in a real browser (issue #10, spec 3 §2–§4): a zipped Shapefile (made here with the
 * native ogr2ogr) uploaded in the folder's upload dialog, its IMPORT job followed in the jobs panel to
 * success, the new layer in the tree, switched on and drawn; then the layer exported as KMZ from its
 * row and the result downloaded from the Exports tab: a zip holding a KML with every feature.
 * Screenshots of the panel and both dialogs, light and dark, desktop and phone, go to /tmp/shots.
 */
/** `count` points around the view as a zipped Shapefile `<name>.zip`, made by the native ogr2ogr from a CSV. */
function zippedShapefile(work: string, name: string, count: number): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const lng = -98.2 + (i % 12) * 0.05 + Math.floor(i / 120) * 1e-5;
    const lat = 38.35 + Math.floor((i % 120) / 12) * 0.05;
    return `${i + 1},${name} ${i + 1},${lng.toFixed(5)},${lat.toFixed(5)}`;
  });
  const csv = path.join(work, `${name}.csv`);
  writeFileSync(csv, ['id,label,lon,lat', ...rows].join('\n'));
  const open = ['-oo', 'X_POSSIBLE_NAMES=lon', '-oo', 'Y_POSSIBLE_NAMES=lat', '-oo', 'AUTODETECT_TYPE=YES'];
  const zipped = path.join(work, `${name}.shp.zip`);
  execFileSync('ogr2ogr', ['-f', 'ESRI Shapefile', zipped, csv, ...open, '-a_srs', 'EPSG:4326', '-nln', name]);
  const zipFile = path.join(work, `${name}.zip`);
  renameSync(zipped, zipFile);
  return zipFile;
}

describe.runIf(gdal)('map transfers: upload, jobs panel, export', () => {
  let world: TransferWorld;
  let env: MapEnv;
  let page: Page;
  let work: string;
  let zipFile: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    world = await startTransferWorld({
      given: 'Tess',
      company: 'Transfers',
      project: 'River',
      folder: 'Survey',
      centre: { lat: 38.6, lng: -97.9 },
      zoom: 9,
      // A small CSV of points around the view, turned into a zipped Shapefile by GDAL itself.
      prepare: () => {
        work = mkdtempSync(path.join(tmpdir(), 'fb-transfers-'));
        zipFile = zippedShapefile(work, 'Hydrants', POINTS);
      },
    });
    ({ env, page } = world);
    ids.project = world.projectId;
    ids.folder = world.folderId;
  });
  afterAll(async () => {
    await world?.stop();
  });

  const eventually = <T>(fn: () => T | Promise<T>, timeout = 60_000) => expect.poll(fn, { timeout, interval: 250 });
  // Dialogs fade in (225 ms): a picture taken sooner shows them half drawn.
  const settle = (p: Page) => p.waitForTimeout(500);
  const folderRow = () => page.getByTestId(`folder-row-${ids.folder}`);
  const layersOfFolder = async () =>
    (await projectsOf(env)).find((p) => p.id === ids.project)?.folders.find((f) => f.id === ids.folder)?.layers ?? [];

  it('uploads a zipped Shapefile and follows its import in the jobs panel', async () => {
    await folderRow().getByRole('button', { name: en['app.layer.upload'] }).click();
    const dialog = page.getByTestId('upload-dialog');
    await dialog.waitFor();
    await page.getByTestId('upload-file').setInputFiles(zipFile);
    // The layer is named after the file.
    expect(await page.getByTestId('upload-layer-name').inputValue()).toBe('Hydrants');
    const drawn = page.waitForResponse((r) => /\/layers\/[^/]+\/geo\/(wfs|wms)/.test(r.url()) && r.ok(), {
      timeout: 90_000,
    });
    await page.getByTestId('upload-submit').click();
    await expectSnack(page, en['app.layer.upload.success']);
    await dialog.waitFor({ state: 'detached' });

    // The jobs panel opens on Imports with the job, which ends in success.
    const panel = page.getByTestId('jobs-panel');
    await panel.waitFor();
    expect(await page.getByTestId('jobs-tab-imports').getAttribute('aria-selected')).toBe('true');
    const row = panel.locator('[data-testid^="job-row-"]').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Hydrants');
    await eventually(() => row.getAttribute('data-status')).toBe('success');
    expect(await row.textContent()).toContain(`Hydrants: ${POINTS}`);

    // The new layer is in the tree, switched on, and drawn on the map.
    await expectSnack(page, en['app.layer.upload.done']);
    const layers = await layersOfFolder();
    expect(layers.map((l) => l.name)).toEqual(['Hydrants']);
    ids.layer = layers[0]!.id;
    const layerRow = page.getByTestId(`layer-row-${ids.layer}`);
    await layerRow.waitFor();
    await eventually(() => layerRow.getByRole('checkbox').isChecked(), 15_000).toBe(true);
    expect((await drawn).url()).toContain(ids.layer);
  });

  it('exports the layer as KMZ and downloads a zip holding a KML with every feature', async () => {
    await page.getByTestId(`layer-row-${ids.layer}`).getByRole('button', { name: en['app.layer.export'] }).click();
    const dialog = page.getByTestId('export-dialog');
    await dialog.waitFor();
    // Forbidden characters are stripped as typed.
    await page.getByTestId('export-file-name').fill('hydrant export#1');
    expect(await page.getByTestId('export-file-name').inputValue()).toBe('hydrantexport1');
    await choose(page, 'export-format', 'KMZ');
    // KMZ is always EPSG:4326: the coordinate system picker is disabled.
    expect(await dialog.getByLabel(dataEn['app.site.crs']).isDisabled()).toBe(true);
    await page.getByTestId('export-submit').click();
    await expectSnack(page, 'Your export has started');
    await dialog.waitFor({ state: 'detached' });

    expect(await page.getByTestId('jobs-tab-exports').getAttribute('aria-selected')).toBe('true');
    const row = page.getByTestId('jobs-panel').locator('[data-testid^="job-row-"]').first();
    await row.waitFor();
    await eventually(() => row.getAttribute('data-status')).toBe('success');
    const download = page.waitForEvent('download');
    await row.locator('[data-testid^="job-download-"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.kmz$/);
    const saved = path.join(work, file.suggestedFilename());
    await file.saveAs(saved);
    const bytes = readFileSync(saved);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('.kml'))).toBe(true);
    // Read as a plain zip: GDAL's KMZ driver would open it without showing that a KML is inside.
    const asZip = path.join(work, 'export.zip');
    copyFileSync(saved, asZip);
    const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', `/vsizip/${asZip}`]).toString();
    expect(info).toMatch(/using driver `(LIB)?KML'/);
    expect(info).toContain(`Feature Count: ${POINTS}`);
  });

  it('pages the jobs table on the server', async () => {
    await page.getByTestId('jobs-tab-imports').click();
    await page.getByTestId('jobs-pagination').getByRole('combobox').click();
    await page.getByRole('option', { name: '1', exact: true }).click();
    await page.getByTestId('jobs-tab-exports').click();
    await page.getByTestId('jobs-tab-imports').click();
    expect(await page.getByTestId('jobs-panel').locator('[data-testid^="job-row-"]').count()).toBe(1);
  });

  it('looks right in light and dark, on a desktop and a phone', async () => {
    mkdirSync('/tmp/shots', { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await updatePrefs(env.api, { theme });
      for (const phone of [false, true]) {
        const name = `${phone ? 'phone' : 'desktop'}-${theme}`;
        const p = await env.page({ phone, colorScheme: theme });
        await signIn(p, env.server, env.admin);
        await p.getByTestId('jobs-toggle').click();
        await p.getByTestId('jobs-panel').locator('[data-testid^="job-row-"]').first().waitFor();
        await p.screenshot({ path: `/tmp/shots/jobs-${name}.png` });
        await p.getByTestId('jobs-close').click();
        await openProjectPanel(p);
        await p.getByTestId(`folder-row-${ids.folder}`).getByRole('button', { name: en['app.layer.upload'] }).click();
        await p.getByTestId('upload-dialog').waitFor();
        await p.getByTestId('upload-file').setInputFiles(zipFile);
        await settle(p);
        await p.screenshot({ path: `/tmp/shots/upload-${name}.png` });
        await p.getByRole('button', { name: mainEn['app.cancel'] }).click();
        await p.getByTestId('upload-dialog').waitFor({ state: 'detached' });
        await p.getByTestId(`layer-row-${ids.layer}`).getByRole('button', { name: en['app.layer.export'] }).click();
        await p.getByTestId('export-dialog').waitFor();
        await settle(p);
        await p.screenshot({ path: `/tmp/shots/export-${name}.png` });
        await p.close();
      }
    }
  });
  it('shows a running import’s progress bar with features processed / total', async () => {
    const wells = zippedShapefile(work, 'Wells', WELLS);
    await folderRow().getByRole('button', { name: en['app.layer.upload'] }).click();
    const dialog = page.getByTestId('upload-dialog');
    await dialog.waitFor();
    await page.getByTestId('upload-file').setInputFiles(wells);
    // The server shares this test's thread (GDAL and PGlite hold it while they work), so the page
    // records what the Wells row shows itself: every state of its status, bar value and bar label,
    // pressing the panel's refresh twice a second between the panel's own polls.
    await page.evaluate(() => {
      type Shown = { status: string | null; now: number | null; label: string; text: string };
      const seen: Shown[] = [];
      (window as unknown as { wellsShown: Shown[] }).wellsShown = seen;
      const record = () => {
        const row = [...document.querySelectorAll('[data-testid^="job-row-"]')].find((r) =>
          r.textContent?.includes('Wells'),
        );
        if (!row) return;
        const bar = row.querySelector('[role="progressbar"]');
        const now = bar?.getAttribute('aria-valuenow');
        const shown = {
          status: row.getAttribute('data-status'),
          now: now == null ? null : Number(now),
          label: bar?.getAttribute('aria-label') ?? '',
          text: row.textContent ?? '',
        };
        if (JSON.stringify(seen.at(-1)) !== JSON.stringify(shown)) seen.push(shown);
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      const refresh = setInterval(() => {
        if (seen.at(-1)?.status === 'success') clearInterval(refresh);
        else document.querySelector<HTMLElement>('[data-testid="jobs-refresh"]')?.click();
      }, 500);
    });
    await page.getByTestId('upload-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const shown = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              wellsShown: Array<{ status: string | null; now: number | null; label: string; text: string }>;
            }
          ).wellsShown,
      );
    await eventually(async () => (await shown()).at(-1)?.status).toBe('success');
    const samples = await shown();
    // While running, once GDAL has counted the features: a determinate bar saying "processed / total",
    // its value the same fraction, shown as text too; processed only grows.
    const count = (text?: string) => Number(text?.replace(/,/g, ''));
    const running = samples
      .filter((s) => s.status === 'inProgress' && s.now !== null)
      .map((s) => {
        const [, processed, total] = s.label.match(/^([\d,]+) \/ ([\d,]+) features$/) ?? [];
        return { ...s, processed: count(processed), total: count(total) };
      });
    expect(running.length, JSON.stringify(samples.map((s) => [s.status, s.label]))).toBeGreaterThan(0);
    for (const s of running) {
      expect(s.total, s.label).toBe(WELLS);
      expect(s.processed).toBeGreaterThanOrEqual(0);
      expect(s.processed).toBeLessThanOrEqual(WELLS);
      expect(Math.abs(s.now! - (100 * s.processed) / WELLS)).toBeLessThanOrEqual(0.5);
      expect(s.text).toContain(s.label);
    }
    const processed = running.map((s) => s.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    // The bar moves while the features load (in chunks, each its own short write), not only at the end.
    expect(
      processed.some((n) => n > 0 && n < WELLS),
      JSON.stringify(samples.map((s) => [s.status, s.label])),
    ).toBe(true);
    const row = page.getByTestId('jobs-panel').locator('[data-testid^="job-row-"]').first();
    expect(await row.textContent()).toContain(`Wells: ${WELLS}`);
    expect(await row.getByRole('progressbar').count()).toBe(0);
  });
});
