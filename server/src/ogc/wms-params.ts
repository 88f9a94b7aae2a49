import { OgcError } from './xml.js';

/** The largest image GetMap draws (WIDTH and HEIGHT each); bigger requests get InvalidParameterValue. */
export const MAX_MAP_SIZE = 4096;

export type MapCrs = 'EPSG:3857' | 'EPSG:4326' | 'CRS:84';
export const SUPPORTED_CRS: MapCrs[] = ['EPSG:3857', 'EPSG:4326', 'CRS:84'];

/** A map frame: bbox with x east, y north in the request CRS, and the image size. */
export interface MapFrame {
  crs: MapCrs;
  /** minx, miny, maxx, maxy; x is easting or longitude whatever the axis order of the request. */
  bbox: [number, number, number, number];
  width: number;
  height: number;
}

export interface GetMapRequest extends MapFrame {
  layers: string[];
  styles: string[];
  format: 'image/png' | 'image/jpeg';
  transparent: boolean;
  /** 0xRRGGBB when not transparent. */
  bgcolor: number;
}

const MERCATOR_RADIUS = 6378137;
const MAX_MERCATOR = 20037508.342789244;

export const lonToMercator = (lon: number) => (lon * MAX_MERCATOR) / 180;
export const latToMercator = (lat: number) =>
  Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 360)) * MERCATOR_RADIUS;
export const mercatorToLon = (x: number) => (x / MAX_MERCATOR) * 180;
export const mercatorToLat = (y: number) =>
  (2 * Math.atan(Math.exp(y / MERCATOR_RADIUS)) - Math.PI / 2) * (180 / Math.PI);

function required(params: Record<string, string>, name: string): string {
  const v = params[name];
  if (v === undefined || v.trim() === '')
    throw new OgcError('MissingParameterValue', name.toUpperCase(), `${name.toUpperCase()} is required`);
  return v;
}

function crsOf(params: Record<string, string>): MapCrs {
  // WMS 1.3.0 says CRS; 1.1.1 clients (and some 1.3.0 ones) say SRS.
  const raw = (params.crs ?? params.srs ?? '').toUpperCase().trim();
  if (raw === '') throw new OgcError('MissingParameterValue', 'CRS', 'CRS is required');
  if (raw === 'EPSG:3857' || raw === 'EPSG:900913' || raw === 'EPSG:102100') return 'EPSG:3857';
  if (raw === 'EPSG:4326') return 'EPSG:4326';
  if (raw === 'CRS:84') return 'CRS:84';
  throw new OgcError('InvalidCRS', 'CRS', `CRS ${raw} is not supported; use ${SUPPORTED_CRS.join(', ')}`);
}

function sizeOf(params: Record<string, string>, name: 'width' | 'height'): number {
  const n = Number(required(params, name));
  if (!Number.isInteger(n) || n < 1 || n > MAX_MAP_SIZE)
    throw new OgcError(
      'InvalidParameterValue',
      name.toUpperCase(),
      `${name.toUpperCase()} must be an integer from 1 to ${MAX_MAP_SIZE}`,
    );
  return n;
}

/** CRS, BBOX, WIDTH and HEIGHT; EPSG:4326 in WMS 1.3.0 has lat/lon axis order, in 1.1.1 lon/lat. */
export function frameOf(params: Record<string, string>): MapFrame {
  const crs = crsOf(params);
  const nums = required(params, 'bbox')
    .split(',')
    .map((s) => Number(s.trim()));
  if (nums.length !== 4 || nums.some((n) => !Number.isFinite(n)))
    throw new OgcError('InvalidParameterValue', 'BBOX', 'BBOX needs four numbers');
  const latLon = crs === 'EPSG:4326' && (params.version ?? '1.3.0') !== '1.1.1' && !params.srs;
  const bbox: [number, number, number, number] = latLon
    ? [nums[1], nums[0], nums[3], nums[2]]
    : [nums[0], nums[1], nums[2], nums[3]];
  if (bbox[0] >= bbox[2] || bbox[1] >= bbox[3])
    throw new OgcError('InvalidParameterValue', 'BBOX', 'BBOX minimum must be below its maximum');
  return { crs, bbox, width: sizeOf(params, 'width'), height: sizeOf(params, 'height') };
}

export function getMapRequestOf(params: Record<string, string>): GetMapRequest {
  const layers = required(params, 'layers')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const format = (params.format ?? 'image/png').toLowerCase();
  // PNG is the product's format; JPEG because GDAL asks for it unless told otherwise.
  if (!format.startsWith('image/png') && format !== 'image/jpeg')
    throw new OgcError('InvalidFormat', 'FORMAT', `FORMAT ${params.format} is not supported; use image/png`);
  const styles = (params.styles ?? '').split(',').map((s) => s.trim());
  if (styles.length > 1 && styles.length !== layers.length)
    throw new OgcError('StyleNotDefined', 'STYLES', 'STYLES must list one style per layer');
  const bg = /^0x([0-9a-f]{6})$/i.exec(params.bgcolor ?? '');
  return {
    ...frameOf(params),
    layers,
    styles: layers.map((_, i) => styles[i] ?? ''),
    format: format === 'image/jpeg' ? 'image/jpeg' : 'image/png',
    transparent: (params.transparent ?? 'false').toLowerCase() === 'true',
    bgcolor: bg ? parseInt(bg[1], 16) : 0xffffff,
  };
}

/** The frame's bbox in EPSG:4326 lon/lat, widened by `marginPx` pixels (symbols crossing tile edges). */
export function lonLatBounds(frame: MapFrame, marginPx: number): [number, number, number, number] {
  const mx = ((frame.bbox[2] - frame.bbox[0]) / frame.width) * marginPx;
  const my = ((frame.bbox[3] - frame.bbox[1]) / frame.height) * marginPx;
  const [x1, y1, x2, y2] = [frame.bbox[0] - mx, frame.bbox[1] - my, frame.bbox[2] + mx, frame.bbox[3] + my];
  if (frame.crs === 'EPSG:3857') {
    return [
      Math.max(-180, mercatorToLon(x1)),
      Math.max(-85.06, mercatorToLat(y1)),
      Math.min(180, mercatorToLon(x2)),
      Math.min(85.06, mercatorToLat(y2)),
    ];
  }
  return [Math.max(-180, x1), Math.max(-90, y1), Math.min(180, x2), Math.min(90, y2)];
}

/** The map coordinates (request CRS, x east) of the centre of pixel (i, j). */
export function pixelToMap(frame: MapFrame, i: number, j: number): [number, number] {
  const x = frame.bbox[0] + ((i + 0.5) / frame.width) * (frame.bbox[2] - frame.bbox[0]);
  const y = frame.bbox[3] - ((j + 0.5) / frame.height) * (frame.bbox[3] - frame.bbox[1]);
  return [x, y];
}

export function mapToLonLat(frame: MapFrame, x: number, y: number): [number, number] {
  return frame.crs === 'EPSG:3857' ? [mercatorToLon(x), mercatorToLat(y)] : [x, y];
}
