import { OgcError } from './xml.js';

/**
 * Coordinate reference system names as OGC clients send them (EPSG:4326, the URN and http forms,
 * CRS84, web mercator) and bounding boxes in them, turned into longitude/latitude boxes.
 */

export function sridOf(srsName: string | undefined): number {
  if (!srsName) return 4326;
  if (/(EPSG(::|:)|crs\/EPSG\/0\/)(3857|900913)$/i.test(srsName)) return 3857;
  if (/(EPSG(::|:)|crs\/EPSG\/0\/)4326$/i.test(srsName) || /CRS84$/i.test(srsName)) return 4326;
  throw new OgcError('InvalidParameterValue', 'srsName', `Unsupported srsName ${srsName}`);
}

/**
 * lat/lon axis order applies to the URN and http forms of EPSG:4326 (WFS 2.0), not to "EPSG:4326"
 * or CRS84; a request naming no system asks for the DefaultCRS, the URN.
 */
export const latLonOrder = (crs: string | undefined) => !crs || /EPSG::4326$|crs\/EPSG\/0\/4326$/i.test(crs);

function mercatorToLonLat(x: number, y: number): [number, number] {
  return [(x / 6378137) * (180 / Math.PI), (2 * Math.atan(Math.exp(y / 6378137)) - Math.PI / 2) * (180 / Math.PI)];
}

/** A box in the named CRS (axis order as that name implies) as [minLon, minLat, maxLon, maxLat]. */
export function toLonLatBox(
  a: number,
  b: number,
  c: number,
  d: number,
  crs: string | undefined,
): [number, number, number, number] {
  if (crs && sridOf(crs) === 3857) {
    const [x1, y1] = mercatorToLonLat(a, b);
    const [x2, y2] = mercatorToLonLat(c, d);
    return [x1, y1, x2, y2];
  }
  return latLonOrder(crs) ? [b, a, d, c] : [a, b, c, d];
}
