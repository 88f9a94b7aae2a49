import type { Executor } from '../db/types.js';
import { sql } from 'kysely';
import { INT4_MAX, isDatabaseId } from '@fieldbook/domain';
import { cqlToSql } from './cql-sql.js';
import {
  WFS_PAGE_SIZE,
  WFS_PROPERTIES,
  countFeatures,
  featureCollectionJson,
  gmlRows,
  layerExtent,
  wants,
  type FeatureQuery,
} from './wfs-query.js';
import { WFS_TRANSACTION_MAX_OPERATIONS, WFS_TRANSACTION_MAX_UPDATES } from './wfs-transaction-parse.js';
import { OgcError, xmlEscape } from './xml.js';
import { sridOf, toLonLatBox } from './crs.js';
import { XSD_TYPE, wfsColumns } from './wfs-columns.js';

export interface WfsLayer {
  id: string;
  name: string;
  kind: string | null;
}

export const NS = 'http://fieldbook.app/wfs';
export const typeNameOf = (layerId: string) => `fb:layer_${layerId.replace(/-/g, '')}`;

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

/** BBOX=minx,miny,maxx,maxy[,crs] or a FES FILTER with a BBOX envelope (what GDAL and QGIS send). */
export function bboxOf(params: Record<string, string>): [number, number, number, number] | undefined {
  if (params.bbox) {
    const parts = params.bbox.split(',');
    const nums = parts.slice(0, 4).map(Number);
    if (nums.length !== 4 || nums.some((n) => !Number.isFinite(n)))
      throw new OgcError('InvalidParameterValue', 'bbox', 'BBOX needs four numbers');
    return toLonLatBox(nums[0], nums[1], nums[2], nums[3], parts[4]);
  }
  if (params.filter) {
    const lower = /<(?:\w+:)?lowerCorner>\s*([-\d.eE+]+)\s+([-\d.eE+]+)\s*</.exec(params.filter);
    const upper = /<(?:\w+:)?upperCorner>\s*([-\d.eE+]+)\s+([-\d.eE+]+)\s*</.exec(params.filter);
    if (!lower || !upper) {
      if (/BBOX/i.test(params.filter)) throw new OgcError('InvalidParameterValue', 'filter', 'Unsupported FILTER');
      return undefined;
    }
    const srs = /srsName="([^"]+)"/.exec(params.filter)?.[1];
    return toLonLatBox(Number(lower[1]), Number(lower[2]), Number(upper[1]), Number(upper[2]), srs);
  }
  return undefined;
}

