import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import {
  clickUntil,
  closeFeaturePanel,
  expectSnack,
  mapCentre,
  pixelOf,
  selectAt,
  startDrawing,
} from './support/map-page.js';
import { classify, featureOf, seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * Features on the map in a real browser (spec 3 §2, §4): draw a point, a line and a polygon on a
 * project's feature folder, fill the dictionary attributes and save; after a reload click a drawn
 * feature and read its attribute in the feature panel; drag a vertex and save; delete with the checkbox;
 * join two points into a line and label it with a leader.
 */
describe('map features: draw, select, edit and delete', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Fay', company: 'Features' });
    // A project on a copy of the APWA dictionary with a feature folder, its layers on, a street-level view over Denver.
    ids = await seedLocates(env, { center: { lat: 39.74, lng: -104.99 }, zoom: 16 });
  });
  afterAll(async () => {
    await env?.stop();
  });
  const api = <T = unknown>(method: string, path: string, body?: unknown) => env.api<T>(method, path, body);
  const closePanel = closeFeaturePanel;
  const kindOf = (kind: 'point' | 'line' | 'polygon') => featureOf(env, ids.project, kind);

  it('draws a point, a line and a polygon with their attributes', async () => {
    page = await env.page();
    await signIn(page, env.server, env.admin);
    const c = await mapCentre(page);

    await startDrawing(page, ids.point);
    await page.getByTestId('draw-tool-marker').waitFor();
    await page.mouse.click(c.x - 150, c.y - 100);
    await classify(page, 'Electric Pole', { 'Pole Number': 'P-100' });
    await expectSnack(page, en['app.feature.add.success']);
    await expect
      .poll(() => page.getByTestId('feature-panel-title').textContent(), { timeout: 10_000 })
      .toBe('Electric Pole');
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
    for (const [dx, dy] of [
      [80, -120],
      [200, -120],
      [200, 0],
      [80, 0],
    ])
      await page.mouse.click(c.x + dx, c.y + dy);
    await page.mouse.click(c.x + 80, c.y - 120);
    await classify(page, 'Electric Vault', {});
    await expectSnack(page, en['app.feature.add.success']);
    await closePanel(page);

    const rows = await env.server.db
      .selectFrom('features')
      .select(['id', 'kind'])
      .where('project_id', '=', ids.project)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['point', 'line', 'polygon']);
    const polygon = await api<{ geometry: { type: string; coordinates: number[][][][] } }>(
      'GET',
      `/rest/features/polygon.${rows[2].id}`,
    );
    expect(polygon.geometry.type).toBe('MultiPolygon');
    expect(polygon.geometry.coordinates[0][0]).toHaveLength(5);
  });

  it('shows the drawn features after a reload; a click opens the feature panel with the attribute value', async () => {
    await page.reload();
    await page.getByTestId('map').waitFor();
    const point = await kindOf('point');
    // The layers load over WFS; keep clicking the point until it is there to be hit.
    const poleNumber = page.getByTestId('feature-attr-Pole Number');
    await clickUntil(
      page,
      point.geometry.coordinates as number[],
      async () => (await poleNumber.isVisible()) && (await poleNumber.textContent()) === 'P-100',
      20_000,
    );
    expect(await page.getByTestId('feature-component').textContent()).toBe('Electric Pole');
  });

  it('drags a vertex of the line and saves the new geometry', async () => {
    await closePanel(page);
    const before = await kindOf('line');
    const [a, b, c] = (before.geometry.coordinates as number[][][])[0];
    const start = await pixelOf(page, a);
    const middle = await pixelOf(page, b);
    await page.mouse.click((start.x + middle.x) / 2, (start.y + middle.y) / 2);
    await expect
      .poll(() => page.getByTestId('feature-panel-title').textContent(), { timeout: 10_000 })
      .toBe('Electric Line');

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

    const after = await kindOf('line');
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
    const polygon = await kindOf('polygon');
    const ring = (polygon.geometry.coordinates as number[][][][])[0][0];
    const inside = await pixelOf(page, [(ring[0][0] + ring[2][0]) / 2, (ring[0][1] + ring[2][1]) / 2]);
    await page.mouse.click(inside.x, inside.y);
    await expect
      .poll(() => page.getByTestId('feature-panel-title').textContent(), { timeout: 10_000 })
      .toBe('Electric Vault');
    await page.getByTestId('feature-delete').click();
    const dialog = page.getByTestId('feature-delete-dialog');
    expect(await dialog.getByTestId('confirm-dialog-confirm').isDisabled()).toBe(true);
    await page.getByTestId('feature-delete-agree').check();
    await dialog.getByTestId('confirm-dialog-confirm').click();
    await expectSnack(page, en['app.feature.delete.success']);
    await page.getByTestId('feature-panel').waitFor({ state: 'hidden' });
    const res = await fetch(`${env.server.url}/rest/features/${polygon.id}`, {
      headers: { authorization: `Bearer ${env.admin.token}` },
    });
    expect(res.status).toBe(404);
  });

  it('joins two points into a line and labels it with a leader', async () => {
    await closePanel(page);
    // A second pole of the same classification as the one drawn above.
    await api('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-104.9905, 39.7407] },
      properties: {
        layer_id: ids.point,
        system_id: ids.pole.systemId,
        component_id: ids.pole.componentId,
        attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
      },
    });
    await page.reload();
    await page.getByTestId('map').waitFor();
    const first = await kindOf('point');
    await selectAt(page, first.geometry.coordinates as number[], 'Electric Pole');

    await page.getByTestId('feature-join-points').click();
    await page.getByTestId('join-mode-bar').waitFor();
    expect(await page.getByTestId('join-confirm').isDisabled()).toBe(true);
    const second = await pixelOf(page, [-104.9905, 39.7407]);
    await page.mouse.click(second.x, second.y);
    await expect.poll(() => page.getByTestId('join-confirm').isDisabled(), { timeout: 5000 }).toBe(false);
    await page.getByTestId('join-confirm').click();
    await expectSnack(page, en['app.line.create.from.points.success']);
    const lines = await env.server.db
      .selectFrom('features')
      .select('id')
      .where('project_id', '=', ids.project)
      .where('kind', '=', 'line')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
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
    const leaders = await api<{
      features: Array<{ geometry: { coordinates: number[][][] }; properties: { metadata: string } }>;
    }>('GET', `/rest/features/leaders?projectId=${ids.project}`);
    expect(leaders.features).toHaveLength(1);
    expect(JSON.parse(leaders.features[0].properties.metadata)).toMatchObject({
      text: 'Poles P-100\nand P-101',
      vertex: 0,
      symbol: 'FORWARD_CLOSED_ARROW',
    });
    const [anchor, end] = leaders.features[0].geometry.coordinates[0];
    expect(anchor).toEqual(first.geometry.coordinates);
    expect(end[0]).toBeCloseTo(-104.9895, 4);
    expect(end[1]).toBeCloseTo(39.7412, 4);
  });
});
