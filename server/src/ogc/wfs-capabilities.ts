import type { Executor } from '../db/types.js';
import { layerExtent, WFS_PAGE_SIZE } from './wfs-query.js';
import { WFS_TRANSACTION_MAX_OPERATIONS, WFS_TRANSACTION_MAX_UPDATES } from './wfs-transaction-parse.js';
import { typeNameOf, NS, type WfsLayer } from './published-names.js';
import { xmlEscape } from './xml.js';

/**
 * WFS GetCapabilities, 2.0.0 and 1.1.0 (older clients: ArcGIS, QGIS 2, GDAL with VERSION=1.1.0).
 * What a client decides from it, and so must be right: GDAL pages by the GetFeature operation's
 * CountDefault (not the service-wide one), runs `-where` on the server only when Scalar_Capabilities
 * lists the logical operators and every comparison of the minimum set, and writes only when a
 * Transaction operation is listed.
 */

export type WfsVersion = '2.0.0' | '1.1.0';

/** The version a request asks for: VERSION, else the first of ACCEPTVERSIONS we serve; 2.0.0 otherwise. */
export function wfsVersionOf(params: Record<string, string>): WfsVersion {
  const asked = params.version ?? params.acceptversions?.split(',').find((v) => /^(2\.0\.\d|1\.1\.0)$/.test(v.trim()));
  return asked?.trim() === '1.1.0' ? '1.1.0' : '2.0.0';
}

/** Comparison operators of the FES minimum set and more (fes.ts reads them all). */
const COMPARISONS = ['EqualTo', 'NotEqualTo', 'LessThan', 'GreaterThan', 'LessThanOrEqualTo', 'GreaterThanOrEqualTo'];

const FILTER_CAPABILITIES_20 = `  <fes:Filter_Capabilities>
    <fes:Conformance>
${[
  ['ImplementsQuery', true],
  ['ImplementsAdHocQuery', true],
  ['ImplementsResourceId', true],
  ['ImplementsMinStandardFilter', true],
  ['ImplementsStandardFilter', true],
  ['ImplementsMinSpatialFilter', true],
  ['ImplementsSpatialFilter', false],
  ['ImplementsMinTemporalFilter', false],
  ['ImplementsTemporalFilter', false],
  ['ImplementsVersionNav', false],
  ['ImplementsSorting', false],
  ['ImplementsFunctions', false],
  ['ImplementsExtendedOperators', false],
]
  .map(
    ([name, on]) =>
      `      <fes:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${on ? 'TRUE' : 'FALSE'}</ows:DefaultValue></fes:Constraint>`,
  )
  .join('\n')}
    </fes:Conformance>
    <fes:Id_Capabilities><fes:ResourceIdentifier name="fes:ResourceId"/></fes:Id_Capabilities>
    <fes:Scalar_Capabilities><fes:LogicalOperators/><fes:ComparisonOperators>
${[...COMPARISONS, 'Like', 'Null', 'Nil', 'Between'].map((c) => `      <fes:ComparisonOperator name="PropertyIs${c}"/>`).join('\n')}
    </fes:ComparisonOperators></fes:Scalar_Capabilities>
    <fes:Spatial_Capabilities><fes:GeometryOperands><fes:GeometryOperand name="gml:Envelope"/><fes:GeometryOperand name="gml:Point"/><fes:GeometryOperand name="gml:LineString"/><fes:GeometryOperand name="gml:Polygon"/></fes:GeometryOperands>
      <fes:SpatialOperators><fes:SpatialOperator name="BBOX"/><fes:SpatialOperator name="Intersects"/></fes:SpatialOperators></fes:Spatial_Capabilities>
  </fes:Filter_Capabilities>`;

const FILTER_CAPABILITIES_11 = `  <ogc:Filter_Capabilities>
    <ogc:Spatial_Capabilities><ogc:GeometryOperands><ogc:GeometryOperand>gml:Envelope</ogc:GeometryOperand><ogc:GeometryOperand>gml:Point</ogc:GeometryOperand><ogc:GeometryOperand>gml:LineString</ogc:GeometryOperand><ogc:GeometryOperand>gml:Polygon</ogc:GeometryOperand></ogc:GeometryOperands>
      <ogc:SpatialOperators><ogc:SpatialOperator name="BBOX"/><ogc:SpatialOperator name="Intersects"/></ogc:SpatialOperators></ogc:Spatial_Capabilities>
    <ogc:Scalar_Capabilities><ogc:LogicalOperators/><ogc:ComparisonOperators>
${['EqualTo', 'NotEqualTo', 'LessThan', 'GreaterThan', 'LessThanEqualTo', 'GreaterThanEqualTo', 'Like', 'Between', 'NullCheck'].map((c) => `      <ogc:ComparisonOperator>${c}</ogc:ComparisonOperator>`).join('\n')}
    </ogc:ComparisonOperators></ogc:Scalar_Capabilities>
    <ogc:Id_Capabilities><ogc:EID/><ogc:FID/></ogc:Id_Capabilities>
  </ogc:Filter_Capabilities>`;