/** `transactional`: the service also takes WFS-T Transactions POSTed to its URL (the per-layer service). */
export async function capabilities(
  db: Executor,
  layers: WfsLayer[],
  serviceUrl: string,
  title: string,
  transactional = false,
): Promise<string> {
  const types = [];
  for (const l of layers) {
    const e = (await layerExtent(db, l.id)) ?? [-180, -90, 180, 90];
    types.push(`    <FeatureType>
      <Name>${typeNameOf(l.id)}</Name>
      <Title>${xmlEscape(l.name)}</Title>
      <DefaultCRS>urn:ogc:def:crs:EPSG::4326</DefaultCRS>
      <OtherCRS>urn:ogc:def:crs:EPSG::3857</OtherCRS>
      <OutputFormats><Format>application/gml+xml; version=3.2</Format><Format>application/json</Format></OutputFormats>
      <ows:WGS84BoundingBox><ows:LowerCorner>${e[0]} ${e[1]}</ows:LowerCorner><ows:UpperCorner>${e[2]} ${e[3]}</ows:UpperCorner></ows:WGS84BoundingBox>
    </FeatureType>`);
  }
  const url = xmlEscape(serviceUrl);
  const op = (name: string) =>
    `    <ows:Operation name="${name}"><ows:DCP><ows:HTTP><ows:Get xlink:href="${url}"/></ows:HTTP></ows:DCP></ows:Operation>`;
  // OWS lets an operation carry its own constraints; WFS 2.0 names none for a Transaction's size, so ours is named plainly.
  const transaction = `    <ows:Operation name="Transaction"><ows:DCP><ows:HTTP><ows:Post xlink:href="${url}"/></ows:HTTP></ows:DCP>
      <ows:Constraint name="MaxOperationsPerTransaction"><ows:NoValues/><ows:DefaultValue>${WFS_TRANSACTION_MAX_OPERATIONS}</ows:DefaultValue></ows:Constraint>
      <ows:Constraint name="MaxUpdatesPerTransaction"><ows:NoValues/><ows:DefaultValue>${WFS_TRANSACTION_MAX_UPDATES}</ows:DefaultValue></ows:Constraint></ows:Operation>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1"
  xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:fb="${NS}" xmlns:gml="http://www.opengis.net/gml/3.2">
  <ows:ServiceIdentification><ows:Title>${xmlEscape(title)}</ows:Title><ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <ows:OperationsMetadata>
${['GetCapabilities', 'DescribeFeatureType', 'GetFeature'].map(op).join('\n')}${transactional ? `\n${transaction}` : ''}
    <ows:Constraint name="ImplementsBasicWFS"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></ows:Constraint>
    <ows:Constraint name="ImplementsResultPaging"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></ows:Constraint>
    <ows:Constraint name="ImplementsTransactionalWFS"><ows:NoValues/><ows:DefaultValue>${transactional ? 'TRUE' : 'FALSE'}</ows:DefaultValue></ows:Constraint>
    <ows:Constraint name="CountDefault"><ows:NoValues/><ows:DefaultValue>${WFS_PAGE_SIZE}</ows:DefaultValue></ows:Constraint>
  </ows:OperationsMetadata>
  <FeatureTypeList>
${types.join('\n')}
  </FeatureTypeList>
  <fes:Filter_Capabilities><fes:Spatial_Capabilities><fes:GeometryOperands><fes:GeometryOperand name="gml:Envelope"/></fes:GeometryOperands>
    <fes:SpatialOperators><fes:SpatialOperator name="BBOX"/></fes:SpatialOperators></fes:Spatial_Capabilities></fes:Filter_Capabilities>
</wfs:WFS_Capabilities>`;
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

export async function describeFeatureType(db: Executor, layers: WfsLayer[]): Promise<string> {
  const elements = [];
  for (const l of layers) {
    const local = typeNameOf(l.id).slice(3);
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
  <xsd:element name="${local}" type="fb:${local}Type" substitutionGroup="gml:AbstractFeature"/>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:fb="${NS}"
  targetNamespace="${NS}" elementFormDefault="qualified">
  <xsd:import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>
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

/** GetFeature for one layer: hits, GeoJSON or GML 3.2, paged by startIndex/count (a larger count gets a page of 3000). */
export async function getFeature(
  db: Executor,
  layer: WfsLayer,
  params: Record<string, string>,
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
    featureIds: params.featureid
      ?.split(',')
      .map((id) => id.split('.').pop()!)
      .filter(isDatabaseId),
    startIndex: integerParam(params, 'startindex', 0, 0, WFS_MAX_START_INDEX),
    count: Math.min(requested, WFS_PAGE_SIZE),
    srid: sridOf(params.srsname),
    properties: propertyNamesOf(
      params.propertyname,
      columns.map((c) => c.name),
    ),
    columns,
    filter: params.cql_filter ? await cqlToSql(db, await dictionaryOf(db, layer.id), params.cql_filter) : undefined,
  };
  const timeStamp = new Date().toISOString();
  const format = (params.outputformat ?? '').toLowerCase();
  if (format.includes('json') && (params.resulttype ?? '').toLowerCase() !== 'hits') {
    const page = await featureCollectionJson(db, q);
    const matched = page.matched ?? (await countFeatures(db, q));
    return {
      contentType: 'application/json; charset=utf-8',
      body: page.json.replace(/^\{/, `{"numberMatched":${matched},`),
    };
  }
  const matched = await countFeatures(db, q);
  if ((params.resulttype ?? '').toLowerCase() === 'hits') {
    return {
      contentType: 'application/xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="${matched}" numberReturned="0" timeStamp="${timeStamp}"/>`,
    };
  }
  const rows = await gmlRows(db, q);
  const local = typeNameOf(layer.id).slice(3);
  const element = (name: string, value: string | null) =>
    !wants(q, name)
      ? ''
      : value === null
        ? `\n    <fb:${name} xsi:nil="true"/>`
        : `\n    <fb:${name}>${value}</fb:${name}>`;
  const members = rows.map(
    (
      r,
    ) => `  <wfs:member><fb:${local} gml:id="${r.kind}.${r.id}">${element('geometry', r.gml)}${element('ogc_fid', r.id)}${element(
      'system',
      r.system_name === null ? null : xmlEscape(r.system_name),
    )}${element('component', r.component_alias === null ? null : xmlEscape(r.component_alias))}${element(
      'attributes',
      xmlEscape(JSON.stringify(r.attributes ?? [])),
    )}${element('created', new Date(r.created_at).toISOString())}${element(
      'modified',
      new Date(r.updated_at).toISOString(),
    )}${element('created_by_email', r.created_by_email === null ? null : xmlEscape(r.created_by_email))}${r.columns_xml}
  </fb:${local}></wfs:member>`,
  );
  return {
    contentType: 'application/gml+xml; version=3.2; charset=utf-8',
    body: `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:fb="${NS}"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" numberMatched="${matched}" numberReturned="${rows.length}" timeStamp="${timeStamp}">
${members.join('\n')}
</wfs:FeatureCollection>`,
  };
}
