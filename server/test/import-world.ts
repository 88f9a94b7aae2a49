import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Harness } from './harness.js';
import { signedInAccount, type SignedIn, templateDictionaryId } from './factories.js';
import { runJobsUntilIdle } from '../src/jobs/worker.js';

/** What the import tests share: native GDAL to make files, a folder to upload into, the upload itself. */

export const run = promisify(execFile);
export const hasGdal = existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to make the import test files');

export const work = () => mkdtempSync(path.join(os.tmpdir(), 'fb-import-'));

export const call = async (
  h: Harness,
  who: SignedIn | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, json: () => res.json() };
};

/** A project admin with a project and one folder "In". */
export async function folderWorld(h: Harness) {
  const admin = await signedInAccount(h);
  const template = { id: await templateDictionaryId(h) };
  const project = (
    await call(h, admin, 'POST', '/rest/projects', { name: 'Imports', dataDictionaryId: template.id })
  ).json();
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/folders`, { name: 'In' })).json();
  return { admin, project, folder };
}

/** The spec's two steps (signed URL, then PUT of the file), then the organization's jobs run. */
export async function upload(h: Harness, who: SignedIn, folderId: string, file: Buffer, ext: string, query = '') {
  const signed = await call(h, who, 'GET', `/rest/projects/signedurl/${folderId}/${ext}/VECTOR/WFS${query}`);
  if (signed.status !== 200) return { status: signed.status, body: signed.json(), job: null };
  const res = await h.app.inject({
    method: 'PUT',
    url: signed.json().url,
    headers: { 'content-type': 'application/octet-stream' },
    payload: file,
  });
  if (res.statusCode !== 201) return { status: res.statusCode, body: res.json(), job: null };
  await runJobsUntilIdle(h.app.deps, { organizationId: who.organizationId });
  const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
  return { status: 201, body: res.json(), job };
}

export const layersOf = (h: Harness, folderId: string) =>
  h.db.selectFrom('layers').selectAll().where('folder_id', '=', folderId).orderBy('name').execute();

export async function featuresOf(h: Harness, layerId: string) {
  const r = await sql<{ kind: string; type: string; z: number | null; values: Record<string, unknown>; rings: number }>`
    SELECT kind, GeometryType(geom) AS type, ST_Z(ST_PointN(ST_Boundary(geom), 1)) AS z, field_values AS values,
      ST_NRings(geom) AS rings
    FROM features WHERE layer_id = ${layerId} ORDER BY id`.execute(h.db);
  return r.rows;
}

/** Features of the organization under no layer: what an unfinished import loaded (load.ts). */
export async function featuresWithoutLayer(h: Harness, organizationId: string): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*)::text AS n FROM features f
    WHERE f.organization_id = ${organizationId} AND NOT EXISTS (SELECT 1 FROM layers l WHERE l.id = f.layer_id)`.execute(
    h.db,
  );
  return Number(r.rows[0]?.n ?? 0);
}
