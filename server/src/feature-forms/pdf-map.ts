import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { FEATURE_PDF_MAP_SIZE } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { getMap } from '../ogc/wms.js';
import { mercatorToLat } from '../ogc/wms-params.js';

/** Narrowest ground the extract shows (metres across): a point, or a short line, in its street. */
const MIN_SPAN_M = 250;
/** Room around the feature, as a share of its extent on each side. */
const MARGIN = 0.25;

export interface MapExtract {
  png: Buffer;
  /** The scale bar's length, in metres (drawn bottom left). */
  scaleBarMetres: number;
}

type Box = [number, number, number, number];

/** The extract's frame in EPSG:3857: the feature's extent with a margin, at the 1220 × 840 proportion. */
function frameAround([minx, miny, maxx, maxy]: Box): Box {
  const { width, height } = FEATURE_PDF_MAP_SIZE;
  const cx = (minx + maxx) / 2;
  const cy = (miny + maxy) / 2;
  // Web Mercator stretches ground by 1/cos(latitude): the minimum span is in ground metres.
  const stretch = 1 / Math.cos((mercatorToLat(cy) * Math.PI) / 180);
  let w = Math.max((maxx - minx) * (1 + 2 * MARGIN), MIN_SPAN_M * stretch);
  let h = Math.max((maxy - miny) * (1 + 2 * MARGIN), 1);
  if (w / h < width / height) w = (h * width) / height;
  else h = (w * height) / width;
  return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2];
}

/** 1, 2 or 5 times a power of ten, the longest not above `metres`. */
function roundLength(metres: number): number {
  const power = 10 ** Math.floor(Math.log10(metres));
  return [5, 2, 1].map((m) => m * power).find((l) => l <= metres) ?? power;
}

type Ring = number[][];
function rings(geometry: { type: string; coordinates: unknown }): { points: number[][]; paths: Ring[] } {
  const c = geometry.coordinates as never;
  switch (geometry.type) {
    case 'Point':
      return { points: [c], paths: [] };
    case 'MultiPoint':
      return { points: c, paths: [] };
    case 'LineString':
      return { points: [], paths: [c] };
    case 'MultiLineString':
    case 'Polygon':
      return { points: [], paths: c };
    case 'MultiPolygon':
      return { points: [], paths: (c as Ring[][]).flat() };
    default:
      return { points: [], paths: [] };
  }
}

/** Marks the feature over the layer: a dark casing under a bright stroke, so it reads on any symbol. */
function highlight(
  ctx: SKRSContext2D,
  geometry: { type: string; coordinates: unknown },
  toPixel: (p: number[]) => number[],
) {
  const { points, paths } = rings(geometry);
  for (const [colour, width] of [
    ['rgba(20, 20, 20, 0.85)', 9],
    ['#ff2d95', 4],
  ] as const) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    for (const path of paths) {
      ctx.beginPath();
      path.map(toPixel).forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
      ctx.stroke();
    }
    for (const point of points) {
      const [x, y] = toPixel(point);
      ctx.beginPath();
      ctx.arc(x, y, 16, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
}

/**
 * The map extract of a feature's PDF (spec 3 §7, §9: rendered at 1220 × 840): the feature's layer as the
 * WMS draws it (the same renderer, styles and cache as the map), around the feature's extent, with the
 * feature outlined and a scale bar.
 */
export async function featureMapExtract(
  db: Executor,
  dataDir: string,
  feature: { id: string },
  layer: { id: string; name: string; server_name: string | null },
): Promise<MapExtract> {
  const { width, height } = FEATURE_PDF_MAP_SIZE;
  const { rows } = await sql<{ box: Box; geometry: string }>`
    SELECT ARRAY[ST_XMin(g), ST_YMin(g), ST_XMax(g), ST_YMax(g)]::float8[] AS box, ST_AsGeoJSON(g, 2) AS geometry
    FROM (SELECT ST_Transform(geom, 3857) AS g FROM features WHERE id = ${feature.id}) f`.execute(db);
  const row = rows[0];
  const bbox = frameAround(row.box.map(Number) as Box);
  const { png } = await getMap(
    { db, config: { dataDir } },
    [{ id: layer.id, name: layer.name, kind: layer.server_name }],
    {
      layers: layer.id,
      styles: '',
      crs: 'EPSG:3857',
      bbox: bbox.join(','),
      width: String(width),
      height: String(height),
      format: 'image/png',
      transparent: 'true',
    },
  );
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f3f1ec';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(await loadImage(png), 0, 0);
  const toPixel = ([x, y]: number[]) => [
    ((x - bbox[0]) / (bbox[2] - bbox[0])) * width,
    ((bbox[3] - y) / (bbox[3] - bbox[1])) * height,
  ];
  highlight(ctx, JSON.parse(row.geometry) as { type: string; coordinates: unknown }, toPixel);

  const metresPerPixel =
    ((bbox[2] - bbox[0]) / width) * Math.cos((mercatorToLat((bbox[1] + bbox[3]) / 2) * Math.PI) / 180);
  const scaleBarMetres = roundLength(metresPerPixel * 200);
  const barPx = scaleBarMetres / metresPerPixel;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(16, height - 40, barPx + 16, 24);
  ctx.fillStyle = '#1f2933';
  ctx.fillRect(24, height - 30, barPx, 6);
  ctx.strokeStyle = '#9aa5b1';
  ctx.lineWidth = 2;
  ctx.strokeRect(1, 1, width - 2, height - 2);
  return { png: await canvas.encode('png'), scaleBarMetres };
}
