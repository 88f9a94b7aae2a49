/**
 * Search benchmark (issue #13 "Speed"): the search service's routes over a layer of BENCH_SEARCH_FEATURES
 * (1,000,000) pipe features with dictionary attributes (bench/search-setup.ts), on PostgreSQL+PostGIS and on
 * PGlite (BENCH_SEARCH_PGLITE_FEATURES, default the same). Each route is called in-process (app.inject) by
 * one client, interleaved with its reference (bench/stats.ts): the bare SQL a person would write for the
 * same answer, run straight on the database (own connections on PostgreSQL, the one PGlite connection
 * otherwise). Targets of the issue: a full-text query with two filters p95 < 100 ms on PostgreSQL,
 * aggregations over a layer of 1M < 300 ms. The database is settled (VACUUM ANALYZE, CHECKPOINT) first.
 */
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import type { Database } from '../server/src/db/connect.js';
import type { DB } from '../server/src/db/schema.js';
import { refPool } from './map-setup.js';
import { benchEachDatabase } from './per-database.js';
import { buildSearchFixture, SEARCH_WORD, type SearchFixture } from './search-setup.js';
import { inProcess, measure, type Figure, type Round } from './stats.js';

export interface SearchBenchOptions {
  pgAdminUrl?: string;
  pgFeatures: number;
  pgliteFeatures: number;
  tmpDir: string;
  log: (s: string) => void;
}

/** The word as the service matches it: its lexeme as a prefix (an ASCII word: the same in every configuration). */
const TSQUERY = `${SEARCH_WORD.toLowerCase()}:*`;
const PAGE = 50;

/**
 * The bare SQL of a search: the matching rows once (count) and the first page of them in order, each
 * with its values, system, component, a point on it and its box — what a hit shows.
 */
const bareSearch = (layerId: string, where: RawBuilder<unknown>, sortKey: RawBuilder<unknown>, desc: boolean) => {
  const dir = desc ? sql`DESC` : sql`ASC`;
  return sql<{ n: string; page: Array<{ id: string }> }>`
  WITH m AS MATERIALIZED (
    SELECT f.id, ${sortKey} AS k FROM features f WHERE f.layer_id = ${layerId} AND f.deleted_at IS NULL AND ${where})
  SELECT (SELECT count(*) FROM m) AS n, (
    SELECT json_agg(t) FROM (
      SELECT f.id, f.field_values, f.attributes, f.properties, s.name AS system, c.alias AS component,
        ST_AsGeoJSON(ST_PointOnSurface(f.geom)) AS location, Box2D(f.geom)::text AS bbox
      FROM (SELECT id, k FROM m ORDER BY k ${dir}, id ${dir} LIMIT ${PAGE}) p JOIN features f ON f.id = p.id
      LEFT JOIN systems s ON s.id = f.system_id LEFT JOIN components c ON c.id = f.component_id
      ORDER BY p.k ${dir}, p.id ${dir}) t) AS page`;
};

/** The bare SQL of a field-value aggregation: values and counts, commonest first. */
const bareBuckets = (from: RawBuilder<unknown>, value: RawBuilder<unknown>, layerId: string, where = sql`true`) =>
  sql<{ key: string; n: string }>`
  SELECT ${value} AS key, count(*) AS n FROM ${from}
  WHERE f.layer_id = ${layerId} AND f.deleted_at IS NULL AND ${where}
  GROUP BY 1 ORDER BY n DESC, key LIMIT 20`;

