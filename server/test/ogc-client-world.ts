import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { harness, sharedDatabase, testConfig, type Harness } from './harness.js';
import { signedInAccount, templateDictionaryId, type SignedIn } from './factories.js';
import { field, value } from './feature-fixtures.js';

export const run = promisify(execFile);
/**
 * The environment GDAL runs in: quiet, and its WMS/WMTS tile cache (`<Cache/>`, on by default for
 * WMTS) in a temporary folder instead of ./gdalwmscache in the repository.
 */
export const gdalEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  CPL_DEBUG: 'OFF',
  GDAL_DEFAULT_WMS_CACHE_PATH: mkdtempSync(path.join(os.tmpdir(), 'gdal-wms-cache-')),
  ...extra,
});
export const hasGdal = existsSync('/usr/bin/gdalinfo') && existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal)
  throw new Error('CI must have GDAL (gdal-bin) to test the map services with a real client');

/** Where the fixture's features are (EPSG:4326 lon/lat). */
export const RED_POINT: [number, number] = [-105, 39.5];
export const BLUE_POINT: [number, number] = [-104.9, 39.6];
export const POLYGON = [
  [-104.8, 39.4],
  [-104.7, 39.4],
  [-104.7, 39.5],
  [-104.8, 39.5],
  [-104.8, 39.4],
];
export const LINE = [
  [-105.1, 39.4],
  [-105.0, 39.45],
];

export interface OgcClientWorld {
  h: Harness;
  /** An app of its own, listening, whose public URL is its real address (GDAL follows the URLs it writes). */
  app: FastifyInstance;
  base: string;
  admin: SignedIn;
  key: string;
  project: { id: string };
  folder: { id: string };
  layer: (kind: 'point' | 'line' | 'polygon') => string;
  electric: { id: string };
  dictionary: { id: string };
  /** Another organization with a project and a client key of its own. */
  other: { admin: SignedIn; key: string; project: { id: string } };
}

async function keyOf(h: Harness, who: SignedIn): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/rest/accounts/clientkey',
    headers: who.auth,
    payload: { email: who.email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key;
}

/**
 * One project (a copy of the APWA dictionary, whose Electric system is red) with a red point of
 * Electric, a blue point without a class, a line and a polygon, a client key of its admin, and a
 * second organization with its own project and key.
 */
export async function ogcClientWorld(): Promise<OgcClientWorld> {
  const h = await harness();
  const f = await field(h);
  const post = async (path: string, geometry: unknown, properties: Record<string, unknown>) => {
    const res = await h.app.inject({
      method: 'POST',
      url: path,
      headers: f.admin.auth,
      payload: { geometry, properties },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  // A Transformer without component styling is drawn in its system's colour.
  const transformer = f.component('Transformer');
  await post(
    '/rest/features/points',
    { type: 'Point', coordinates: RED_POINT },
    {
      layer_id: f.layer('point'),
      dictionary_id: f.dictionary.id,
      system_id: f.electric.id,
      component_id: transformer.id,
      attributes: [value(transformer, 'Locate Status', 'Marked')],
    },
  );
  await post('/rest/features/points', { type: 'Point', coordinates: BLUE_POINT }, { layer_id: f.layer('point') });
  await post('/rest/features/lines', { type: 'LineString', coordinates: LINE }, { layer_id: f.layer('line') });
  await post('/rest/features/polygons', { type: 'Polygon', coordinates: [POLYGON] }, { layer_id: f.layer('polygon') });

  const other = await signedInAccount(h);
  const otherProject = await h.app.inject({
    method: 'POST',
    url: '/rest/projects',
    headers: other.auth,
    payload: { name: 'Elsewhere', dataDictionaryId: await templateDictionaryId(h) },
  });
  expect(otherProject.statusCode, otherProject.body).toBeLessThan(300);
  const otherKey = await keyOf(h, other);

  const app = await buildApp({ config: testConfig(), database: sharedDatabase(h), mailer: h.mailbox, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  app.deps.config.publicUrl = base;
  return {
    h,
    app,
    base,
    admin: f.admin,
    key: await keyOf(h, f.admin),
    project: f.project,
    folder: f.folder,
    layer: f.layer,
    electric: f.electric,
    dictionary: f.dictionary,
    other: { admin: other, key: otherKey, project: { id: otherProject.json().id } },
  };
}

/** GET on the world's own app, raw answer kept. */
export async function get(w: OgcClientWorld, url: string, headers: Record<string, string> = {}) {
  const res = await w.app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    body: res.body,
    raw: res.rawPayload,
    type: String(res.headers['content-type']),
    etag: res.headers.etag as string | undefined,
  };
}
