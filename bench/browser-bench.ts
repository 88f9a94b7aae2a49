/**
 * Browser part of the map benchmark: the time until a 50,000-point WFS layer is drawn and the map is
 * interactive in Chromium, and the frame time while panning. The web app draws the layers listed in
 * prefs.projectPrefs[projectId].selectedLayers of the last project and shows a role="progressbar"
 * loading indicator while they load.
 */
import { performance } from 'node:perf_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { openDatabase, type Database } from '../server/src/db/connect.js';
import { prepareDatabase } from '../server/src/db/prepare.js';
import { buildFixture, settle } from './map-setup.js';
import { printTable, SAMPLES, stat, type Figure } from './stats.js';

const POINTS = 50_000;
const RUNS = Math.max(SAMPLES, Number(process.env.BENCH_BROWSER_RUNS ?? SAMPLES) || SAMPLES);

async function webDist(tmpDir: string, log: (s: string) => void): Promise<string | null> {
  // A build of its own in the benchmark's temporary folder, so a running e2e suite's web/dist is left alone.
  process.env.FB_WEB_DIST ??= path.join(tmpDir, 'web-dist');
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

export async function runBrowserBench(options: {
  pgAdminUrl?: string;
  tmpDir: string;
  log: (s: string) => void;
}): Promise<string> {
  const { log, tmpDir } = options;
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    log('browser: no Chromium; skipped');
    return '';
  }
  const dist = await webDist(tmpDir, log);
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
    mkdirSync(path.join(tmpDir, 'db'), { recursive: true });
    database = await openDatabase({ dataDir: path.join(tmpDir, 'db') });
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
    const f = await buildFixture(database, POINTS, 0, log, path.join(tmpDir, 'app'), { webDistDir: dist });
    await settle(database, log);
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

    // The measured runs: reloads of the map with the 50,000-point layer switched on (no reference: the
    // drawing has no bare equivalent). The first load above, after sign-in, is the warm-up.
    let wfsPages = 0;
    let lastWfs = 0;
    page.on('response', (r) => {
      if (r.url().includes('/geo/wfs')) {
        wfsPages++;
        lastWfs = performance.now();
      }
    });
    const drawnMs: number[] = [];
    const interactiveMs: number[] = [];
    const lastWfsMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      wfsPages = 0;
      const t0 = performance.now();
      await page.reload();
      await page.getByTestId('map').waitFor({ timeout: 60_000 });
      await page
        .getByRole('progressbar')
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 })
        .catch(() => undefined);
      await page.getByRole('progressbar').first().waitFor({ state: 'hidden', timeout: 120_000 });
      drawnMs.push(performance.now() - t0);
      // Interactive: the main thread answers the next animation frame.
      // (Strings, not functions: tsx would wrap a function with helpers the page does not have.)
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      interactiveMs.push(performance.now() - t0);
      lastWfsMs.push(lastWfs - t0);
    }

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
    const frames = ((await page.evaluate('window.__frames')) as number[]).slice(1);
    const figures: Figure[] = [
      { thing: stat('reload → loading indicator gone (layer drawn)', drawnMs, 'target < 2,000 ms') },
      { thing: stat('reload → next animation frame answered (interactive)', interactiveMs) },
      { thing: stat('reload → last WFS page headers received', lastWfsMs, `${wfsPages} WFS responses per load`) },
      { thing: stat('frame time while panning (600 px drag, 60 steps)', frames, `${frames.length} frames, one drag`) },
    ];
    const text = printTable(
      `Browser (Chromium headless, software rendering, server on ${database.kind}): ${POINTS.toLocaleString('en')}-point WFS layer, ${RUNS} reloads`,
      figures,
      log,
    );
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
