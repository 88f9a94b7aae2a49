import type { XmlNode } from './wfs-transaction-parse.js';

/**
 * GML geometries (GML 2 and 3: Point, LineString/Curve, LinearRing, Polygon/Surface and their Multi*
 * forms; pos, posList, coordinates, coord) read into GeoJSON here rather than by PostGIS's
 * ST_GeomFromGML. On the embedded database every GML or GeoJSON PostGIS fails to parse leaves an
 * error frame behind, and a few hundred of them break the database for every organization until a
 * restart; what this reader accepts, PostGIS always parses.
 */
export type Position = number[];
export type GeoJsonGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface GmlGeometry {
  geometry: GeoJsonGeometry;
  /** The EPSG code of the coordinates, already in longitude/latitude (x/y) order. */
  srid: number;
}

class NotGeometry extends Error {}
const fail = (why: string): never => {
  throw new NotGeometry(why);
};

/** Geographic systems whose URN and http forms order axes latitude first (WFS 2.0). */
const LAT_LON_FIRST = new Set([4326, 4979, 4269, 4258, 4283, 4617, 4167]);

/**
 * WGS 84 in 3D (EPSG:4979), which GDAL names for any geometry with Z, is WGS 84 with the ellipsoidal
 * height as Z: stored as 4326 with its Z, not reprojected (PROJ would drop or shift the height).
 */
const sameAs2D = (srid: number) => (srid === 4979 ? 4326 : srid);

/** EPSG:4326, urn:ogc:def:crs:EPSG::4326, http://www.opengis.net/def/crs/EPSG/0/4326 or CRS84. */
export function sridOfSrsName(srsName: string): { srid: number; latLonFirst: boolean } {
  if (/CRS84h?$/i.test(srsName)) return { srid: 4326, latLonFirst: false };
  const urn = /(?:urn:ogc:def:crs:EPSG:[\d.]*:|opengis\.net\/def\/crs\/EPSG\/0\/)(\d+)$/i.exec(srsName);
  if (urn) return { srid: sameAs2D(Number(urn[1])), latLonFirst: LAT_LON_FIRST.has(Number(urn[1])) };
  const plain = /^EPSG:(\d+)$/i.exec(srsName.trim());
  if (plain) return { srid: sameAs2D(Number(plain[1])), latLonFirst: false };
  return fail(`Unknown srsName ${srsName}`);
}

const child = (n: XmlNode, name: string) => n.children.find((c) => c.name === name);
const children = (n: XmlNode, ...names: string[]) => n.children.filter((c) => names.includes(c.name));

function numbers(text: string): number[] {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  const values = parts.map(Number);
  if (!parts.length || values.some((v) => !Number.isFinite(v))) fail('Coordinates must be numbers');
  return values;
}

interface Axes {
  latLonFirst: boolean;
  dimension?: number;
}

function oriented(p: number[], axes: Axes): Position {
  if (p.length < 2 || p.length > 4) fail('A position has two to four numbers');
  return axes.latLonFirst ? [p[1], p[0], ...p.slice(2)] : p;
}

/** The positions of a curve-like element: posList, a run of pos or pointProperty, coordinates, coord. */
function positions(n: XmlNode, axes: Axes): Position[] {
  const posList = child(n, 'posList');
  if (posList) {
    const dim = Number(posList.attrs.srsDimension ?? n.attrs.srsDimension ?? axes.dimension ?? 2);
    if (dim !== 2 && dim !== 3) fail('srsDimension is 2 or 3');
    const values = numbers(posList.text);
    if (values.length % dim !== 0) fail('posList does not divide into positions');
    const out: Position[] = [];
    for (let i = 0; i < values.length; i += dim) out.push(oriented(values.slice(i, i + dim), axes));
    return out;
  }
  const coordinates = child(n, 'coordinates');
  if (coordinates) {
    const cs = coordinates.attrs.cs ?? ',';
    const ts = coordinates.attrs.ts ?? ' ';
    return coordinates.text
      .trim()
      .split(ts === ' ' ? /\s+/ : ts)
      .filter(Boolean)
      .map((tuple) => oriented(numbers(tuple.split(cs).join(' ')), axes));
  }
  const singles = n.children.flatMap((c) =>
    c.name === 'pos'
      ? [oriented(numbers(c.text), axes)]
      : c.name === 'coord'
        ? [
            oriented(
              ['X', 'Y', 'Z'].flatMap((a) => (child(c, a) ? numbers(child(c, a)!.text) : [])),
              axes,
            ),
          ]
        : c.name === 'pointProperty' || c.name === 'pointRep'
          ? [pointOf(child(c, 'Point') ?? fail('pointProperty holds a Point'), axes)]
          : [],
  );
  return singles.length ? singles : fail(`${n.name} has no coordinates`);
}

