import zlib from 'node:zlib';
import { addDecoder, BaseDecoder, fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff';
import type { RasterInfo } from '../rasters/raster-info.js';
import { latToMercator, lonToMercator, type MapFrame } from './wms-params.js';

/**
 * Map images of RASTER layers, read straight from their stored GeoTIFF (EPSG:3857, 256 px tiles, with
 * overviews; imports/raster-source.ts) with the pure-JavaScript `geotiff` reader: a tile reads only the
 * blocks of the one overview level that suits its scale, and never waits for GDAL (whose one instance
 * may be busy with a long import).
 */

/** DEFLATE blocks through Node's zlib: several times faster than the reader's own JavaScript inflate. */
class NodeDeflateDecoder extends BaseDecoder {
  decodeBlock(buffer: ArrayBufferLike): ArrayBufferLike {
    const out = zlib.inflateSync(new Uint8Array(buffer));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
  }
}
// TIFF compression 8 (Adobe DEFLATE, what GDAL writes) and 32946 (old-style DEFLATE).
addDecoder([8, 32946], () => Promise.resolve(NodeDeflateDecoder));

interface OpenRaster {
  tiff: GeoTIFF;
  /** The full image and its overviews, finest first. */
  levels: GeoTIFFImage[];
}

/** Open files, least recently used first; a file is parsed once, then tiles only read its blocks. */
const openFiles = new Map<string, Promise<OpenRaster>>();
const MAX_OPEN_FILES = 32;

async function load(file: string): Promise<OpenRaster> {
  const tiff = await fromFile(file);
  const levels: GeoTIFFImage[] = [];
  for (let i = 0, n = await tiff.getImageCount(); i < n; i++) levels.push(await tiff.getImage(i));
  // Only images of the full image's bands: a mask image (one sample) is no overview to draw from.
  const samples = levels[0]?.getSamplesPerPixel();
  return {
    tiff,
    levels: levels.filter((l) => l.getSamplesPerPixel() === samples).sort((a, b) => b.getWidth() - a.getWidth()),
  };
}

function openRaster(file: string): Promise<OpenRaster> {
  let entry = openFiles.get(file);
  if (entry) openFiles.delete(file);
  else
    entry = load(file).catch((err: unknown) => {
      openFiles.delete(file);
      throw err;
    });
  openFiles.set(file, entry);
  for (const [key, old] of openFiles) {
    if (openFiles.size <= MAX_OPEN_FILES) break;
    openFiles.delete(key);
    void old.then(async (r) => void (await r.tiff.close())).catch(() => undefined);
  }
  return entry;
}

/** A level up to this much coarser than the request still serves it (fewer blocks for a hardly visible loss). */
const OVERSAMPLING = 1.2;

/** The coarsest level about as fine as the request (else the finest), so a tile reads few blocks. */
function levelFor(levels: GeoTIFFImage[], info: RasterInfo, metresPerPixel: number): GeoTIFFImage {
  let chosen = levels[0];
  for (const level of levels) {
    if ((info.bounds[2] - info.bounds[0]) / level.getWidth() <= metresPerPixel * OVERSAMPLING) chosen = level;
  }
  return chosen;
}

/** For each output pixel centre along one axis, the level's pixel index there, or -1 outside the image. */
function pixelIndexes(
  count: number,
  from: number,
  to: number,
  toMercator: (v: number) => number,
  origin: number,
  step: number,
  size: number,
): Int32Array {
  const out = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const index = Math.floor((toMercator(from + ((k + 0.5) / count) * (to - from)) - origin) / step);
    out[k] = index >= 0 && index < size ? index : -1;
  }
  return out;
}

function range(indexes: Int32Array): [number, number] | null {
  let min = Infinity;
  let max = -1;
  for (const v of indexes) {
    if (v < 0) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return max < 0 ? null : [min, max + 1];
}

/**
 * Draws a raster layer into the RGBA pixels of a map frame (source-over, nearest pixel of the chosen
 * level); pixels outside the image or transparent in it are left as they were. True when any was drawn.
 */
export async function drawRasterLayer(
  pixels: Uint8ClampedArray,
  frame: MapFrame,
  info: RasterInfo,
  file: string,
): Promise<boolean> {
  const mercator = frame.crs === 'EPSG:3857';
  const toX = mercator ? (x: number) => x : lonToMercator;
  const toY = mercator ? (y: number) => y : latToMercator;
  const [minx, miny, maxx, maxy] = frame.bbox;
  const [left, bottom, right, top] = info.bounds;
  if (toX(minx) >= right || toX(maxx) <= left || toY(miny) >= top || toY(maxy) <= bottom) return false;
  const { levels } = await openRaster(file);
  const level = levelFor(levels, info, Math.abs(toX(maxx) - toX(minx)) / frame.width);
  const [levelWidth, levelHeight] = [level.getWidth(), level.getHeight()];
  const cols = pixelIndexes(frame.width, minx, maxx, toX, left, (right - left) / levelWidth, levelWidth);
  // Rows run down from the top edge: image row 0 is the north.
  const rows = pixelIndexes(frame.height, maxy, miny, (y) => -toY(y), -top, (top - bottom) / levelHeight, levelHeight);
  const colRange = range(cols);
  const rowRange = range(rows);
  if (!colRange || !rowRange) return false;
  const window = [colRange[0], rowRange[0], colRange[1], rowRange[1]];
  const data = (await level.readRasters({ window, interleave: true })) as unknown as Uint8Array;
  const rgb = info.bands === 'rgb';
  const samples = rgb ? 4 : 2;
  const windowWidth = colRange[1] - colRange[0];
  let drawn = false;
  for (let j = 0; j < frame.height; j++) {
    const row = rows[j];
    if (row < 0) continue;
    const rowStart = (row - rowRange[0]) * windowWidth;
    for (let i = 0; i < frame.width; i++) {
      const col = cols[i];
      if (col < 0) continue;
      const s = (rowStart + col - colRange[0]) * samples;
      const alpha = data[s + samples - 1];
      if (alpha === 0) continue;
      const r = data[s];
      const g = rgb ? data[s + 1] : r;
      const b = rgb ? data[s + 2] : r;
      const p = (j * frame.width + i) * 4;
      const under = pixels[p + 3];
      if (alpha === 255 || under === 0) {
        pixels[p] = r;
        pixels[p + 1] = g;
        pixels[p + 2] = b;
        pixels[p + 3] = alpha;
      } else {
        // Source-over on non-premultiplied RGBA.
        const sa = alpha / 255;
        const da = under / 255;
        const oa = sa + da * (1 - sa);
        const keep = (da * (1 - sa)) / oa;
        const put = sa / oa;
        pixels[p] = r * put + pixels[p] * keep;
        pixels[p + 1] = g * put + pixels[p + 1] * keep;
        pixels[p + 2] = b * put + pixels[p + 2] * keep;
        pixels[p + 3] = oa * 255;
      }
      drawn = true;
    }
  }
  return drawn;
}
