import { sql, type RawBuilder } from 'kysely';
import type { Deps } from '../deps.js';
import { notFound } from '../http/errors.js';
import { wfsColumns } from '../ogc/wfs-columns.js';
import { countFeatures, featureCollectionJson, type FeatureQuery } from '../ogc/wfs-query.js';
import { bboxesOf, crsOf, type LonLatBox, type OutputCrs } from './crs.js';
import { GEOJSON_TYPE, JSON_TYPE, collectionPath, type Link } from './links.js';
import { cursorOf, limitOf, onlyKnown } from './params.js';
import { timeFilter, timeRangeOf } from './datetime.js';
import type { Collection, Service } from './service.js';

/**
 * Features of a collection as GeoJSON, built by the WFS's SQL (`featureCollectionJson`: one string
 * made by the database, the same properties as the WFS GeoJSON), with OGC API paging on top.
 *
 * Paging is by keyset, not offset: `next` is `after=<last id of the page>`, `prev` is
 * `before=<first id>`. The (layer_id, id) index then finds a page at once wherever it lies, where an
 * OFFSET reads and drops every row before it (page 1000 would first read the 999 pages before it).
 */

export const ITEMS_PARAMS = ['limit', 'bbox', 'bbox-crs', 'datetime', 'crs', 'after', 'before'];

export interface GeoJsonAnswer {
  body: string;
  crs: OutputCrs;
}

/** The features a request selects (the layer's, within the bbox boxes and time range), output in its CRS with numeric ids. */
async function featureQuery(
  deps: Deps,
  layer: Collection,
  crs: OutputCrs,
  boxes: LonLatBox[] | undefined,
  time: RawBuilder<unknown> | undefined,
) {
  const q: FeatureQuery = {
    layerId: layer.id,
    startIndex: 0,
    count: 1,
    srid: crs.srid,
    latLon: crs.latLon,
    numericIds: true,
    columns: await wfsColumns(deps.db, layer),
  };
  const filters = time ? [time] : [];
  // One box uses the WFS's bbox (spatial index); an antimeridian-crossing pair becomes an OR of both.
  if (boxes?.length === 1) q.bbox = boxes[0];
  else if (boxes)
    filters.push(
      sql`(${sql.join(
        boxes.map((b) => sql`f.geom && ST_MakeEnvelope(${b[0]}, ${b[1]}, ${b[2]}, ${b[3]}, 4326)`),
        sql` OR `,
      )})`,
    );
  if (filters.length) q.filter = sql.join(filters, sql` AND `);
  return q;
}

/** Whether any feature of the query lies beyond an id (`>` for next, `<` for prev): an index probe, not a count. */
async function anyBeyond(deps: Deps, q: FeatureQuery, id: string, side: 'after' | 'before'): Promise<boolean> {
  const page = { ...q, afterId: undefined, beforeId: undefined, count: 1, properties: ['ogc_fid'] };
  const probe = await featureCollectionJson(
    deps.db,
    side === 'after' ? { ...page, afterId: id } : { ...page, beforeId: id },
  );
  return probe.returned > 0;
}

export async function items(
  deps: Deps,
  service: Service,
  layer: Collection,
  params: Record<string, string>,
): Promise<GeoJsonAnswer> {
  onlyKnown(params, ITEMS_PARAMS);
  const crs = crsOf(params.crs, 'crs');
  const limit = limitOf(params);
  const cursor = cursorOf(params);
  const time = timeFilter(timeRangeOf(params.datetime));
  const q = await featureQuery(deps, layer, crs, bboxesOf(params.bbox, params['bbox-crs']), time);
  const timeStamp = new Date().toISOString();
  const path = `${collectionPath(layer.typeName)}/items`;
  // The request's own parameters, normalized, so links repeat exactly what this page selected.
  const selection = {
    limit: String(limit),
    bbox: params.bbox,
    'bbox-crs': params['bbox-crs'],
    datetime: params.datetime,
    crs: params.crs,
  };
  const links: Link[] = [
    service.links.link('self', path, GEOJSON_TYPE, 'This page', { ...selection, ...cursorParams(cursor) }),
    service.links.link('collection', collectionPath(layer.typeName), JSON_TYPE, layer.name),
  ];
  const page = await featureCollectionJson(deps.db, { ...q, ...cursor, count: limit });
  const matched = page.matched ?? (await countFeatures(deps.db, q));
  // A short page ends the list in the direction it was read; the other way, only a probe can tell.
  const full = page.returned === limit;
  if (page.last !== null && (full || cursor.beforeId) && (await anyBeyond(deps, q, page.last, 'after')))
    links.push(service.links.link('next', path, GEOJSON_TYPE, 'Next page', { ...selection, after: page.last }));
  if (
    page.first !== null &&
    (cursor.afterId || (cursor.beforeId && full)) &&
    (await anyBeyond(deps, q, page.first, 'before'))
  )
    links.push(service.links.link('prev', path, GEOJSON_TYPE, 'Previous page', { ...selection, before: page.first }));
  return { crs, body: collectionJson({ matched, returned: page.returned, timeStamp, links }, page.json) };
}

const cursorParams = (c: { afterId?: string; beforeId?: string }) => ({ after: c.afterId, before: c.beforeId });

const FC_START = '{"type":"FeatureCollection",';

/** The SQL's FeatureCollection with the paging members put in front of `features` (the JSON text is not parsed again). */
function collectionJson(
  meta: { matched: number; returned: number; timeStamp: string; links: Link[] },
  fc: string,
): string {
  const head = `"numberMatched":${meta.matched},"numberReturned":${meta.returned},"timeStamp":"${meta.timeStamp}","links":${JSON.stringify(meta.links)},`;
  return FC_START + head + fc.slice(FC_START.length);
}

/** One feature by its id (404 when the collection has none such), with its links. */
export async function item(
  deps: Deps,
  service: Service,
  layer: Collection,
  featureId: string | null,
  params: Record<string, string>,
): Promise<GeoJsonAnswer> {
  onlyKnown(params, ['crs']);
  const crs = crsOf(params.crs, 'crs');
  if (featureId === null) throw notFound();
  const q = await featureQuery(deps, layer, crs, undefined, undefined);
  const page = await featureCollectionJson(deps.db, { ...q, featureIds: [featureId], count: 1 });
  if (page.returned === 0) throw notFound();
  const path = collectionPath(layer.typeName);
  const links = [
    service.links.link('self', `${path}/items/${featureId}`, GEOJSON_TYPE, 'This feature', { crs: params.crs }),
    service.links.link('collection', path, JSON_TYPE, layer.name),
  ];
  // The one feature between `{"type":"FeatureCollection","features":[` and `]}`, its links added at its end.
  const feature = page.json.slice(page.json.indexOf('[') + 1, -2);
  return { crs, body: `${feature.slice(0, -1)},"links":${JSON.stringify(links)}}` };
}
