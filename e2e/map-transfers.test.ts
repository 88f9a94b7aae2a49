import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-transfers/en.json' with { type: 'json' };
import mainEn from '../web/src/i18n/en.json' with { type: 'json' };
import dataEn from '../web/src/i18n/data/en.json' with { type: 'json' };
import { startJobWorker, type RunningWorker } from '../server/src/jobs/worker.js';
import { choose, expectSnack, openProjectPanel } from './support/map-page.js';
import { projectsOf, type ProjectRow, type TreeFolder } from './support/projects.js';
import { copyTemplate, signIn, startMapEnv, updatePrefs, type MapEnv } from './support/session.js';

const gdal = existsSync('/usr/bin/ogr2ogr') && existsSync('/usr/bin/ogrinfo');
const POINTS = 120;

/**
 * Data in and out in a real browser (issue #10, spec 3 §2–§4): a zipped Shapefile (made here with the
 * native ogr2ogr) uploaded in the folder's upload dialog, its IMPORT job followed in the jobs panel to
 * success, the new layer in the tree, switched on and drawn; then the layer exported as KMZ from its
 * row and the result downloaded from the Exports tab: a zip holding a KML with every feature.
 * Screenshots of the panel and both dialogs, light and dark, desktop and phone, go to /tmp/shots.
 */
describe.runIf(gdal)('map transfers: upload, jobs panel, export', () => {
  let env: MapEnv;
  let page: Page;
  let worker: RunningWorker;
  let work: string;
  let zipFile: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Tess', company: 'Transfers' });
    // buildApp alone runs no jobs; main.ts starts this same worker.
    worker = startJobWorker(env.server.app.deps, { pollMs: 500 });
    const dictionary = await copyTemplate(env, 'apwa-utility-locating', 'Transfers');
    ids.project = (
      await env.api<ProjectRow>('POST', '/rest/projects', { name: 'River', dataDictionaryId: dictionary.id })
    ).id;
    ids.folder = (await env.api<TreeFolder>('POST', `/rest/projects/${ids.project}/folders`, { name: 'Survey' })).id;
    await updatePrefs(env.api, {
      lastProject: ids.project,
      provider: 'MAP_OFFLINE',
      projectPrefs: [
        {
          id: ids.project,
          selectedLayers: [],
          mapPrefs: { type: 'roadmap', center: { lat: 38.6, lng: -97.9 }, zoom: 9 },
        },
      ],
    });

    // A small CSV of points around the view, turned into a zipped Shapefile by GDAL itself.
    work = mkdtempSync(path.join(tmpdir(), 'fb-transfers-'));
    const rows = Array.from({ length: POINTS }, (_, i) => {
      const lng = -98.2 + (i % 12) * 0.05;
      const lat = 38.35 + Math.floor(i / 12) * 0.05;
      return `${i + 1},Hydrant ${i + 1},${lng.toFixed(5)},${lat.toFixed(5)}`;
    });
    writeFileSync(path.join(work, 'hydrants.csv'), ['id,label,lon,lat', ...rows].join('\n'));
    execFileSync('ogr2ogr', [
      '-f',
      'ESRI Shapefile',
      path.join(work, 'Hydrants.shp.zip'),
      path.join(work, 'hydrants.csv'),
      '-oo',
      'X_POSSIBLE_NAMES=lon',
      '-oo',
      'Y_POSSIBLE_NAMES=lat',
      '-oo',
      'AUTODETECT_TYPE=YES',
      '-a_srs',
      'EPSG:4326',
      '-nln',
      'Hydrants',
    ]);
    zipFile = path.join(work, 'Hydrants.zip');
    renameSync(path.join(work, 'Hydrants.shp.zip'), zipFile);

    page = await env.page();
    await signIn(page, env.server, env.admin);
    await openProjectPanel(page);
  });
  afterAll(async () => {
    await worker?.stop();
    await env?.stop();
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
});
