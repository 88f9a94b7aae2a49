import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_MSG } from '@fieldbook/domain';
import { gdalMessages, withGdal, type Gdal, type GdalDataset, type GdalFilePath } from '../platform/gdal.js';
import { mercatorToLat, mercatorToLon } from '../ogc/wms-params.js';
import type { RasterInfo } from '../rasters/raster-info.js';
import { zipEntryNames } from './zip-entries.js';

/** The raster programs of gdal3.js (platform/gdal.ts types only what the vector imports use). */
interface RasterGdal extends Gdal {
  gdalinfo(dataset: GdalDataset, options?: string[]): Promise<unknown>;
  gdalwarp(dataset: GdalDataset, options?: string[], outputName?: string): Promise<GdalFilePath>;
  gdal_translate(dataset: GdalDataset, options?: string[], outputName?: string): Promise<GdalFilePath>;
}

interface BandInfo {
  type?: string;
  colorInterpretation?: string;
  computedMin?: number;
  computedMax?: number;
}

/** The part of `gdalinfo -json` the import reads. */
interface RasterDescription {
  size?: [number, number];
  geoTransform?: number[];
  gcps?: { gcpList?: unknown[] };
  coordinateSystem?: { wkt?: string };
  bands?: BandInfo[];
}

/** The stored image made from an upload, waiting in GDAL's output folder, and what the layer records of it. */
export interface PreparedRaster {
  file: string;
  info: Omit<RasterInfo, 'file'>;
}

const isGeoTiffName = (name: string) => {
  const base = name.split('/').pop() ?? '';
  return /\.tiff?$/i.test(base) && !base.startsWith('._') && !name.startsWith('__MACOSX/');
};

/** Opens the upload: a GeoTIFF, or the GeoTIFF inside a zip (with its world file beside it, if any). */
async function openRaster(gdal: Gdal, file: string, ext: string): Promise<GdalDataset> {
  let opened: Awaited<ReturnType<Gdal['open']>> | null;
  if (ext === 'zip') {
    const names = await zipEntryNames(file);
    if (!names || names.length === 0) throw new Error(IMPORT_MSG.corruptFile);
    const inner = names.find(isGeoTiffName);
    if (!inner) throw new Error(IMPORT_MSG.noRaster);
    // The first path mounts the zip's folder as /input (and opens a zip of one file); the second opens
    // the image inside it, /vsizip//input/<zip>/<image>, where GDAL also finds a .tfw beside it.
    opened = await gdal
      .open([path.resolve(file), `/input/${path.basename(file)}/${inner}`], [], ['vsizip'])
      .catch(() => null);
  } else {
    opened = await gdal.open(path.resolve(file)).catch(() => null);
  }
  const dataset = opened?.datasets.find((d) => d.type === 'raster');
  for (const other of opened?.datasets ?? []) if (other !== dataset) await gdal.close(other);
  if (!dataset) throw new Error(IMPORT_MSG.badRaster);
  return dataset;
}

const MERCATOR_LIMIT = 20037508.342789244;

/** The bounds (EPSG:3857) and extent (EPSG:4326) of a north-up image in EPSG:3857. */
function boundsOf(description: RasterDescription): Pick<RasterInfo, 'bounds' | 'extent' | 'width' | 'height'> {
  const [width, height] = description.size ?? [0, 0];
  const gt = description.geoTransform ?? [];
  const [x0, dx, , y0, , dy] = gt;
  const bounds: [number, number, number, number] = [x0, y0 + dy * height, x0 + dx * width, y0];
  const clampX = (x: number) => Math.max(-MERCATOR_LIMIT, Math.min(MERCATOR_LIMIT, x));
  const extent: [number, number, number, number] = [
    mercatorToLon(clampX(bounds[0])),
    mercatorToLat(bounds[1]),
    mercatorToLon(clampX(bounds[2])),
    mercatorToLat(bounds[3]),
  ];
  return { bounds, extent, width, height };
}

