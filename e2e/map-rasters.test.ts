import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-transfers/en.json' with { type: 'json' };
import { colourAt, expectSnack, mapIdle, near, pixelOf } from './support/map-page.js';
import { startTransferWorld, type TransferWorld } from './support/transfers.js';
import { projectsOf, type TreeLayer } from './support/projects.js';
import type { MapEnv } from './support/session.js';

const gdal = existsSync('/usr/bin/gdal_create');
/** The image: 2 km × 1 km of one red in UTM 17N, around this point. */
const UTM = ['500000', '4001000', '502000', '4000000'];
const CENTRE = [-80.9889, 36.1492];
const RED = '#c81e28';

/**
 * A raster layer in a real browser (issue #10 §2): a GeoTIFF uploaded in the folder's upload dialog as
 * Raster (a zipped one asks for a coordinate system first), its IMPORT job, the new layer switched on
 * and drawn on the map from the server's tiles, red where the image is and the basemap beside it.
 */
describe.runIf(gdal)('map rasters: upload a GeoTIFF and see it on the map', () => {
  let world: TransferWorld;
  let env: MapEnv;
  let page: Page;
  let tif: string;
  let zip: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    world = await startTransferWorld({
      given: 'Rhea',
      company: 'Rasters',
      project: 'Orthos',
      folder: 'Imagery',
      centre: { lat: CENTRE[1]!, lng: CENTRE[0]! },
      zoom: 14,
      prepare: () => {
        const work = mkdtempSync(path.join(tmpdir(), 'fb-rasters-'));
        tif = path.join(work, 'Ortho.tif');
        const burn = ['-burn', '200', '-burn', '30', '-burn', '40'];
        execFileSync('gdal_create', [
          '-of',
          'GTiff',
          '-outsize',
          '200',
          '100',
          '-bands',
          '3',
          ...burn,
          '-a_ullr',
          ...UTM,
          tif,
        ]);
        execFileSync('gdal_edit.py', ['-a_srs', 'EPSG:32617', tif]);
        zip = path.join(work, 'Ortho.zip');
        execFileSync('zip', ['-qj', zip, tif]);
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

  it('asks a zipped raster for its coordinate system, imports a GeoTIFF and draws it from tiles', async () => {
    await page.getByTestId(`folder-row-${ids.folder}`).getByRole('button', { name: en['app.layer.upload'] }).click();
    const dialog = page.getByTestId('upload-dialog');
    await dialog.waitFor();
    await page.getByTestId('upload-type-raster').click();
    await page.getByTestId('upload-file').setInputFiles(zip);
    await dialog.getByText(en['app.layer.upload.crs.required']).waitFor();
    expect(await page.getByTestId('upload-submit').isDisabled()).toBe(true);
    // Feet conversions are for features: a raster upload does not offer them.
    expect(await page.getByTestId('upload-from-feet').count()).toBe(0);

    await page.getByTestId('upload-file').setInputFiles(tif);
    expect(await page.getByTestId('upload-layer-name').inputValue()).toBe('Ortho');
    const tiles = page.waitForResponse((r) => /\/layers\/[^/]+\/geo\/wms/.test(r.url()) && r.ok(), {
      timeout: 90_000,
    });
    await page.getByTestId('upload-submit').click();
    await expectSnack(page, en['app.layer.upload.success']);
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('jobs-panel').locator('[data-testid^="job-row-"]').first();
    await eventually(() => row.getAttribute('data-status')).toBe('success');

    await expectSnack(page, en['app.layer.upload.done']);
    const layers =
      (await projectsOf(env)).find((p) => p.id === ids.project)?.folders.find((f) => f.id === ids.folder)?.layers ?? [];
    expect(layers.map((l) => [l.name, (l as TreeLayer & { type: string }).type])).toEqual([['Ortho', 'RASTER']]);
    ids.layer = layers[0]!.id;
    const layerRow = page.getByTestId(`layer-row-${ids.layer}`);
    await eventually(() => layerRow.getByRole('checkbox').isChecked(), 15_000).toBe(true);
    expect((await tiles).url()).toContain(ids.layer);

    // The map alone: the jobs and project panels closed.
    await page.getByTestId('jobs-close').click();
    await page.getByTestId('project-panel-toggle').click();
    await page.getByTestId('project-panel').waitFor({ state: 'hidden' });
    await mapIdle(page);
    const inside = await pixelOf(page, CENTRE);
    await eventually(async () => near(await colourAt(page, inside.x, inside.y), RED)).toBe(true);
    const beside = await pixelOf(page, [CENTRE[0]! + 0.02, CENTRE[1]!]);
    expect(near(await colourAt(page, beside.x, beside.y), RED)).toBe(false);
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/raster-layer.png' });
  });
});