function pointOf(n: XmlNode, axes: Axes): Position {
  const all = positions(n, axes);
  return all.length === 1 ? all[0] : fail('A Point has one position');
}

function lineOf(n: XmlNode, axes: Axes): Position[] {
  // GML 3 Curve: segments of LineStringSegment (or arcs, which we do not read).
  const segments = child(n, 'segments');
  const points = segments
    ? children(segments, 'LineStringSegment').flatMap((s, i) => positions(s, axes).slice(i === 0 ? 0 : 1))
    : positions(n, axes);
  return points.length >= 2 ? points : fail('A line has at least two positions');
}

function ringOf(boundary: XmlNode, axes: Axes): Position[] {
  const ring = child(boundary, 'LinearRing') ?? fail('A polygon boundary is a LinearRing');
  const points = positions(ring, axes);
  return points.length >= 4 ? points : fail('A ring has at least four positions');
}

function polygonOf(n: XmlNode, axes: Axes): Position[][] {
  const host = n.name === 'Surface' ? (child(child(n, 'patches') ?? n, 'PolygonPatch') ?? fail('No PolygonPatch')) : n;
  const outer = child(host, 'exterior') ?? child(host, 'outerBoundaryIs') ?? fail('A polygon has an exterior');
  return [ringOf(outer, axes), ...children(host, 'interior', 'innerBoundaryIs').map((b) => ringOf(b, axes))];
}

/** The member geometries of a Multi* element: xMember elements (one each) and xMembers (several). */
function members(n: XmlNode, single: string, plural: string): XmlNode[] {
  return [
    ...children(n, single).map((m) => m.children[0] ?? fail(`${single} is empty`)),
    ...children(n, plural).flatMap((m) => m.children),
  ];
}

function read(n: XmlNode, axes: Axes): GeoJsonGeometry {
  const declared = n.attrs.srsDimension ?? axes.dimension;
  const sub = { ...axes, dimension: declared === undefined ? undefined : Number(declared) };
  switch (n.name) {
    case 'Point':
      return { type: 'Point', coordinates: pointOf(n, sub) };
    case 'LineString':
    case 'Curve':
      return { type: 'LineString', coordinates: lineOf(n, sub) };
    case 'Polygon':
    case 'Surface':
      return { type: 'Polygon', coordinates: polygonOf(n, sub) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: members(n, 'pointMember', 'pointMembers').map((m) => pointOf(m, sub)) };
    case 'MultiLineString':
    case 'MultiCurve':
      return {
        type: 'MultiLineString',
        coordinates: [
          ...members(n, 'lineStringMember', 'lineStringMembers'),
          ...members(n, 'curveMember', 'curveMembers'),
        ].map((m) => lineOf(m, sub)),
      };
    case 'MultiPolygon':
    case 'MultiSurface':
      return {
        type: 'MultiPolygon',
        coordinates: [
          ...members(n, 'polygonMember', 'polygonMembers'),
          ...members(n, 'surfaceMember', 'surfaceMembers'),
        ].map((m) => polygonOf(m, sub)),
      };
    default:
      return fail(`Unsupported GML geometry ${n.name}`);
  }
}

/** The geometry of a GML element in `srsName` (its own srsName wins), or null when it is not one we read. */
export function gmlGeometry(n: XmlNode, srsName: string): GmlGeometry | null {
  try {
    const srs = sridOfSrsName(n.attrs.srsName ?? srsName);
    const geometry = read(n, { latLonFirst: srs.latLonFirst });
    if ('coordinates' in geometry && Array.isArray(geometry.coordinates) && geometry.coordinates.length === 0)
      return null;
    return { geometry, srid: srs.srid };
  } catch (err) {
    if (err instanceof NotGeometry) return null;
    throw err;
  }
}
