import { sql, type Kysely } from 'kysely';
import type { DB } from '../server/src/db/schema.js';
import { insertFeaturesBulk } from '../server/src/features/bulk-insert.js';
import { forgetPaging } from '../server/src/ogc/wfs-paging.js';
import type { MapFixture } from './map-setup.js';
import { measure, type Figure, type HttpClients } from './stats.js';

/**
 * Paging a layer through WFS as GDAL and QGIS do (issue #11): STARTINDEX moves on a page at a time.
 * - The first 3,000-feature page of a 10,000-feature layer that shares the features table with the
 *   million points (target < 30 ms): the (layer_id, id) index finds the layer's rows directly.
 * - The last page of the million-point layer beside its first: a page where an earlier one ended
 *   starts after that page's last id (server/src/ogc/wfs-paging.ts), so walking the layer costs the
 *   same per page; the figure "last page, cold" asks for the last page with no page read before it
 *   (OFFSET), what a client jumping to the end pays.
 */
const PAGE = 3000;

export async function pagingFigures(
  db: Kysely<DB>,
  f: MapFixture,
  baseUrl: string,
  http: HttpClients,
  points: number,
): Promise<Figure[]> {
  const small = await layerOf(db, f, 10_000);
  const layerUrl = (layerId: string) =>
    `${baseUrl}/rest/projects/${f.projectId}/folders/${f.folderId}/layers/${layerId}/geo/wfs?service=WFS&version=2.0.0&request=GetFeature&typeNames=layer_${layerId.replace(/-/g, '')}&outputFormat=application/json&srsName=urn:ogc:def:crs:OGC:1.3:CRS84&count=${PAGE}`;
  const lastStart = Math.floor((points - 1) / PAGE) * PAGE;
  const big = layerUrl(f.pointLayerId);
  // Walk the big layer once, so every page boundary is known, as a client paging it has.
  for (let start = 0; start <= lastStart; start += PAGE) await http.get([`${big}&startIndex=${start}`]);
  return [
    await measure({
      name: 'WFS first page, 10,000-feature layer among 1M others',
      thing: http.round(() => `${layerUrl(small)}&startIndex=0`, 1),
      note: `${PAGE} features, GeoJSON, all properties`,
    }),
    await measure({
      name: `WFS last page of the ${points.toLocaleString('en')}-point layer, paged to`,
      thing: http.round(() => `${big}&startIndex=${lastStart}`, 1),
      reference: { name: 'its first page', round: http.round(() => `${big}&startIndex=0`, 1) },
    }),
    await measure({
      name: 'WFS last page, cold (no page before it read: OFFSET)',
      thing: async (round) => {
        forgetPaging();
        return http.get([`${big}&startIndex=${lastStart}&r=${round}`]);
      },
    }),
  ];
}

/** A point layer of `n` features in the fixture's folder, made through the API, its rows in the table beside the million points. */
async function layerOf(db: Kysely<DB>, f: MapFixture, n: number): Promise<string> {
  const res = await f.app.inject({
    method: 'POST',
    url: `/rest/projects/${f.projectId}/folders/${f.folderId}/layers`,
    headers: f.auth,
    payload: { name: `Paging ${n}` },
  });
  if (res.statusCode !== 201) throw new Error(`layer → ${res.statusCode} ${res.body}`);
  const layerId = (res.json() as { id: string }).id;
  const owner = await db
    .selectFrom('projects')
    .innerJoin('features', 'features.project_id', 'projects.id')
    .select(['projects.organization_id', 'features.created_by'])
    .where('features.layer_id', '=', f.pointLayerId)
    .limit(1)
    .executeTakeFirstOrThrow();
  const features = Array.from({ length: n }, (_, i) => ({
    kind: 'point' as const,
    geometry: { type: 'Point', coordinates: [-100 + (i % 100) * 0.01, 40 + Math.floor(i / 100) * 0.01] },
  }));
  await db.transaction().execute((trx) =>
    insertFeaturesBulk(
      trx,
      {
        organizationId: owner.organization_id,
        projectId: f.projectId,
        layerId,
        dictionaryId: null,
        accountId: owner.created_by!,
      },
      features,
    ),
  );
  await sql`ANALYZE features`.execute(db);
  return layerId;
}
