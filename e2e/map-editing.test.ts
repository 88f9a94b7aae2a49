import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import { choose, closeFeaturePanel, expectSnack, pixelOf, selectAt } from './support/map-page.js';
import { attributesByName, featuresOf, seedLocates, type FeatureJson, type Locates } from './support/features.js';
import { signIn, startMapEnv, updatePrefs, type MapEnv } from './support/session.js';

/**
 * Working on existing features in a real browser (spec 3 §2 feature panel, §4 editing and line
 * functions, §6 read-only layers): the attribute edit panel, maximize and close, pedigree arrows and
 * the profile chart, a geometry edit cancelled, a read-only layer, and remove vertex, split and join.
 */
describe('map editing: feature panel, geometry edit and line functions', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  let archive = '';
  const pole = [-104.992, 39.742];
  const readOnlyPoint = [-104.9895, 39.7415];
  // A surveyed line with altitudes and a pedigree per vertex; a second line starting at its end; a third to split.
  const surveyed = [
    [-104.993, 39.7395, 1600],
    [-104.992, 39.7397, 1610],
    [-104.991, 39.7395, 1605],
  ];
  const extension = [
    [-104.991, 39.7395],
    [-104.99, 39.7392],
  ];
  const toSplit = [
    [-104.993, 39.738],
    [-104.992, 39.7378],
    [-104.991, 39.738],
  ];
  const mid = (a: number[], b: number[]) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Eddie', company: 'Editing' });
    ids = await seedLocates(env, { center: { lat: 39.74, lng: -104.9912 }, zoom: 17 });
    const electric = ids.dictionary.systems.find((s) => s.name === 'Electric')!;
    const lineComponent = electric.components.find((c) => c.alias === 'Electric Line')!;
    const status = (c: typeof lineComponent) => ({
      attributeId: c.attributes.find((a) => a.name === 'Locate Status')!.id,
      attributeValue: 'Marked',
    });
    const poleNumber = electric.components
      .find((c) => c.alias === 'Electric Pole')!
      .attributes.find((a) => a.name === 'Pole Number')!.id;
    await env.api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: pole },
      properties: {
        layer_id: ids.point,
        system_id: ids.pole.systemId,
        component_id: ids.pole.componentId,
        attributes: [
          { attributeId: ids.pole.statusId, attributeValue: 'Marked' },
          { attributeId: poleNumber, attributeValue: 'P-1' },
        ],
      },
    });
    const line = (coordinates: number[][], metadata?: unknown) =>
      env.api('POST', '/rest/features/lines', {
        geometry: { type: 'LineString', coordinates },
        properties: {
          layer_id: ids.line,
          system_id: electric.id,
          component_id: lineComponent.id,
          attributes: [status(lineComponent)],
          metadata,
        },
      });
    await line(surveyed, {
      Meta_Data: [
        { GPS_Quality: 'RTK Fixed', Accuracy: '0.02 m' },
        { GPS_Quality: 'RTK Float', Accuracy: '0.3 m' },
        { GPS_Quality: 'DGPS', Accuracy: '1.5 m' },
      ],
    });
    await line(extension);
    await line(toSplit);
    // A layer of archived points, read-only once its point is in.
    const folder = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders`, { name: 'Archive' });
    archive = (
      await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders/${folder.id}/layers`, {
        name: 'Old poles',
      })
    ).id;
    await env.api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: readOnlyPoint },
      properties: { layer_id: archive, properties: { Note: 'Removed 2019' } },
    });
    await env.api('PUT', `/rest/projects/${ids.project}/folders/${folder.id}/layers`, {
      id: archive,
      name: 'Old poles',
      readOnly: true,
    });
    const prefs = await env.api<{ projectPrefs: Array<{ selectedLayers: string[] }> }>('GET', '/preferences');
    prefs.projectPrefs[0].selectedLayers.push(archive);
    await updatePrefs(env.api, { projectPrefs: prefs.projectPrefs });
    page = await env.page();
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const lines = () => featuresOf(env, ids.project, 'line');
  const coordinatesOf = (f: FeatureJson) => (f.geometry.coordinates as number[][][])[0];
  const title = () => page.getByTestId('feature-panel-title');

  it('edits attribute values in the panel and shows them when the feature is opened again', async () => {
    await selectAt(page, pole, 'Electric Pole');
    expect(await page.getByTestId('feature-attr-Pole Number').textContent()).toBe('P-1');
    await page.getByRole('button', { name: en['app.feature.edit.attributes'] }).click();
    await page.getByTestId('attribute-edit-panel').waitFor();
    await page.getByTestId('attribute-Pole Number').fill('P-1A');
    await choose(page, 'attribute-Locate Status', 'Conflict');
    await page.getByTestId('attribute-edit-save').click();
    await expectSnack(page, en['app.feature.update.success']);
    await page.getByTestId('attribute-edit-panel').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('feature-attr-Pole Number').textContent()).toBe('P-1A');

    await closeFeaturePanel(page);
    await selectAt(page, pole, 'Electric Pole');
    expect(await page.getByTestId('feature-attr-Pole Number').textContent()).toBe('P-1A');
    expect(await page.getByTestId('feature-attr-Locate Status').textContent()).toBe('Conflict');
    const [saved] = await featuresOf(env, ids.project, 'point');
    expect(attributesByName(saved, ids.dictionary)).toMatchObject({
      'Pole Number': 'P-1A',
      'Locate Status': 'Conflict',
    });
  });

  it('maximizes the panel, restores it, and closing clears the selection', async () => {
    const panel = page.getByTestId('feature-panel');
    // Widths within the drawer's 1 px border.
    const width = async () => Math.round((await panel.boundingBox())!.width);
    expect(Math.abs((await width()) - 375)).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: en['app.feature.panel.maximize'] }).click();
    // The page less the 150 px margin.
    await expect.poll(async () => Math.abs((await width()) - (1280 - 150)) <= 1).toBe(true);
    await page.getByRole('button', { name: en['app.feature.panel.collapse'] }).click();
    await expect.poll(async () => Math.abs((await width()) - 375) <= 1).toBe(true);
    // The point has a single vertex: no arrows, and no profile.
    expect(await page.getByTestId('vertex-arrows').count()).toBe(0);
    expect(await page.getByTestId('feature-view-PROFILE').isDisabled()).toBe(true);
    expect(await page.getByTestId('project-panel-toggle').isDisabled()).toBe(true);
    await page.getByRole('button', { name: en['app.feature.panel.close'] }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('project-panel-toggle').isEnabled()).toBe(true);
  });

  it('steps through the pedigree of each vertex and shows the profile of a line', async () => {
    await closeFeaturePanel(page);
    await selectAt(page, mid(surveyed[0], surveyed[1]), 'Electric Line');
    const pedigree = page.getByTestId('pedigree-panel');
    const current = page.getByTestId('vertex-current');
    expect(await current.textContent()).toBe('Vertex 1 of 3');
    expect(await page.getByRole('button', { name: en['app.feature.vertex.previous'] }).isDisabled()).toBe(true);
    // Metres read in feet with metric units off.
    expect(await pedigree.textContent()).toContain('RTK Fixed');
    expect(await pedigree.textContent()).toContain('0.066 ft');
    await page.getByRole('button', { name: en['app.feature.vertex.next'] }).click();
    await expect.poll(() => current.textContent()).toBe('Vertex 2 of 3');
    expect(await pedigree.textContent()).toContain('RTK Float');
    await page.getByRole('button', { name: en['app.feature.vertex.next'] }).click();
    await expect.poll(() => pedigree.textContent()).toContain('DGPS');
    expect(await page.getByRole('button', { name: en['app.feature.vertex.next'] }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: en['app.feature.vertex.previous'] }).click();
    await expect.poll(() => current.textContent()).toBe('Vertex 2 of 3');

    await page.getByTestId('feature-view-PROFILE').click();
    const chart = page.getByTestId('profile-chart');
    await chart.waitFor();
    await chart.getByRole('img', { name: en['app.feature.profile.altitude'] }).waitFor();
    // Length along the vertices on the spec's sphere, in feet.
    const rad = (d: number) => (d * Math.PI) / 180;
    const haversine = (a: number[], b: number[]) =>
      2 *
      6_371_071 *
      Math.asin(
        Math.sqrt(
          Math.sin(rad(b[1] - a[1]) / 2) ** 2 +
            Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(rad(b[0] - a[0]) / 2) ** 2,
        ),
      );
    const feet = (haversine(surveyed[0], surveyed[1]) + haversine(surveyed[1], surveyed[2])) * 3.2808399;
    const shown = Number(
      (await page.getByTestId('profile-length').textContent())!.match(/Length: ([\d,.]+) ft/)![1].replace(/,/g, ''),
    );
    expect(shown).toBeCloseTo(feet, 0);
    expect(await chart.textContent()).toContain(
      `${(1610 * 3.2808399).toFixed(3).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ft`,
    );
  });

  it('puts the geometry back when an edit is cancelled', async () => {
    const before = coordinatesOf((await lines())[0]);
    await page.getByTestId('feature-edit-geometry').click();
    await page.getByTestId('geometry-edit-bar').waitFor();
    const vertex = await pixelOf(page, surveyed[1]);
    await page.mouse.move(vertex.x, vertex.y);
    await page.mouse.down();
    await page.mouse.move(vertex.x, vertex.y + 40, { steps: 8 });
    await page.mouse.move(vertex.x, vertex.y + 80, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('geometry-edit-save').isEnabled()).toBe(true);
    await page.getByTestId('geometry-edit-cancel').click();
    await page.getByTestId('geometry-edit-bar').waitFor({ state: 'detached' });
    expect(coordinatesOf((await lines())[0])).toEqual(before);
    // Still selected, and the unchanged line is what a new edit starts from.
    expect(await title().textContent()).toBe('Electric Line');
    await page.getByTestId('feature-edit-geometry').click();
    await page.getByTestId('geometry-edit-bar').waitFor();
    expect(await page.getByTestId('geometry-edit-save').isDisabled()).toBe(true);
    await page.getByTestId('geometry-edit-cancel').click();
  });

  it('removes a vertex of a line, then joins it with the line that continues it', async () => {
    const previous = page.getByRole('button', { name: en['app.feature.vertex.previous'] });
    while (await previous.isEnabled()) await previous.click();
    await page.getByRole('button', { name: en['app.feature.vertex.next'] }).click();
    await expect.poll(() => page.getByTestId('vertex-current').textContent()).toBe('Vertex 2 of 3');
    await page.getByTestId('vertex-remove').click();
    await expectSnack(page, en['app.line.remove-vertex.success']);
    await expect.poll(async () => coordinatesOf((await lines())[0])).toEqual([surveyed[0], surveyed[2]]);
    await expect.poll(() => page.getByTestId('vertex-current').textContent()).toBe('Vertex 1 of 2');

    await page.getByTestId('feature-join-line').click();
    const bar = page.getByTestId('join-mode-bar');
    await bar.waitFor();
    expect(await page.getByTestId('join-confirm').isDisabled()).toBe(true);
    const second = await pixelOf(page, mid(extension[0], extension[1]));
    await page.mouse.click(second.x, second.y);
    await expect.poll(() => page.getByTestId('join-confirm').isEnabled(), { timeout: 5000 }).toBe(true);
    await page.getByTestId('join-confirm').click();
    await expectSnack(page, en['app.line.join.success']);
    await bar.waitFor({ state: 'detached' });
    // The junction is kept once; the second line is gone (positions compared in 2D: one line has one dimension).
    const flat = (f: FeatureJson) => coordinatesOf(f).map(([x, y]) => [x, y]);
    await expect
      .poll(async () => (await lines()).map(flat))
      .toEqual([[surveyed[0], surveyed[2], extension[1]].map(([x, y]) => [x, y]), toSplit]);
  });

  it('splits a line at an inner vertex into two lines', async () => {
    await closeFeaturePanel(page);
    await selectAt(page, mid(toSplit[0], toSplit[1]), 'Electric Line');
    expect(await page.getByTestId('vertex-split').isDisabled()).toBe(true);
    await page.getByRole('button', { name: en['app.feature.vertex.next'] }).click();
    await expect.poll(() => page.getByTestId('vertex-split').isEnabled()).toBe(true);
    await page.getByTestId('vertex-split').click();
    await expectSnack(page, en['app.line.split.success']);
    await expect
      .poll(async () => (await lines()).map(coordinatesOf).slice(1))
      .toEqual([toSplit.slice(0, 2), toSplit.slice(1)]);
  });

  it('offers no edit or delete on a feature of a read-only layer', async () => {
    await closeFeaturePanel(page);
    await selectAt(page, readOnlyPoint, 'Old poles');
    for (const testId of [
      'feature-edit-attributes',
      'feature-edit-geometry',
      'feature-delete',
      'feature-add-leader',
      'feature-join-points',
    ]) {
      expect([testId, await page.getByTestId(testId).isDisabled()]).toEqual([testId, true]);
    }
    expect(await page.getByTestId('feature-prop-Note').textContent()).toBe('Removed 2019');
  });
});
