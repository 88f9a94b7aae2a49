import { toLonLatBox } from '../ogc/crs.js';
import { invalidParameter } from './params.js';

/**
 * The coordinate reference systems of OGC API – Features Part 2 ("CRS by reference") that we serve.
 * Geometries are stored in EPSG:4326 with longitude first, which is what CRS84 names, so CRS84 is
 * both the default and the storage CRS. The EPSG:4326 URI is the same datum with latitude first
 * (the EPSG axis order, which Part 2 requires us to honour), and EPSG:3857 is web mercator in metres.
 */
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const EPSG_4326 = 'http://www.opengis.net/def/crs/EPSG/0/4326';
export const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';
export const SUPPORTED_CRS = [CRS84, EPSG_4326, EPSG_3857] as const;

export interface OutputCrs {
  /** The canonical URI, as listed in collections and sent back in `Content-Crs`. */
  uri: string;
  srid: 4326 | 3857;
  /** Coordinates in latitude, longitude order (EPSG:4326 by its URI). */
  latLon: boolean;
}

const BY_URI: Record<string, OutputCrs> = {
  [CRS84]: { uri: CRS84, srid: 4326, latLon: false },
  [EPSG_4326]: { uri: EPSG_4326, srid: 4326, latLon: true },
  [EPSG_3857]: { uri: EPSG_3857, srid: 3857, latLon: false },
};

/**
 * Other spellings clients send, by lower-cased text: safe CURIEs (`[EPSG:3857]`, Part 2), the short
 * `EPSG:n` of WFS habits and the URN forms. `EPSG:4326` is the EPSG definition, so latitude first,
 * exactly as its URI; the answer's `Content-Crs` names the URI so no client has to guess.
 */
const ALIASES: Record<string, string> = {
  crs84: CRS84,
  'ogc:crs84': CRS84,
  '[ogc:crs84]': CRS84,
  'urn:ogc:def:crs:ogc:1.3:crs84': CRS84,
  'https://www.opengis.net/def/crs/ogc/1.3/crs84': CRS84,
  'epsg:4326': EPSG_4326,
  '[epsg:4326]': EPSG_4326,
  'urn:ogc:def:crs:epsg::4326': EPSG_4326,
  'https://www.opengis.net/def/crs/epsg/0/4326': EPSG_4326,
  'epsg:3857': EPSG_3857,
  '[epsg:3857]': EPSG_3857,
  'urn:ogc:def:crs:epsg::3857': EPSG_3857,
  'https://www.opengis.net/def/crs/epsg/0/3857': EPSG_3857,
  'epsg:900913': EPSG_3857,
};
for (const uri of SUPPORTED_CRS) ALIASES[uri.toLowerCase()] = uri;

/** The CRS a parameter names (CRS84 when absent); 400 for any other. */
export function crsOf(value: string | undefined, param: string): OutputCrs {
  if (value === undefined || value.trim() === '') return BY_URI[CRS84];
  const uri = ALIASES[value.trim().toLowerCase()];
  if (!uri) throw invalidParameter(param, `${param} must be one of ${SUPPORTED_CRS.join(', ')}`);
  return BY_URI[uri];
}

/** The `Content-Crs` header value: the URI in angle brackets (Part 2). */
export const contentCrs = (crs: OutputCrs) => `<${crs.uri}>`;

export type LonLatBox = [number, number, number, number];

/**
 * `bbox` (4 numbers, or 6 with heights, which are ignored) in `bbox-crs` as longitude/latitude
 * boxes: two when a CRS84 box crosses the antimeridian (its west edge east of its east edge).
 */
export function bboxesOf(value: string | undefined, bboxCrs: string | undefined): LonLatBox[] | undefined {
  if (value === undefined) return undefined;
  const crs = crsOf(bboxCrs, 'bbox-crs');
  const nums = value.split(',').map((n) => (n.trim() === '' ? NaN : Number(n)));
  if ((nums.length !== 4 && nums.length !== 6) || nums.some((n) => !Number.isFinite(n)))
    throw invalidParameter('bbox', 'bbox must be 4 or 6 comma-separated numbers');
  const [a, b, c, d] = nums.length === 6 ? [nums[0], nums[1], nums[3], nums[4]] : nums;
  // Latitudes ascend whatever the axis order; a "box" whose south edge lies north of its north edge is an error.
  const [south, north] = crs.latLon ? [a, c] : [b, d];
  if (south > north) throw invalidParameter('bbox', 'bbox: the lower corner must not lie above the upper corner');
  const box = toLonLatBox(a, b, c, d, crs.uri);
  if (crs.srid === 4326 && box[0] > box[2])
    return [
      [box[0], box[1], 180, box[3]],
      [-180, box[1], box[2], box[3]],
    ];
  if (box[0] > box[2]) throw invalidParameter('bbox', 'bbox: the lower corner must lie west of the upper corner');
  return [box];
}
