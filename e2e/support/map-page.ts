import { expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** What the map reports of its view (data-lat, data-lng, data-zoom on the map view). */
export async function mapView(page: Page): Promise<{ lat: number; lng: number; zoom: number }> {
  const el = page.getByTestId('map-view');
  const [lat, lng, zoom] = await Promise.all(
    ['data-lat', 'data-lng', 'data-zoom'].map(async (a) => Number(await el.getAttribute(a))),
  );
  return { lat, lng, zoom };
}

/** Waits until the map has no layer data or tiles loading. */
export const mapIdle = (page: Page) => page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 60_000 });

/** The middle of the map canvas in page pixels. */
export async function mapCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

/** Page pixel of a lon/lat, from the view the map reports (centre and zoom in Web Mercator, 256 px tiles). */
export async function pixelOf(page: Page, [lng, lat]: number[]): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const v = await mapView(page);
  const R = 6378137;
  const merc = (lo: number, la: number) => [
    (R * lo * Math.PI) / 180,
    R * Math.log(Math.tan(Math.PI / 4 + (la * Math.PI) / 360)),
  ];
  const resolution = (2 * Math.PI * R) / 256 / 2 ** v.zoom;
  const [x, y] = merc(lng, lat);
  const [cx, cy] = merc(v.lng, v.lat);
  return { x: box.x + box.width / 2 + (x - cx) / resolution, y: box.y + box.height / 2 - (y - cy) / resolution };
}

/**
 * Every text the bottom snackbar shows is logged in the page (window.__snacks): one message replaces
 * another and each hides after a few seconds, so on a slow machine a test could miss one it polls for.
 */
export async function recordSnacks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __snacks: string[] }).__snacks = log;
    const shown = new WeakMap<Element, string>();
    new MutationObserver(() => {
      document.querySelectorAll('[data-testid="snackbar"]').forEach((el) => {
        const text = el.textContent ?? '';
        if (shown.get(el) !== text) {
          shown.set(el, text);
          if (text) log.push(text);
        }
      });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * Waits until the map has its final size after a panel opened or closed (two equal widths in a row)
 * and has drawn a frame since, so clicks land where pixelOf says.
 */
export async function mapSettled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const width = (await page.getByTestId('map-view').boundingBox())?.width ?? 0;
        const same = width === last;
        last = width;
        return same;
      },
      { interval: 250, timeout: 10_000 },
    )
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Waits for the bottom snackbar to have said `text` (since the last message this matched). */
export async function expectSnack(page: Page, text: string, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((text) => {
          const log = (window as unknown as { __snacks?: string[] }).__snacks ?? [];
          const at = log.findIndex((s) => s.includes(text));
          if (at >= 0) log.splice(0, at + 1);
          return at >= 0 ? text : (log.at(-1) ?? '');
        }, text),
      { timeout },
    )
    .toBe(text);
}

/** Opens the project panel if it is closed. */
export async function openProjectPanel(page: Page): Promise<void> {
  // The toggle's pressed state, not the panel's visibility: a panel sliding out is still visible for a
  // moment, and would then hide under the test's next click.
  const toggle = page.getByTestId('project-panel-toggle');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.locator('[data-testid="project-panel-toggle"][aria-pressed="true"]').waitFor();
  await page.getByTestId('project-panel').waitFor();
}

/** Picks an option of an MUI select opened from the element with this test id. */
export async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Closes the feature panel; closing widens the map, so pixel positions are read after it has gone. */
export async function closeFeaturePanel(page: Page): Promise<void> {
  if (await page.getByTestId('feature-panel').isVisible()) await page.getByTestId('feature-panel-close').click();
  await page.getByTestId('feature-panel').waitFor({ state: 'hidden' });
  await mapSettled(page);
}

/**
 * Clicks a map position until `done` holds: layers and leaders load after a reload or a refresh, so
 * the first clicks may find nothing to hit. Clicks stay well apart, as a user's do: two quick clicks
 * at one place are a double-click, which zooms the map and selects nothing.
 */
export async function clickUntil(
  page: Page,
  lonLat: number[],
  done: () => Promise<boolean>,
  timeout = 30_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        const at = await pixelOf(page, lonLat);
        await page.mouse.click(at.x, at.y);
        await page.waitForTimeout(700);
        return done();
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
}

/** Clicks a position until the feature panel shows `title`. */
export async function selectAt(page: Page, lonLat: number[], title: string): Promise<void> {
  const shows = async () =>
    (await page.getByTestId('feature-panel').isVisible()) &&
    (await page.getByTestId('feature-panel-title').textContent()) === title;
  await clickUntil(page, lonLat, shows);
}

/** "Add feature" on a layer row of the project panel: the panel closes and drawing starts. */
export async function startDrawing(page: Page, layerId: string): Promise<void> {
  await openProjectPanel(page);
  const row = page.getByTestId(`layer-row-${layerId}`);
  await row.getByRole('button', { name: 'Add feature' }).click();
  await page.getByTestId('draw-action-message').waitFor();
  await page.getByTestId('project-panel').waitFor({ state: 'hidden' });
  await mapSettled(page);
}

/** Shares of the map's pixels within a small distance of each colour (#rrggbb). */
export async function colourShares(page: Page, colours: string[]): Promise<number[]> {
  return elementColourShares(page.getByTestId('map-view'), colours);
}

/** The shares of an element's pixels near each colour (#rrggbb), from a screenshot of it. */
export async function elementColourShares(element: Locator, colours: string[]): Promise<number[]> {
  return readScreenshot(element.page(), await element.screenshot(), { colours });
}

/** The colour on screen at a page pixel, as [r, g, b]. */
export async function colourAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 } });
  return readScreenshot(page, png, { at: { x: 1, y: 1 } });
}

/**
 * Reads a PNG screenshot by drawing it on a canvas in the page: the shares of its pixels near each
 * colour (#rrggbb), or the [r, g, b] of one of its pixels.
 */
function readScreenshot(
  page: Page,
  png: Buffer,
  query: { colours: string[] } | { at: { x: number; y: number } },
): Promise<number[]> {
  return page.evaluate(
    async ({ png, query }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.width, img.height];
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      if ('at' in query) return Array.from(ctx.getImageData(query.at.x, query.at.y, 1, 1).data.slice(0, 3));
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const targets = query.colours.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
      const counts = targets.map(() => 0);
      for (let i = 0; i < data.length; i += 4) {
        targets.forEach((t, k) => {
          if (Math.abs(data[i] - t[0]) + Math.abs(data[i + 1] - t[1]) + Math.abs(data[i + 2] - t[2]) < 12)
            counts[k] += 1;
        });
      }
      return counts.map((n) => n / (data.length / 4));
    },
    { png: png.toString('base64'), query },
  );
}

/** Whether an [r, g, b] is close to #rrggbb. */
export const near = (rgb: number[], hex: string, tolerance = 30) =>
  [1, 3, 5].reduce((sum, i, k) => sum + Math.abs(rgb[k] - parseInt(hex.slice(i, i + 2), 16)), 0) < tolerance;
