import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createMember } from './factories.js';
import { field } from './feature-fixtures.js';
import { routesOf, requestsFor, type FuzzRequest, type IdPool, type OpenApi } from './fuzz-requests.js';

/** Fixed, so a failure reproduces; FUZZ_SEED and FUZZ_RUNS widen a local run. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
/** Fuzz requests come from an address of their own, so throttling they trigger touches no other test. */
const FUZZ_ADDRESS = '198.51.100.77';

/** What a client may expect of any answer: never a 5xx, and an error names what went wrong. */
function problemWith(status: number, contentType: string, body: string): string | null {
  if (status >= 500) return `status ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return null;
  if (contentType.includes('json')) {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' && message !== ''
      ? null
      : `status ${status} without a message: ${body.slice(0, 300)}`;
  }
  return /Exception/.test(body)
    ? null
    : `status ${status} without an error report (${contentType}): ${body.slice(0, 300)}`;
}

describe('fuzz: every route of the OpenAPI document, signed in as a member of an organization with data', () => {
  it(
    'answers random, hostile and out-of-range input with a 4xx and a message, never a 5xx',
    { timeout: 240_000 },
    async () => {
      const h = await harness();
      const f = await field(h);
      const viewer = await createMember(h, f.admin.organizationId, 'viewer');
      const point = await h.app.inject({
        method: 'POST',
        url: '/rest/features/points',
        headers: f.admin.auth,
        payload: { geometry: { type: 'Point', coordinates: [-80, 25] }, properties: { layer_id: f.layer('point') } },
      });
      const line = await h.app.inject({
        method: 'POST',
        url: '/rest/features/lines',
        headers: f.admin.auth,
        payload: {
          geometry: {
            type: 'LineString',
            coordinates: [
              [-80, 25],
              [-81, 26],
              [-82, 27],
            ],
          },
          properties: { layer_id: f.layer('line') },
        },
      });
      const featureIds = [point.json().id as string, line.json().id as string];
      const layerIds = ['point', 'line', 'polygon'].map((k) => f.layer(k));
      // The caller's own account and organization stay out of the pool: deleting them would end the run.
      const pool: IdPool = {
        any: [
          f.project.id,
          f.folder.id,
          ...layerIds,
          f.dictionary.id,
          viewer.accountId,
          ...featureIds,
          ...featureIds.map((id) => id.split('.')[1]),
        ],
        projectId: [f.project.id],
        folderId: [f.folder.id],
        layerId: layerIds,
        refId: layerIds,
        dictionaryId: [f.dictionary.id],
        systemId: [f.electric.id],
        id1: featureIds,
        id2: featureIds,
        featureId: featureIds,
        layer_id: layerIds,
        vertex: ['1'],
      };

      const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApi;
      const routes = routesOf(doc);
      expect(routes.length).toBeGreaterThan(150);
      const send = async (r: FuzzRequest) => {
        const res = await h.app.inject({
          method: r.method as 'GET',
          url: r.url,
          remoteAddress: FUZZ_ADDRESS,
          payload: r.payload,
          headers: { ...f.admin.auth, ...(r.contentType ? { 'content-type': r.contentType } : {}) },
        });
        // FUZZ_LOG=<file> keeps every answer, to see what a run reached.
        if (process.env.FUZZ_LOG)
          appendFileSync(
            process.env.FUZZ_LOG,
            `${res.statusCode} ${r.method} ${r.url.slice(0, 150)} ${res.body.slice(0, 150)}\n`,
          );
        return problemWith(res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
      };

      const failures: string[] = [];
      for (const route of routes) {
        try {
          await fc.assert(
            fc.asyncProperty(requestsFor(route, pool, f.admin.organizationId), async (r) => {
              const problem = await send(r);
              if (problem)
                throw new Error(`${r.method} ${r.url.slice(0, 300)} ${r.payload?.slice(0, 300) ?? ''} → ${problem}`);
            }),
            { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
        } catch (err) {
          failures.push(
            `${route.method.toUpperCase()} ${route.path}: ${(err as Error).message.split('\n').find((l) => l.includes('→')) ?? (err as Error).message}`,
          );
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
