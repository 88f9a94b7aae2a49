import type { Executor } from '../db/types.js';
import { sql, type RawBuilder } from 'kysely';
import { INT4_MAX, isDatabaseId } from '@fieldbook/domain';
import { cqlToSql } from './cql-sql.js';
import {
  WFS_PAGE_SIZE,
  WFS_PROPERTIES,
  countFeatures,
  featureCollectionJson,
  gmlRows,
  type FeatureQuery,
} from './wfs-query.js';
import { xmlRoot } from './wfs-transaction-parse.js';
import { OgcError } from './xml.js';
import { latLonOrder, sridOf, toLonLatBox } from './crs.js';
import { XSD_TYPE, wfsColumns, type WfsColumn } from './wfs-columns.js';
import { fesFilter } from './fes.js';
import {
  boundaryBefore,
  dataVersionOf,
  pagingKey,
  rememberBoundary,
  rememberCount,
  rememberedCount,
} from './wfs-paging.js';
import { wfsVersionOf, type WfsVersion } from './wfs-capabilities.js';
import {
  GML_CONTENT_TYPE,
  gmlCollection,
  hitsCollection,
  jsonCollection,
  nextPageUrl,
  type PageInfo,
} from './wfs-output.js';
import { NS, localNameOf, type WfsLayer } from './published-names.js';

export { NS, localNameOf, typeNameOf, type WfsLayer } from './published-names.js';

const GEOMETRY_TYPE: Record<string, string> = {
  point: 'gml:PointPropertyType',
  line: 'gml:MultiCurvePropertyType',
  polygon: 'gml:MultiSurfacePropertyType',
};

/** Query keys are case-insensitive in OGC services. */
export function lowerKeys(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}

/** BBOX=minx,miny,maxx,maxy[,crs] (a FILTER with a BBOX is read by fes.ts). */
export function bboxOf(params: Record<string, string>): [number, number, number, number] | undefined {
  if (!params.bbox) return undefined;
  const parts = params.bbox.split(',');
  const nums = parts.slice(0, 4).map(Number);
  if (nums.length !== 4 || nums.some((n) => !Number.isFinite(n)))
    throw new OgcError('InvalidParameterValue', 'bbox', 'BBOX needs four numbers');
  return toLonLatBox(nums[0], nums[1], nums[2], nums[3], parts[4]);
}

/**
 * The request's filters as one SQL condition: cql_filter and an FES FILTER (the XML GDAL and QGIS
 * send for `-where`, identify and selections), AND-ed; undefined when it has neither.
 */
async function filterOf(
  db: Executor,
  layerId: string,
  params: Record<string, string>,
  columns: WfsColumn[],
): Promise<RawBuilder<unknown> | undefined> {
  if (!params.cql_filter && !params.filter) return undefined;
  const dictionaryId = await dictionaryOf(db, layerId);
  const parts: RawBuilder<unknown>[] = [];
  if (params.cql_filter) parts.push(await cqlToSql(db, dictionaryId, params.cql_filter, columns));
  if (params.filter) {
    // FILTER may hold one Filter per type name in parentheses: "(<Filter>…</Filter>)".
    const text = params.filter.trim().replace(/^\(([\s\S]*)\)$/, '$1');
    const root = xmlRoot(text, 'filter');
    if (!root || root.name !== 'Filter')
      throw new OgcError('InvalidParameterValue', 'filter', 'FILTER must be a fes:Filter');
    parts.push(await cqlToSql(db, dictionaryId, fesFilter(root, params.srsname), columns));
  }
  return sql.join(parts, sql` AND `);
}

/**
 * The geometry kind a layer's features have: a drawing layer's own, else the one kind its features
 * share (an imported layer), else null (empty or mixed: GeometryPropertyType).
 */
