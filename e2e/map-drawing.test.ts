import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../web/src/i18n/map-features/en.json' with { type: 'json' };
import { choose, closeFeaturePanel, expectSnack, mapCentre, pixelOf, startDrawing } from './support/map-page.js';
import { attributesByName, featuresOf, seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * Drawing new features in a real browser (spec 3 §4 drawing flow, §5 new-feature rules) on the asset
 * inventory dictionary: the @today default, Int inputs taking only digits, a bad hyperlink blocking
 * Save, a failed save keeping the drawing and the input, Cancel leaving nothing saved, the circle and
 * rectangle tools stored as polygons, and the last system and component offered again.
 */
describe('map drawing: new-feature dialog rules, cancel, circles and rectangles', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  const denver = { lat: 39.74, lng: -104.99 };

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Drew', company: 'Drawing' });
    ids = await seedLocates(env, { center: denver, zoom: 16 }, 'asset-inventory');
    page = await env.page();
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const dialog = () => page.getByTestId('new-feature-dialog');
  const save = () => page.getByTestId('new-feature-save');
  const attribute = (name: string) => page.getByTestId(`attribute-${name}`);
  /** A page pixel back to lon/lat (the inverse of pixelOf, from two reference points). */
  const lonLatAt = async (x: number, y: number) => {
    const a = await pixelOf(page, [denver.lng, denver.lat]);
    const b = await pixelOf(page, [denver.lng + 0.01, denver.lat + 0.01]);
    return [denver.lng + ((x - a.x) / (b.x - a.x)) * 0.01, denver.lat + ((y - a.y) / (b.y - a.y)) * 0.01];
  };

  it('fills @today, takes only digits in an Int, blocks Save on a bad hyperlink, and keeps the input when a save fails', async () => {
    await startDrawing(page, ids.point);
    const c = await mapCentre(page);
    await page.mouse.click(c.x - 120, c.y - 80);
    const clicked = await lonLatAt(c.x - 120, c.y - 80);
    await dialog().waitFor();
    await choose(page, 'feature-system', 'Lighting');
    await choose(page, 'feature-component', 'Street Light');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
    });
    expect(await attribute('Last Inspected').inputValue()).toBe(today);

    await attribute('Wattage').pressSequentially('1a5.0w');
    expect(await attribute('Wattage').inputValue()).toBe('150');
    await attribute('Asset ID').fill('SL-0042');
    await choose(page, 'attribute-Condition', 'Good');
    expect(await save().isEnabled()).toBe(true);
    await attribute('Photo Link').fill('not a link');
    await dialog().getByText(en['app.feature.error.bad-hyperlink']).waitFor();
    expect(await save().isDisabled()).toBe(true);
    await attribute('Photo Link').fill('https://photos.example.com/sl-0042.jpg');
    expect(await save().isEnabled()).toBe(true);

    // The first save fails on the server; the dialog keeps the drawing and every value for another try.
    let failed = 0;
    await page.route('**/rest/features', async (route) => {
      if (route.request().method() !== 'POST' || failed++ > 0) return route.fallback();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The server is busy, try again.' }),
      });
    });
    await save().click();
    await page.getByTestId('new-feature-error').getByText('The server is busy, try again.').waitFor();
    expect(await dialog().isVisible()).toBe(true);
    expect(await attribute('Wattage').inputValue()).toBe('150');
    expect(await attribute('Asset ID').inputValue()).toBe('SL-0042');
    expect(await attribute('Photo Link').inputValue()).toBe('https://photos.example.com/sl-0042.jpg');
    expect(await page.getByTestId('feature-component').textContent()).toBe('Street Light');
    expect(await featuresOf(env, ids.project, 'point')).toEqual([]);

    await save().click();
    await expectSnack(page, en['app.feature.add.success']);
    await dialog().waitFor({ state: 'hidden' });
    await page.unroute('**/rest/features');
    const [light] = await featuresOf(env, ids.project, 'point');
    expect(attributesByName(light, ids.dictionary)).toMatchObject({
      Wattage: '150',
      'Asset ID': 'SL-0042',
      Condition: 'Good',
      'Last Inspected': today,
      'Photo Link': 'https://photos.example.com/sl-0042.jpg',
    });
    // Where it was clicked before the failed save.
    const [lng, lat] = clicked;
    const [x, y] = light.geometry.coordinates as number[];
    expect(x).toBeCloseTo(lng, 4);
    expect(y).toBeCloseTo(lat, 4);
    await closeFeaturePanel(page);
  });

  it('saves nothing when the drawing or the dialog is cancelled', async () => {
    await startDrawing(page, ids.line);
    const c = await mapCentre(page);
    await page.mouse.click(c.x - 150, c.y + 60);
    await page.mouse.click(c.x - 50, c.y + 90);
    // Cancel in the action message while the line is half drawn: drawing ends, no dialog.
    await page.getByTestId('draw-cancel').click();
    await page.getByTestId('draw-action-message').waitFor({ state: 'detached' });
    expect(await dialog().isVisible()).toBe(false);
    await page.mouse.click(c.x + 50, c.y + 90);
    expect(await dialog().isVisible()).toBe(false);

    // A finished line whose dialog is cancelled is dropped too; drawing goes on until cancelled.
    await startDrawing(page, ids.line);
    await page.mouse.click(c.x - 150, c.y + 60);
    await page.mouse.click(c.x - 50, c.y + 90);
    await page.getByTestId('draw-finish').click();
    await dialog().waitFor();
    await page.getByTestId('new-feature-cancel').click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByTestId('draw-action-message').waitFor();
    await page.getByTestId('draw-cancel').click();
    await page.getByTestId('draw-action-message').waitFor({ state: 'detached' });
    expect(await featuresOf(env, ids.project, 'line')).toEqual([]);
  });

  it('draws a circle and a rectangle as polygons, offering the last system and component again', async () => {
    await startDrawing(page, ids.polygon);
    await page.getByTestId('draw-tool-circle').click();
    const c = await mapCentre(page);
    // Centre, then a point on the rim 60 px east.
    await page.mouse.click(c.x - 150, c.y);
    await page.mouse.move(c.x - 120, c.y, { steps: 3 });
    await page.mouse.click(c.x - 90, c.y);
    const [cx, cy] = await lonLatAt(c.x - 150, c.y);
    const [rx] = await lonLatAt(c.x - 90, c.y);
    await dialog().waitFor();
    // The system of the last feature is offered again; it has no polygon component, so none is chosen.
    expect(await page.getByTestId('feature-system').textContent()).toBe('Lighting');
    expect(await page.getByTestId('feature-component').textContent()).not.toContain('Street Light');
    await choose(page, 'feature-system', 'Stormwater');
    await choose(page, 'feature-component', 'Detention Pond');
    await attribute('Asset ID').fill('POND-1');
    await choose(page, 'attribute-Condition', 'Fair');
    await save().click();
    await expectSnack(page, en['app.feature.add.success']);
    await closeFeaturePanel(page);

    await startDrawing(page, ids.polygon);
    await page.getByTestId('draw-tool-rectangle').click();
    const c2 = await mapCentre(page);
    await page.mouse.click(c2.x + 40, c2.y - 100);
    await page.mouse.move(c2.x + 100, c2.y - 50, { steps: 3 });
    await page.mouse.click(c2.x + 160, c2.y - 20);
    const [west, north] = await lonLatAt(c2.x + 40, c2.y - 100);
    const [east, south] = await lonLatAt(c2.x + 160, c2.y - 20);
    await dialog().waitFor();
    // Both are remembered now that they suit a polygon.
    expect(await page.getByTestId('feature-system').textContent()).toBe('Stormwater');
    expect(await page.getByTestId('feature-component').textContent()).toBe('Detention Pond');
    await attribute('Asset ID').fill('POND-2');
    await choose(page, 'attribute-Condition', 'Good');
    await save().click();
    await expectSnack(page, en['app.feature.add.success']);
    await closeFeaturePanel(page);

    const [circle, rectangle] = await featuresOf(env, ids.project, 'polygon');
    const ringOf = (f: typeof circle) => (f.geometry.coordinates as number[][][][])[0][0];
    expect(circle.geometry.type).toBe('MultiPolygon');
    const ring = ringOf(circle);
    // 64 segments, closed.
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
    const radius = rx - cx;
    for (const [x, y] of ring)
      expect(Math.hypot(x - cx, (y - cy) / Math.cos((cy * Math.PI) / 180))).toBeCloseTo(radius, 4);

    expect(rectangle.geometry.type).toBe('MultiPolygon');
    const box = ringOf(rectangle);
    expect(box).toHaveLength(5);
    expect(box[4]).toEqual(box[0]);
    const xs = box.map((p) => p[0]);
    const ys = box.map((p) => p[1]);
    expect(Math.min(...xs)).toBeCloseTo(west, 4);
    expect(Math.max(...xs)).toBeCloseTo(east, 4);
    expect(Math.min(...ys)).toBeCloseTo(south, 4);
    expect(Math.max(...ys)).toBeCloseTo(north, 4);
  });
});
