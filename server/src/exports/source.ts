import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { sql, type RawBuilder } from 'kysely';
import type { ExportRequest, SearchQuery } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { ExportColumn } from './columns.js';
import type { TextLayout } from './text-formats.js';
import { BinaryCopyRows } from '../db/copy-rows.js';
import { inlineParameters } from '../db/inline-parameters.js';
import { searchConditions } from '../search/conditions.js';
import { NO_TEXT, prepareText, type PreparedText } from '../search/text.js';
import type { GeographicExtent } from './dgn-plane.js';

const EXTENT_KEYS = ['xmin', 'ymin', 'zmin', 'xmax', 'ymax', 'zmax'] as const;
type ExtentKey = (typeof EXTENT_KEYS)[number];

/** Features read per query: one page is built as one CSV text in SQL, so memory stays flat. */
export const EXPORT_PAGE_SIZE = 50_000;

export interface ExportLayer {
  id: string;
  name: string;
  fields: Array<{ name: string; type: string; order: number }>;
  /** The project's dictionary when some feature of the layer is classified by it. */
  dictionaryId: string | null;
}

/** The features of one layer that become one output layer: all of them, or those of one geometry family. */
export interface ExportGroup {
  layer: ExportLayer;
  /** ST_Dimension of the group's geometries (0 points, 1 lines, 2 polygons); null for all together. */
  family: number | null;
  hasZ: boolean;
  count: number;
  /** Where its features lie (EPSG:4326, with elevations); null when it has none. */
  extent: GeographicExtent | null;
}

/** Which features of a layer go: a selection by id, what a search query matches, or both. */
export interface FeatureFilter {
  featureIds?: string[];
  query?: SearchQuery;
  /** The query's free text, prepared once for every layer (search/text.ts). */
  text?: PreparedText;
}

/** The filter of an export request: its selected feature ids and its search query over the layers' dictionaries. */
export async function exportFilter(
  db: Executor,
  request: Pick<ExportRequest, 'featureIDs' | 'query'>,
  layers: readonly ExportLayer[],
): Promise<FeatureFilter> {
  const dictionaryIds = [...new Set(layers.flatMap((l) => (l.dictionaryId ? [l.dictionaryId] : [])))];
  return {
    featureIds: request.featureIDs?.map(String),
    query: request.query,
    text: request.query ? await prepareText(db, request.query.search, dictionaryIds) : NO_TEXT,
  };
}

/** The exported features of a layer (alias `f`), or of one geometry family of it. */
export function where(layer: ExportLayer, family: number | null, filter: FeatureFilter): RawBuilder<unknown> {
  const parts = [sql`f.layer_id = ${layer.id}`, sql`f.deleted_at IS NULL`];
  if (family !== null) parts.push(sql`ST_Dimension(f.geom) = ${family}`);
  if (filter.featureIds)
    parts.push(
      filter.featureIds.length
        ? sql`f.id IN (${sql.join(filter.featureIds.map((id) => sql`${id}::bigint`))})`
        : sql`false`,
    );
  if (filter.query) parts.push(...searchConditions(layer, filter.query, filter.text ?? NO_TEXT));
  return sql.join(parts, sql` AND `);
}

/**
 * The output layers of a layer. Shapefile and FileGDB hold one geometry type per layer, so there a
 * layer with points and lines becomes one group per family; other formats keep the layer whole.
 */
export async function exportGroups(
  db: Executor,
  layer: ExportLayer,
  splitByFamily: boolean,
  filter: FeatureFilter,
): Promise<ExportGroup[]> {
  const r = await sql<{ family: number | null; has_z: boolean | null; n: string } & Record<ExtentKey, number>>`
    SELECT ${splitByFamily ? sql`ST_Dimension(f.geom)` : sql`NULL::int`} AS family,
      bool_or(ST_Zmflag(f.geom) >= 2) AS has_z, count(*) AS n,
      ST_XMin(ST_3DExtent(f.geom)) AS xmin, ST_YMin(ST_3DExtent(f.geom)) AS ymin, ST_ZMin(ST_3DExtent(f.geom)) AS zmin,
      ST_XMax(ST_3DExtent(f.geom)) AS xmax, ST_YMax(ST_3DExtent(f.geom)) AS ymax, ST_ZMax(ST_3DExtent(f.geom)) AS zmax
    FROM features f WHERE ${where(layer, null, filter)} GROUP BY 1 ORDER BY 1`.execute(db);
  if (!r.rows.length) return [{ layer, family: splitByFamily ? 0 : null, hasZ: false, count: 0, extent: null }];
  return r.rows.map((row) => ({
    layer,
    family: row.family,
    hasZ: !!row.has_z,
    count: Number(row.n),
    extent: Object.fromEntries(EXTENT_KEYS.map((k) => [k, Number(row[k])])) as unknown as GeographicExtent,
  }));
}

/** Writes text, waiting while the stream's buffer is full (so memory stays flat). */
export async function write(out: Writable, text: string | Buffer) {
  if (!out.write(text)) await once(out, 'drain');
}

/** Where an export reads features: the database, and on PostgreSQL its COPY stream (db/connect.ts). */
export interface FeatureSource {
  db: Executor;
  copyOut?: (query: string) => AsyncIterable<Buffer>;
}