async function geometryKindOf(db: Executor, layer: WfsLayer): Promise<string | null> {
  if (layer.kind && GEOMETRY_TYPE[layer.kind]) return layer.kind;
  const r = await sql<{ kind: string | null; mixed: boolean }>`
    SELECT k.kind, EXISTS (SELECT 1 FROM features f WHERE f.layer_id = ${layer.id} AND f.deleted_at IS NULL AND f.kind <> k.kind) AS mixed
    FROM (SELECT kind FROM features WHERE layer_id = ${layer.id} AND deleted_at IS NULL LIMIT 1) k`.execute(db);
  const row = r.rows[0];
  return row && !row.mixed ? row.kind : null;
}

/** The XML schema of the layers' feature types, against GML 3.2 (WFS 2.0) or GML 3.1.1 (WFS 1.1). */
export async function describeFeatureType(db: Executor, layers: WfsLayer[], version: WfsVersion): Promise<string> {
  const gml =
    version === '2.0.0'
      ? {
          ns: 'http://www.opengis.net/gml/3.2',
          xsd: 'http://schemas.opengis.net/gml/3.2.1/gml.xsd',
          feature: 'gml:AbstractFeature',
        }
      : {
          ns: 'http://www.opengis.net/gml',
          xsd: 'http://schemas.opengis.net/gml/3.1.1/base/gml.xsd',
          feature: 'gml:_Feature',
        };
  const elements = [];
  for (const l of layers) {
    const local = localNameOf(l);
    const kind = await geometryKindOf(db, l);
    const columns = (await wfsColumns(db, l)).map(
      (c) => `\n    <xsd:element name="${c.name}" type="${XSD_TYPE[c.type]}" minOccurs="0" nillable="true"/>`,
    );
    elements.push(`  <xsd:complexType name="${local}Type"><xsd:complexContent><xsd:extension base="gml:AbstractFeatureType"><xsd:sequence>
    <xsd:element name="geometry" type="${GEOMETRY_TYPE[kind ?? ''] ?? 'gml:GeometryPropertyType'}" minOccurs="0"/>
    <xsd:element name="ogc_fid" type="xsd:long"/>
    <xsd:element name="system" type="xsd:string" minOccurs="0" nillable="true"/>
    <xsd:element name="component" type="xsd:string" minOccurs="0" nillable="true"/>
    <xsd:element name="attributes" type="xsd:string" minOccurs="0"/>
    <xsd:element name="created" type="xsd:dateTime" minOccurs="0"/>
    <xsd:element name="modified" type="xsd:dateTime" minOccurs="0"/>
    <xsd:element name="created_by_email" type="xsd:string" minOccurs="0" nillable="true"/>${columns.join('')}
  </xsd:sequence></xsd:extension></xsd:complexContent></xsd:complexType>
  <xsd:element name="${local}" type="fb:${local}Type" substitutionGroup="${gml.feature}"/>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="${gml.ns}" xmlns:fb="${NS}"
  targetNamespace="${NS}" elementFormDefault="qualified">
  <xsd:import namespace="${gml.ns}" schemaLocation="${gml.xsd}"/>
${elements.join('\n')}
</xsd:schema>`;
}

export interface GetFeatureResult {
  contentType: string;
  body: string;
}

/** propertyName: a comma list, optionally per type in parentheses and with the fb: prefix; `extra`: the layer's typed columns. */
export function propertyNamesOf(value: string | undefined, extra: string[] = []): string[] | undefined {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return undefined;
  const names = value
    .replace(/[()]/g, '')
    .split(',')
    .map((n) => n.trim().replace(/^[\w-]+:/, ''))
    .filter(Boolean);
  for (const n of names) {
    if (!(WFS_PROPERTIES as readonly string[]).includes(n) && !extra.includes(n))
      throw new OgcError('InvalidParameterValue', 'propertyName', `Unknown property ${n}`);
  }
  return names;
}

async function dictionaryOf(db: Executor, layerId: string): Promise<string | null> {
  const r = await sql<{
    dictionary_id: string | null;
  }>`SELECT p.dictionary_id FROM layers l JOIN projects p ON p.id = l.project_id WHERE l.id = ${layerId}`.execute(db);
  return r.rows[0]?.dictionary_id ?? null;
}

/** STARTINDEX beyond this is refused: OFFSET is a bigint in SQL, and no layer holds this many features. */
export const WFS_MAX_START_INDEX = INT4_MAX;

/** An integer parameter within bounds, else an OGC InvalidParameterValue (COUNT=-1 once reached SQL as LIMIT -1). */
function integerParam(
  params: Record<string, string>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const text = params[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new OgcError(
      'InvalidParameterValue',
      name.toUpperCase(),
      `${name.toUpperCase()} must be an integer from ${min} to ${max}`,
    );
  }
  return value;
}

/**
 * GetFeature for one layer: hits, GeoJSON or GML (3.2 for WFS 2.0, 3.1.1 for 1.1), paged by
 * startIndex/count; a larger count gets a page of 3000 whose `next` link names the rest.
 */
export async function getFeature(
  db: Executor,
  layer: WfsLayer,
  params: Record<string, string>,
  serviceUrl: string,
): Promise<GetFeatureResult> {
  const requested = integerParam(
    params,
    params.count !== undefined ? 'count' : 'maxfeatures',
    WFS_PAGE_SIZE,
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const columns = await wfsColumns(db, layer);
  const q: FeatureQuery = {
    layerId: layer.id,
    bbox: bboxOf(params),
    featureIds: (params.resourceid ?? params.featureid)
      ?.split(',')
      .map((id) => id.split('.').pop()!)
      .filter(isDatabaseId),
    startIndex: integerParam(params, 'startindex', 0, 0, WFS_MAX_START_INDEX),
    count: Math.min(requested, WFS_PAGE_SIZE),
    srid: sridOf(params.srsname),
    // GeoJSON follows the requested system's axis order like GML, or GDAL (and QGIS) swap the axes.
    latLon: sridOf(params.srsname) === 4326 && latLonOrder(params.srsname),
    properties: propertyNamesOf(
      params.propertyname,
      columns.map((c) => c.name),
    ),
    columns,
    filter: await filterOf(db, layer.id, params, columns),
  };
  const version = wfsVersionOf(params);
  const hits = (params.resulttype ?? '').toLowerCase() === 'hits';
  const json = (params.outputformat ?? '').toLowerCase().includes('json');
  // A page where an earlier one ended starts after its last id (wfs-paging.ts), not by OFFSET.
  const key = pagingKey(layer.id, await dataVersionOf(db, layer.id), [
    q.bbox,
    q.featureIds,
    params.cql_filter,
    params.filter,
    params.srsname,
  ]);
  const after = boundaryBefore(key, q.startIndex);
  const paged: FeatureQuery = after ? { ...q, afterId: after, startIndex: 0 } : q;
  const page = json && !hits ? await featureCollectionJson(db, paged) : undefined;
  const matched = rememberedCount(key) ?? page?.matched ?? (await countFeatures(db, q));
  rememberCount(key, matched);
  const rows = !json && !hits ? await gmlRows(db, paged) : [];
  const returned = hits ? 0 : page ? page.returned : rows.length;
  if (!hits) rememberBoundary(key, q.startIndex, returned, page ? page.last : (rows.at(-1)?.id ?? null));
  const info: PageInfo = {
    version,
    matched,
    returned,
    timeStamp: new Date().toISOString(),
    next:
      !hits && q.startIndex + returned < matched
        ? nextPageUrl(serviceUrl, params, q.startIndex + returned, q.count)
        : undefined,
  };
  if (hits) return { contentType: 'application/xml; charset=utf-8', body: hitsCollection(info) };
  if (page)
    return {
      contentType: 'application/json; charset=utf-8',
      body: jsonCollection(page.json, info, q.latLon ? 'urn:ogc:def:crs:EPSG::4326' : undefined),
    };
  return { contentType: GML_CONTENT_TYPE[version], body: gmlCollection(localNameOf(layer), q, rows, info) };
}
