import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import { insertFeaturesBulk } from '../src/features/bulk-insert.js';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import type { Harness } from './harness.js';
import { call, field, value } from './feature-fixtures.js';

/** Shared by the export tests: a layer with typed fields, running an export job, reading the result with GDAL. */

export const run = promisify(execFile);
export const hasGdal = existsSync('/usr/bin/ogrinfo');
if (process.env.CI && !hasGdal) throw new Error('CI must have GDAL (gdal-bin) to check exports with a real reader');

export const FIELDS = [
  { name: 'nombre', type: 'text', order: 0 },
  { name: 'cuenta', type: 'integer', order: 1 },
  { name: 'depth', type: 'real', order: 2 },
  { name: 'ok', type: 'boolean', order: 3 },
  { name: 'day', type: 'date', order: 4 },
];

/** A layer with typed fields: points with Z and non-ASCII text, a multipart line, a polygon with a hole. */
export async function world(h: Harness) {
  const w = await field(h);
  const layerId = w.layer('point');
  await h.db
    .updateTable('layers')
    .set({ fields: JSON.stringify(FIELDS) })
    .where('id', '=', layerId)
    .execute();
  const target = {
    organizationId: w.admin.organizationId,
    projectId: w.project.id,
    layerId,
    dictionaryId: null,
    accountId: w.admin.accountId,
  };
  const values = (i: number) => ({
    nombre: i % 2 ? 'árbol 中文' : 'Niño',
    cuenta: i,
    depth: i + 0.5,
    ok: i % 2 === 0,
    day: '2024-03-0' + ((i % 9) + 1),
  });
  await insertFeaturesBulk(h.db, target, [
    ...Array.from({ length: 20 }, (_, i) => ({
      kind: 'point' as const,
      geometry: { type: 'Point', coordinates: [-105 + i / 100, 39.5, 1600 + i] },
      fieldValues: values(i),
    })),
    {
      kind: 'line',
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [-105, 39],
            [-104.9, 39.1],
          ],
          [
            [-104.8, 39],
            [-104.7, 39.2],
          ],
        ],
      },
      fieldValues: values(21),
    },
    {
      kind: 'polygon',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-105, 40],
            [-104, 40],
            [-104, 41],
            [-105, 41],
            [-105, 40],
          ],
          [
            [-104.6, 40.4],
            [-104.4, 40.4],
            [-104.4, 40.6],
            [-104.6, 40.4],
          ],
        ],
      },
      fieldValues: values(22),
    },
  ]);
  return { ...w, layerId };
}

export const request = (format: string, extra: Record<string, unknown> = {}) => ({
  format,
  fileName: 'Survey: May/2024',
  email: 'surveyor@example.test',
  ...extra,
});

/** Starts an export, runs the queue and downloads the result into a temporary folder. */
export async function exported(
  h: Harness,
  w: Awaited<ReturnType<typeof world>>,
  type: string,
  id: string,
  body: object,
) {
  const started = await call(h, w.admin, 'POST', `/rest/exports/${type}/${id}`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await runJobsUntilIdle(h.app.deps);
  const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', started.body.id).executeTakeFirstOrThrow();
  expect(job.info_messages, JSON.stringify(job.info_messages)).toEqual([]);
  expect(job.is_complete).toBe(true);
  const res = await h.app.inject({ method: 'GET', url: job.result_url!, headers: w.admin.auth });
  expect(res.statusCode).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fb-export-'));
  const name = decodeURIComponent(job.result_url!.split('/').pop()!);
  if (name.endsWith('.zip')) {
    for (const [entry, data] of Object.entries(unzipSync(res.rawPayload))) {
      const file = path.join(dir, entry);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, data);
    }
  } else writeFileSync(path.join(dir, name), res.rawPayload);
  return { dir, name, job, res };
}

/** ogrinfo's summary of every layer of a file: name, count, fields with types and the CRS text (GDAL 3.6 has no -json). */
export async function ogrSummary(file: string) {
  const { stdout } = await run('ogrinfo', ['-ro', '-so', '-al', file], { maxBuffer: 1 << 24 });
  return stdout
    .split(/^Layer name: /m)
    .slice(1)
    .map((block) => {
      const lines = block.split('\n');
      const fields = lines.flatMap((line) => {
        const m = /^(.+): (Integer64|Integer|Real|String|DateTime|Date|Time)(\(\w+\))? \(/.exec(line);
        return m ? [{ name: m[1]!, type: m[2]! }] : [];
      });
      return {
        name: lines[0]!.trim(),
        featureCount: Number(/^Feature Count: (\d+)/m.exec(block)?.[1] ?? -1),
        fields,
        crs: /^Layer SRS WKT:\n([\s\S]*?)\nData axis/m.exec(block)?.[1] ?? '',
      };
    });
}

type World = Awaited<ReturnType<typeof world>>;

/** Two dictionary-classified Electric Line features and one plain line in the world's line layer. */
export async function classifiedLines(h: Harness, w: World) {
  const line = w.component('Electric Line');
  const attribute = line.attributes.find((a) => a.name === 'Owner')!;
  const lineLayer = w.layer('line');
  const geometry = (x: number) => ({
    type: 'LineString',
    coordinates: [
      [x, 39],
      [x + 0.01, 39.01],
    ],
  });
  await insertFeaturesBulk(
    h.db,
    {
      organizationId: w.admin.organizationId,
      projectId: w.project.id,
      layerId: lineLayer,
      dictionaryId: w.dictionary.id,
      accountId: w.admin.accountId,
    },
    [
      ...['Calle Mayor', 'Río Verde'].map((text, i) => ({
        kind: 'line' as const,
        geometry: geometry(-105 + i / 10),
        systemId: w.electric.id,
        componentId: line.id,
        attributes: [value(line, attribute.name, text)],
      })),
      { kind: 'line', geometry: geometry(-104.5), dictionaryId: null, properties: { note: 'Calle sin clase' } },
    ],
  );
  return { lineLayer, attribute: attribute.name };
}

/** The search tests' world: the export fixtures' world plus the classified lines of its line layer. */
export async function searchWorld(h: Harness) {
  const base = await world(h);
  return { ...base, ...(await classifiedLines(h, base)) };
}

export type SearchWorld = Awaited<ReturnType<typeof searchWorld>>;