const constraint = (name: string, value: string | number) =>
  `<ows:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value}</ows:DefaultValue></ows:Constraint>`;
/** OWS 1.1 (WFS 2.0) wraps a parameter's values in AllowedValues; OWS 1.0 (WFS 1.1) lists them bare. */
const parameter = (name: string, values: string[], v2: boolean) => {
  const list = values.map((v) => `<ows:Value>${xmlEscape(v)}</ows:Value>`).join('');
  return `<ows:Parameter name="${name}">${v2 ? `<ows:AllowedValues>${list}</ows:AllowedValues>` : list}</ows:Parameter>`;
};

const GML_FORMAT: Record<WfsVersion, string> = {
  '2.0.0': 'application/gml+xml; version=3.2',
  '1.1.0': 'text/xml; subtype=gml/3.1.1',
};

/** `transactional`: the service also takes WFS-T Transactions POSTed to its URL. */
export async function capabilities(
  db: Executor,
  layers: WfsLayer[],
  serviceUrl: string,
  title: string,
  transactional: boolean,
  version: WfsVersion,
): Promise<string> {
  const v2 = version === '2.0.0';
  const types = [];
  for (const l of layers) {
    const e = (await layerExtent(db, l.id)) ?? [-180, -90, 180, 90];
    const crs = v2 ? 'CRS' : 'SRS';
    types.push(`    <FeatureType>
      <Name>${xmlEscape(typeNameOf(l))}</Name>
      <Title>${xmlEscape(l.name)}</Title>
      <Default${crs}>urn:ogc:def:crs:EPSG::4326</Default${crs}>
      <Other${crs}>urn:ogc:def:crs:EPSG::3857</Other${crs}>
      <OutputFormats><Format>${GML_FORMAT[version]}</Format><Format>application/json</Format></OutputFormats>
      <ows:WGS84BoundingBox><ows:LowerCorner>${e[0]} ${e[1]}</ows:LowerCorner><ows:UpperCorner>${e[2]} ${e[3]}</ows:UpperCorner></ows:WGS84BoundingBox>
    </FeatureType>`);
  }
  const url = xmlEscape(serviceUrl);
  const dcp = `<ows:DCP><ows:HTTP><ows:Get xlink:href="${url}"/><ows:Post xlink:href="${url}"/></ows:HTTP></ows:DCP>`;
  const op = (name: string, inner = '') => `    <ows:Operation name="${name}">${dcp}${inner}</ows:Operation>`;
  const getFeature = op(
    'GetFeature',
    `\n      ${parameter('resultType', ['results', 'hits'], v2)}\n      ${parameter('outputFormat', [GML_FORMAT[version], 'application/json'], v2)}${
      v2 ? `\n      ${constraint('CountDefault', WFS_PAGE_SIZE)}` : ''
    }`,
  );
  // OWS lets an operation carry its own constraints; WFS names none for a Transaction's size, so ours are named plainly.
  const transaction = op(
    'Transaction',
    `\n      ${constraint('MaxOperationsPerTransaction', WFS_TRANSACTION_MAX_OPERATIONS)}\n      ${constraint('MaxUpdatesPerTransaction', WFS_TRANSACTION_MAX_UPDATES)}`,
  );
  const operations = [
    op('GetCapabilities'),
    op('DescribeFeatureType'),
    getFeature,
    ...(transactional ? [transaction] : []),
  ];
  const serviceConstraints = v2
    ? [
        constraint('ImplementsBasicWFS', 'TRUE'),
        constraint('ImplementsTransactionalWFS', transactional ? 'TRUE' : 'FALSE'),
        constraint('ImplementsLockingWFS', 'FALSE'),
        constraint('KVPEncoding', 'TRUE'),
        constraint('XMLEncoding', 'TRUE'),
        constraint('ImplementsResultPaging', 'TRUE'),
        constraint('CountDefault', WFS_PAGE_SIZE),
      ]
    : [];
  const root = v2
    ? `<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1"
  xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:fb="${NS}" xmlns:gml="http://www.opengis.net/gml/3.2">`
    : `<wfs:WFS_Capabilities version="1.1.0" xmlns:wfs="http://www.opengis.net/wfs" xmlns:ows="http://www.opengis.net/ows"
  xmlns:ogc="http://www.opengis.net/ogc" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:fb="${NS}" xmlns:gml="http://www.opengis.net/gml">`;
  return `<?xml version="1.0" encoding="UTF-8"?>
${root}
  <ows:ServiceIdentification><ows:Title>${xmlEscape(title)}</ows:Title><ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>${version}</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <ows:OperationsMetadata>
${operations.join('\n')}
${serviceConstraints.map((c) => `    ${c}`).join('\n')}
  </ows:OperationsMetadata>
  <FeatureTypeList>
${types.join('\n')}
  </FeatureTypeList>
${v2 ? FILTER_CAPABILITIES_20 : FILTER_CAPABILITIES_11}
</wfs:WFS_Capabilities>`;
}