/** A short name of the source's coordinate system (its last ID, e.g. EPSG:32617), else the requested one. */
function crsName(wkt: string | undefined, requested: string | undefined): string {
  const ids = [...(wkt ?? '').matchAll(/ID\["EPSG",(\d+)\]/g)];
  const last = ids.at(-1);
  if (last) return `EPSG:${last[1]}`;
  return requested ?? (wkt ? (/^\w+\["([^"]+)"/.exec(wkt)?.[1] ?? 'unknown') : 'unknown');
}

/** Runs a GDAL program, naming GDAL's own complaint in the job when it fails. */
async function step<T>(run: () => Promise<T>, failure: string, info: (m: string) => void): Promise<T> {
  try {
    return await run();
  } catch {
    const said = gdalMessages().join(' ').trim();
    if (said) info(said.slice(0, 300));
    throw new Error(failure);
  }
}

/**
 * Turns an uploaded GeoTIFF into the image the map serves (issue #10 §2): warped to EPSG:3857 with an
 * alpha band (nodata and the outside become transparent), 8-bit (other types stretched over their
 * min–max, a palette expanded to RGB), then written as a Cloud Optimized GeoTIFF (256 px tiles, DEFLATE,
 * overviews), which the tile renderer reads a window at a time without GDAL.
 */
export async function prepareRaster(
  file: string,
  ext: string,
  crs: string | undefined,
  outputName: string,
  info: (message: string) => void,
): Promise<PreparedRaster> {
  return withGdal(async (plain) => {
    const gdal = plain as RasterGdal;
    const opened: GdalDataset[] = [];
    const temporary: string[] = [];
    let kept: string | undefined;
    const track = async (made: GdalFilePath) => {
      temporary.push(made.real);
      const dataset = (await gdal.open(made.local)).datasets[0];
      if (!dataset) throw new Error(IMPORT_MSG.badRaster);
      opened.push(dataset);
      return dataset;
    };
    try {
      let source = await openRaster(gdal, file, ext);
      opened.push(source);
      const described = (await gdal.gdalinfo(source, ['-json'])) as RasterDescription;
      const [sourceWidth, sourceHeight] = described.size ?? [0, 0];
      const bands = described.bands ?? [];
      const placed = !!described.geoTransform || !!described.gcps?.gcpList?.length;
      if (!sourceWidth || !sourceHeight || !bands.length || !placed) throw new Error(IMPORT_MSG.badRaster);
      const ownCrs = described.coordinateSystem?.wkt?.trim() || undefined;
      // A zipped raster always asks for one (spec 3 §5); its own system, if it names one, still wins.
      if (!crs && (!ownCrs || ext === 'zip')) throw new Error(IMPORT_MSG.rasterCrsRequired);

      // Colour bands by their number in the source (an alpha band, if any, is the warp's source alpha).
      let colourBands = bands.flatMap((b, i) => (b.colorInterpretation === 'Alpha' ? [] : [{ ...b, number: i + 1 }]));
      if (bands[0]?.colorInterpretation === 'Palette') {
        // A palette image becomes red, green, blue, alpha before warping, so resampling blends colours, not indexes.
        const expanded = await step(
          () => gdal.gdal_translate(source, ['-of', 'VRT', '-expand', 'rgba'], `${outputName}-rgba`),
          IMPORT_MSG.badRaster,
          info,
        );
        source = await track(expanded);
        colourBands = [1, 2, 3].map((number) => ({ type: 'Byte', number }));
      }
      const rgb = colourBands.length >= 3;
      const picked = colourBands.slice(0, rgb ? 3 : 1).map((b) => b.number);
      const dataType = colourBands[0]?.type ?? 'Byte';
      // Wider types are stretched over the source's own min–max (nodata left out), before the warp adds 0s outside.
      const stretch = dataType === 'Byte' ? [] : ['-ot', 'Byte', ...(await stretchArgs(gdal, source, picked))];
      const warpArgs = ['-of', 'GTiff', '-t_srs', 'EPSG:3857', '-dstalpha', '-r', 'bilinear'];
      if (!ownCrs && crs) warpArgs.push('-s_srs', crs);
      warpArgs.push('-co', 'TILED=YES', '-co', 'COMPRESS=DEFLATE', '-co', 'ZLEVEL=1', '-co', 'BIGTIFF=IF_SAFER');
      const warped = await track(
        await step(() => gdal.gdalwarp(source, warpArgs, `${outputName}-3857`), IMPORT_MSG.badRaster, info),
      );
      // The warp keeps every colour band in order and adds the alpha band last.
      const warpedBands = ((await gdal.gdalinfo(warped, ['-json'])) as RasterDescription).bands?.length ?? 0;
      const cogArgs = ['-of', 'COG', ...[...picked, warpedBands].flatMap((b) => ['-b', String(b)])];
      cogArgs.push('-colorinterp', rgb ? 'red,green,blue,alpha' : 'gray,alpha', ...stretch);
      cogArgs.push('-co', 'COMPRESS=DEFLATE', '-co', 'BLOCKSIZE=256', '-co', 'BIGTIFF=IF_SAFER');
      const cog = await step(() => gdal.gdal_translate(warped, cogArgs, outputName), IMPORT_MSG.badRaster, info);
      const stored = await track(cog);
      const layout = (await gdal.gdalinfo(stored, ['-json'])) as RasterDescription;
      const prepared: PreparedRaster = {
        file: cog.real,
        info: {
          ...boundsOf(layout),
          bands: rgb ? 'rgb' : 'gray',
          source: {
            width: sourceWidth,
            height: sourceHeight,
            bandCount: bands.length,
            dataType,
            crs: crsName(ownCrs, crs),
          },
        },
      };
      // Everything made on the way goes; the stored image is the caller's from here.
      kept = cog.real;
      return prepared;
    } finally {
      for (const dataset of opened.reverse()) await gdal.close(dataset).catch(() => undefined);
      await Promise.all(temporary.filter((f) => f !== kept).map((f) => rm(f, { force: true })));
    }
  });
}

/** `-scale_<n>` arguments stretching each picked band over the min–max of them all to 0–255. */
async function stretchArgs(gdal: RasterGdal, source: GdalDataset, picked: number[]): Promise<string[]> {
  const stats = (await gdal.gdalinfo(source, ['-json', '-mm'])) as RasterDescription;
  const ranges = picked.map((b) => stats.bands?.[b - 1]).filter((b): b is BandInfo => !!b);
  let min = Math.min(...ranges.map((b) => b.computedMin ?? Infinity));
  let max = Math.max(...ranges.map((b) => b.computedMax ?? -Infinity));
  if (!Number.isFinite(min) || !Number.isFinite(max)) [min, max] = [0, 255];
  if (max <= min) max = min + 1;
  return picked.flatMap((_, i) => [`-scale_${i + 1}`, String(min), String(max), '0', '255']);
}
