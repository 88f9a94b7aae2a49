import { xmlEscape } from './xml.js';

/**
 * GetFeatureInfo as GML, the INFO_FORMAT GDAL's WMS driver (and QGIS's "Feature" mode) asks for:
 * `application/vnd.ogc.gml` is GML 2 (coordinates in lon,lat order), `application/vnd.ogc.gml/3.1.1`
 * and `text/xml` GML 3.1.1 (pos/posList in the urn's lat lon order, as the WFS writes it). A feature
 * collection of `gml:featureMember`s that OGR's GML driver reads without a schema.
 */

/** What feature-info.ts finds under a pixel (kept structural: that module imports this one). */
interface InfoFeature {
  id: string;
  layer_id: string;
  geometry: unknown;
  properties: Record<string, unknown>;
}
type Pos = number[];
interface Geometry {
  type: string;
  coordinates?: unknown;
  geometries?: Geometry[];
}

const num = (n: number) => String(Number(n.toFixed(9)));

/** GML 2 `x,y[,z]` tuples. */
const coords2 = (ps: Pos[]) =>
  `<gml:coordinates decimal="." cs="," ts=" ">${ps.map((p) => p.map(num).join(',')).join(' ')}</gml:coordinates>`;
/** GML 3 lat lon [z] positions (EPSG::4326 axis order). */
const swap = (p: Pos) => [p[1], p[0], ...p.slice(2)].map(num).join(' ');
const dim = (p: Pos | undefined) => (p && p.length > 2 ? ` srsDimension="${p.length}"` : '');
const pos3 = (p: Pos) => `<gml:pos${dim(p)}>${swap(p)}</gml:pos>`;
const posList3 = (ps: Pos[]) => `<gml:posList${dim(ps[0])}>${ps.map(swap).join(' ')}</gml:posList>`;

function gml2(g: Geometry): string {
  const c = g.coordinates as never;
  const ring = (r: Pos[]) => `<gml:LinearRing>${coords2(r)}</gml:LinearRing>`;
  const polygon = (rings: Pos[][]) =>
    `<gml:Polygon><gml:outerBoundaryIs>${ring(rings[0])}</gml:outerBoundaryIs>${rings
      .slice(1)
      .map((r) => `<gml:innerBoundaryIs>${ring(r)}</gml:innerBoundaryIs>`)
      .join('')}</gml:Polygon>`;
  switch (g.type) {
    case 'Point':
      return `<gml:Point>${coords2([c])}</gml:Point>`;
    case 'LineString':
      return `<gml:LineString>${coords2(c)}</gml:LineString>`;
    case 'Polygon':
      return polygon(c);
    case 'MultiPoint':
      return `<gml:MultiPoint>${(c as Pos[]).map((p) => `<gml:pointMember><gml:Point>${coords2([p])}</gml:Point></gml:pointMember>`).join('')}</gml:MultiPoint>`;
    case 'MultiLineString':
      return `<gml:MultiLineString>${(c as Pos[][]).map((l) => `<gml:lineStringMember><gml:LineString>${coords2(l)}</gml:LineString></gml:lineStringMember>`).join('')}</gml:MultiLineString>`;
    case 'MultiPolygon':
      return `<gml:MultiPolygon>${(c as Pos[][][]).map((p) => `<gml:polygonMember>${polygon(p)}</gml:polygonMember>`).join('')}</gml:MultiPolygon>`;
    default:
      return `<gml:MultiGeometry>${(g.geometries ?? []).map((m) => `<gml:geometryMember>${gml2(m)}</gml:geometryMember>`).join('')}</gml:MultiGeometry>`;
  }
}

function gml3(g: Geometry): string {
  const c = g.coordinates as never;
  const ring = (r: Pos[]) => `<gml:LinearRing>${posList3(r)}</gml:LinearRing>`;
  const polygon = (rings: Pos[][]) =>
    `<gml:Polygon><gml:exterior>${ring(rings[0])}</gml:exterior>${rings
      .slice(1)
      .map((r) => `<gml:interior>${ring(r)}</gml:interior>`)
      .join('')}</gml:Polygon>`;
  switch (g.type) {
    case 'Point':
      return `<gml:Point>${pos3(c)}</gml:Point>`;
    case 'LineString':
      return `<gml:LineString>${posList3(c)}</gml:LineString>`;
    case 'Polygon':
      return polygon(c);
    case 'MultiPoint':
      return `<gml:MultiPoint>${(c as Pos[]).map((p) => `<gml:pointMember><gml:Point>${pos3(p)}</gml:Point></gml:pointMember>`).join('')}</gml:MultiPoint>`;
    case 'MultiLineString':
      return `<gml:MultiCurve>${(c as Pos[][]).map((l) => `<gml:curveMember><gml:LineString>${posList3(l)}</gml:LineString></gml:curveMember>`).join('')}</gml:MultiCurve>`;
    case 'MultiPolygon':
      return `<gml:MultiSurface>${(c as Pos[][][]).map((p) => `<gml:surfaceMember>${polygon(p)}</gml:surfaceMember>`).join('')}</gml:MultiSurface>`;
    default:
      return `<gml:MultiGeometry>${(g.geometries ?? []).map((m) => `<gml:geometryMember>${gml3(m)}</gml:geometryMember>`).join('')}</gml:MultiGeometry>`;
  }
}

/** The srsName goes on the outermost geometry element only (its members inherit it). */
const withSrs = (xml: string, srsName: string) => xml.replace(/^<(gml:\w+)/, `<$1 srsName="${srsName}"`);

/** The element name of a layer's features: its stable alias `layer_<hex>` (an XML name, unlike a bare id). */
const featureElement = (layerId: string) => `layer_${layerId.replace(/-/g, '')}`;

/** Property names are fixed ASCII keys of InfoFeature.properties; values are escaped text. */
function properties(f: InfoFeature): string {
  return Object.entries(f.properties)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `<fb:${k}>${xmlEscape(v instanceof Date ? v.toISOString() : String(v))}</fb:${k}>`)
    .join('');
}

export function featureInfoGml(features: InfoFeature[], version: 2 | 3): string {
  const srsName = version === 2 ? 'http://www.opengis.net/gml/srs/epsg.xml#4326' : 'urn:ogc:def:crs:EPSG::4326';
  const members = features.map((f) => {
    const el = featureElement(f.layer_id);
    const g = f.geometry as Geometry | null;
    const geometry = g ? `<fb:geometry>${withSrs(version === 2 ? gml2(g) : gml3(g), srsName)}</fb:geometry>` : '';
    const id = version === 2 ? `fid="${xmlEscape(f.id)}"` : `gml:id="${xmlEscape(f.id)}"`;
    return `  <gml:featureMember><fb:${el} ${id}>${geometry}${properties(f)}</fb:${el}></gml:featureMember>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:fb="http://fieldbook.app/wfs">
${members.join('\n')}
</wfs:FeatureCollection>
`;
}