/** Measures every figure into `figures` (so a failure still prints those already taken). */
async function searchFigures(
  database: Database,
  f: SearchFixture,
  url: string | null,
  log: (s: string) => void,
  figures: Figure[],
): Promise<void> {
  const refDb = url ? new Kysely<DB>({ dialect: new PostgresDialect({ pool: refPool(url, log) }) }) : database.db;
  const post = async (route: string, body: object) => {
    const r = await f.app.inject({ method: 'POST', url: route, payload: body, headers: f.auth });
    if (r.statusCode !== 200) throw new Error(`POST ${route} → ${r.statusCode} ${r.body}`);
    return r.json();
  };
  // Session tokens last 15 minutes and a PGlite figure can take longer: signed in again (untimed) every 10.
  let signedAt = -Infinity;
  const fresh = async () => {
    if (performance.now() - signedAt < 10 * 60_000) return;
    const { idToken } = await f.json('POST', '/auth/signin', { email: f.email, password: f.password });
    f.auth.authorization = `Bearer ${idToken}`;
    signedAt = performance.now();
  };
  /** One client's round of a route, timed from the request to the parsed answer. */
  const route =
    (url: string, body: object): Round =>
    async () => {
      await fresh();
      const s = performance.now();
      await post(url, body);
      return [performance.now() - s];
    };
  const reference = (name: string, q: RawBuilder<unknown>) => ({
    name,
    round: inProcess(async () => (await q.execute(refDb)).rows.length, 1),
  });
  try {
    const searchUrl = `/search/features/${f.organizationId}`;
    const word = sql`f.search_text @@ to_tsquery('fieldbook_search', ${TSQUERY})`;
    const diameter = sql`(f.field_values->>'diameter')::numeric >= 12`;
    const material = sql`EXISTS (SELECT 1 FROM jsonb_array_elements(f.attributes) av
      WHERE av->>'attributeId' = ANY(${f.materialIds}::text[]) AND av->>'attributeValue' = 'PVC')`;
    const installed = sql`f.field_values->>'installed' BETWEEN '1990-01-01' AND '2009-12-31'`;
    const searches: Array<[string, object, RawBuilder<{ n: string; page: Array<{ id: string }> }>]> = [
      [
        `"${SEARCH_WORD}" + diameter ≥ 12 (field) + Material = PVC (dictionary)`,
        {
          filters: [
            { field: 'diameter', operation: 'gte', value: 12 },
            { field: 'Material', operation: 'eq', value: 'PVC' },
          ],
        },
        bareSearch(f.layerId, sql`${word} AND ${diameter} AND ${material}`, sql`f.id`, false),
      ],
      [
        `"${SEARCH_WORD}" + diameter ≥ 12 + installed 1990–2009, by installed desc`,
        {
          filters: [
            { field: 'diameter', operation: 'gte', value: 12 },
            { field: 'installed', operation: 'between', from: '1990-01-01', to: '2009-12-31' },
          ],
          orderBy: 'installed',
          orderDirection: 'desc',
        },
        bareSearch(f.layerId, sql`${word} AND ${diameter} AND ${installed}`, sql`f.field_values->>'installed'`, true),
      ],
    ];
    for (const [name, extra, bare] of searches) {
      const body = { search: SEARCH_WORD, layerId: f.layerId, page: 0, pageSize: PAGE, ...extra };
      await fresh();
      const answer = await post(searchUrl, body);
      const ref = (await bare.execute(refDb)).rows[0]!;
      const ids = answer.hits.hits.map((h: { _source: { ogc_fid: number } }) => String(h._source.ogc_fid));
      const same = JSON.stringify(ids) === JSON.stringify((ref.page ?? []).map((r) => String(r.id)));
      figures.push(
        await measure({
          name: `POST /search/features: ${name}`,
          thing: route(searchUrl, body),
          reference: reference('bare SQL: count + first page of 50 with values', bare),
          note: `${answer.hits.total.value} hits (${answer.hits.total.relation}), bare SQL ${ref.n}; same page: ${same ? 'yes' : 'NO'}; target p95 < 100 ms`,
        }),
      );
    }

    const valuesUrl = `/search/features/agg/fieldvalues/${f.organizationId}?layerId=${f.layerId}`;
    const aggregations: Array<[string, string, RawBuilder<{ key: string; n: string }>]> = [
      ['street', 'text field', bareBuckets(sql`features f`, sql`f.field_values->>'street'`, f.layerId)],
      [
        'Material',
        'dictionary attribute',
        bareBuckets(
          sql`features f CROSS JOIN jsonb_array_elements(f.attributes) av`,
          sql`av->>'attributeValue'`,
          f.layerId,
          sql`av->>'attributeId' = ANY(${f.materialIds}::text[])`,
        ),
      ],
    ];
    for (const [field, kind, bare] of aggregations) {
      const body = { field, size: 20 };
      await fresh();
      const answer = await post(valuesUrl, body);
      const buckets = answer.aggregations.values.buckets as Array<{ key: string; doc_count: number }>;
      const ref = (await bare.execute(refDb)).rows;
      const same =
        JSON.stringify(buckets.map((b) => [String(b.key), b.doc_count])) ===
        JSON.stringify(ref.map((r) => [r.key, Number(r.n)]));
      figures.push(
        await measure({
          name: `POST agg/fieldvalues: ${field} (${kind}), whole layer, 20 buckets`,
          thing: route(valuesUrl, body),
          reference: reference('bare SQL: SELECT value, count(*) … GROUP BY', bare),
          note: `${buckets.length} buckets, top ${buckets[0]?.key} ${buckets[0]?.doc_count}; same as bare SQL: ${same ? 'yes' : 'NO'}; target < 300 ms`,
        }),
      );
    }

    // A dictionary attribute filter alone, on its rarest value: the attributes index (migration 022) finds it.
    const rarest = (await aggregations[1]![2].execute(refDb)).rows.at(-1)!;
    const rareMaterial = sql`EXISTS (SELECT 1 FROM jsonb_array_elements(f.attributes) av
      WHERE av->>'attributeId' = ANY(${f.materialIds}::text[]) AND av->>'attributeValue' = ${rarest.key})`;
    const rareBody = {
      layerId: f.layerId,
      page: 0,
      pageSize: PAGE,
      filters: [{ field: 'Material', operation: 'eq', value: rarest.key }],
    };
    await fresh();
    const rare = await post(searchUrl, rareBody);
    figures.push(
      await measure({
        name: `POST /search/features: Material = ${rarest.key} (rarest, ${rarest.n} features), no text`,
        thing: route(searchUrl, rareBody),
        reference: reference(
          'bare SQL: count + first page of 50 with values',
          bareSearch(f.layerId, rareMaterial, sql`f.id`, false),
        ),
        note: `${rare.hits.total.value} hits (${rare.hits.total.relation})`,
      }),
    );

    const countsBody = { search: SEARCH_WORD, projectId: f.projectId };
    await fresh();
    const counts = await post('/search/features/agg/fields', countsBody);
    const bareCounts = sql<{ layer_id: string; n: string }>`
      SELECT f.layer_id, count(*) AS n FROM features f
      WHERE f.layer_id = ANY(${f.layerIds}::uuid[]) AND f.deleted_at IS NULL AND ${word} GROUP BY 1`;
    const refCounts = (await bareCounts.execute(refDb)).rows;
    figures.push(
      await measure({
        name: `POST agg/fields: "${SEARCH_WORD}" in the project (counts per layer)`,
        thing: route('/search/features/agg/fields', countsBody),
        reference: reference('bare SQL: count(*) … GROUP BY layer_id', bareCounts),
        note: `${counts._doc_count} matches, bare SQL ${refCounts.reduce((s, r) => s + Number(r.n), 0)}; target < 300 ms`,
      }),
    );
  } finally {
    if (refDb !== database.db) await refDb.destroy();
  }
}

export function runSearchBench(o: SearchBenchOptions): Promise<string[]> {
  return benchEachDatabase(
    {
      name: 'search',
      unit: 'features',
      title: (size) => `search over ${size}`,
      fill: buildSearchFixture,
      measure: searchFigures,
    },
    { pgAdminUrl: o.pgAdminUrl, pg: o.pgFeatures, pglite: o.pgliteFeatures, tmpDir: o.tmpDir, log: o.log },
  );
}