/** A group's features in id order (with their system, component and dictionary values) as `p`. */
function featureRows(
  group: ExportGroup,
  filter: FeatureFilter,
  after: RawBuilder<unknown>,
  limit: RawBuilder<unknown>,
) {
  const dictionary = group.layer.dictionaryId
    ? sql`(SELECT jsonb_object_agg(a.name, av->>'attributeValue') FROM jsonb_array_elements(f.attributes) av
           JOIN attributes a ON a.id::text = av->>'attributeId')`
    : sql`NULL::jsonb`;
  return sql`(
    SELECT f.id, f.geom AS g, f.field_values, f.metadata, s.name AS system_name, c.alias AS component_alias,
      ${dictionary} AS dictionary_values, row_number() OVER (ORDER BY f.id) AS rn
    FROM (SELECT * FROM features f WHERE ${where(group.layer, group.family, filter)} AND f.id > ${after}
          ORDER BY f.id ${limit}) f
    LEFT JOIN systems s ON s.id = f.system_id
    LEFT JOIN components c ON c.id = f.component_id
  ) p`;
}

/**
 * Reads the group's features in id order, each as the text `line` builds in SQL; `page` gets the
 * text of many features (joined by `separator`) and how many. On PostgreSQL one COPY streams them
 * all (the query protocol delivered a million features' text several times slower than the
 * database built it); the embedded database is read in keyset pages, each one text built in SQL.
 */
async function eachPage(
  source: FeatureSource,
  group: ExportGroup,
  filter: FeatureFilter,
  line: (start: number) => RawBuilder<string>,
  separator: string,
  page: (text: string | Buffer, rows: number) => Promise<void>,
) {
  if (source.copyOut) {
    const query = sql`SELECT ${line(0)} FROM ${featureRows(group, filter, sql`0`, sql``)} ORDER BY p.id`.compile(
      source.db,
    );
    const rows = new BinaryCopyRows();
    const glue = Buffer.from(separator);
    for await (const chunk of source.copyOut(inlineParameters(query.sql, query.parameters))) {
      const values = rows.push(chunk).filter((v): v is Buffer => v !== null);
      if (!values.length) continue;
      // Joined within the chunk; between chunks, as between pages, the caller puts the separator.
      const parts = values.flatMap((value, i) => (i ? [glue, value] : [value]));
      await page(Buffer.concat(parts), values.length);
    }
    return;
  }
  let last = '0';
  let done = 0;
  for (;;) {
    const r = await sql<{ last: string | null; n: number; body: string | null }>`
      SELECT max(p.id)::text AS last, count(*)::int AS n, string_agg(${line(done)}, ${separator}::text ORDER BY p.id) AS body
      FROM ${featureRows(group, filter, sql`${last}::bigint`, sql`LIMIT ${EXPORT_PAGE_SIZE}`)}`.execute(source.db);
    const row = r.rows[0];
    if (!row || !row.n || !row.last) return;
    await page(row.body ?? '', row.n);
    done += row.n;
    last = row.last;
    if (row.n < EXPORT_PAGE_SIZE) return;
  }
}

/** The geometry a group's features are written with: in `crs`, and as multi-parts where the group is split by family. */
export function groupGeometry(group: ExportGroup, crs: string): RawBuilder<unknown> {
  const geometry = group.family === null || group.family === 0 ? sql`p.g` : sql`ST_Multi(p.g)`;
  return crs === 'EPSG:4326' ? geometry : sql`ST_Transform(${geometry}, ${crs}::text)`;
}

/**
 * Writes one group as a layer of a text format (text-formats.ts) to `out`: the layer's start, its
 * features page by page as the database builds their text, its end.
 */
export async function writeLayerText(
  source: FeatureSource,
  target: { group: ExportGroup; name: string; columns: ExportColumn[]; crs: string },
  layout: TextLayout,
  out: Writable,
  filter: FeatureFilter,
  progress: (rows: number) => Promise<void>,
): Promise<void> {
  const { group, name, columns } = target;
  const geometry = groupGeometry(group, target.crs);
  await write(out, layout.layerStart(name, columns));
  let first = true;
  await eachPage(
    source,
    group,
    filter,
    () => layout.feature(columns, geometry, name),
    layout.separator,
    async (text, rows) => {
      if (!first) await write(out, layout.separator);
      await write(out, text);
      first = false;
      await progress(rows);
    },
  );
  await write(out, `${first ? '' : '\n'}${layout.layerEnd}`);
}

/**
 * PNEZD (spec §9 "PNEZD GPS"): `point number,northing,easting,elevation,description` for each point,
 * numbered from `firstNumber`, in the chosen coordinate system (PostGIS/PROJ transforms it).
 */
export async function writePnezd(
  source: FeatureSource,
  group: ExportGroup,
  crs: string,
  firstNumber: number,
  out: Writable,
  filter: FeatureFilter,
  progress: (rows: number) => Promise<void>,
): Promise<void> {
  const point = sql`ST_GeometryN(p.g, 1)`;
  const projected = crs === 'EPSG:4326' ? point : sql`ST_Transform(${point}, ${crs}::text)`;
  const line = (start: number) => sql<string>`concat_ws(',', (p.rn + ${firstNumber + start - 1}::bigint)::text,
    ST_Y(${projected})::text, ST_X(${projected})::text,
    coalesce(CASE WHEN ST_Zmflag(p.g) >= 2 THEN ST_Z(${projected})::text END, '0'),
    '"' || replace(coalesce(p.component_alias, ''), '"', '""') || '"')`;
  await eachPage(source, { ...group, family: 0 }, filter, line, '\n', async (text, rows) => {
    await write(out, text);
    await write(out, '\n');
    await progress(rows);
  });
}
