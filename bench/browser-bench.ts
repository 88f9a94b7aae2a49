/**
 * Browser part of the map benchmark: the time until a 50,000-point WFS layer is drawn and the map is
 * interactive in Chromium, and the frame time while panning. The web app draws the layers listed in
 * prefs.projectPrefs[projectId].selectedLayers of the last project and shows a role="progressbar"
 * loading indicator while they load.
 */
import { performance } from 'node:perf_hooks';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { openDatabase, type Database } from '../server/src/db/connect.js';
import { prepareDatabase } from '../server/src/db/prepare.js';
import { buildFixture } from './map-setup.js';

const POINTS = 50_000;

async function webDist(log: (s: string) => void): Promise<string | null> {
  // A build of its own, so a running e2e suite's web/dist is left alone.
  process.env.FB_WEB_DIST ??= path.join(os.tmpdir(), 'fieldbook-bench-web');
  try {
    const { ensureWebBuilt, webDistDir } = (await import('../scripts/build-web.mjs' as string)) as {
      ensureWebBuilt: () => boolean;
      webDistDir: () => string;
    };
    ensureWebBuilt();
    return webDistDir();
  } catch (err) {
    log(`browser: the web app did not build (${String(err)}); browser figures skipped`);
    return null;
  }
}

export async function runBrowserBench(options: { pgAdminUrl?: string; log: (s: string) => void }): Promise<string> {
  const { log } = options;
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    log('browser: no Chromium; skipped');
    return '';
  }
  const dist = await webDist(log);
  if (!dist) return '';
  let database: Database;
  let drop = async () => {};
  const name = `fieldbook_bench_web_${process.pid}`;
  if (options.pgAdminUrl) {
    const admin = new pg.Client({ connectionString: options.pgAdminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(options.pgAdminUrl);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.toString() });
    drop = async () => {
      const c = new pg.Client({ connectionString: options.pgAdminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'fieldbook-bench-web-')) });
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await prepareDatabase(database.db);
    const f = await buildFixture(database, POINTS, 0, log, { webDistDir: dist });
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
    const prefs = await f.app.inject({
      method: 'PUT',
      url: '/preferences',
      headers: f.auth,
      payload: {
        lastProject: f.projectId,
        skipGettingStartedGuide: true,
        projectPrefs: [{ id: f.projectId, selectedLayers: [f.pointLayerId] }],
      },
    });
    if (prefs.statusCode >= 400) throw new Error(`preferences: ${prefs.body}`);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${url}/signin`);
    await page.getByTestId('signin-email').fill(f.email);
    await page.getByTestId('signin-password').fill(f.password);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('map').waitFor({ timeout: 60_000 });
    const skip = page.getByTestId('getting-started-skip');
    if (
      await skip.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      await skip.click();
    await page
      .getByRole('progressbar')
      .first()
      .waitFor({ state: 'hidden', timeout: 120_000 })
      .catch(() => undefined);

    // The measured run: a reload of the map with the 50,000-point layer switched on.
    let wfsPages = 0;
    let lastWfs = 0;
    page.on('response', (r) => {
      if (r.url().includes('/geo/wfs')) {
        wfsPages++;
        lastWfs = performance.now();
      }
    });
    const t0 = performance.now();
    await page.reload();
    await page.getByTestId('map').waitFor({ timeout: 60_000 });
    await page
      .getByRole('progressbar')
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => undefined);
    await page.getByRole('progressbar').first().waitFor({ state: 'hidden', timeout: 120_000 });
    const drawn = performance.now() - t0;
    // Interactive: the main thread answers the next animation frame.
    // (Strings, not functions: tsx would wrap a function with helpers the page does not have.)
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const interactive = performance.now() - t0;

    // Frame times while panning: a 600 px drag in 60 steps, frames timed in the page.
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.evaluate(`(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__frames.length < 400) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx - 300, cy);
    await page.mouse.down();
    for (let i = 1; i <= 60; i++) {
      await page.mouse.move(cx - 300 + i * 10, cy + (i % 10));
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    const frames = ((await page.evaluate('window.__frames')) as number[]).slice(1).sort((a, b) => a - b);
    const q = (p: number) => frames[Math.min(frames.length - 1, Math.floor(p * frames.length))] ?? NaN;
    const text = `\nBrowser (Chromium headless, software rendering, ${database.kind}): ${POINTS.toLocaleString('en')}-point WFS layer
  drawn (loading indicator gone) ${drawn.toFixed(0)} ms, interactive ${interactive.toFixed(0)} ms after reload; ${wfsPages} WFS responses, last at ${(lastWfs - t0).toFixed(0)} ms
  frame time while panning: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${frames.at(-1)?.toFixed(1)} ms over ${frames.length} frames`;
    console.log(text);
    await f.app.close();
    return text;
  } catch (err) {
    log(`browser: ${String(err).slice(0, 400)}`);
    return '';
  } finally {
    await browser.close();
    await database.close();
    await drop();
  }
}
