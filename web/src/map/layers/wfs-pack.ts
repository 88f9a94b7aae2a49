import { fromEPSG4326 } from 'ol/proj/epsg3857';

/**
 * Reading WFS GeoJSON pages into packed points, with no DOM and no OL objects, so it runs in a
 * worker (wfs-worker.ts) as well as on the main thread.
 */

/** A feature of a WFS GeoJSON page. */
export interface GeoJsonFeature {
  type?: string;
  id?: string | number;
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

export interface Page {
  numberMatched?: number;
  features: GeoJsonFeature[];
}

type Properties = Record<string, unknown> | null | undefined;

/**
 * A layer's points as x,y pairs in EPSG:3857 with their ids, and their properties as an index into a
 * table of the distinct ones (a large layer's points share a few systems); features of other
 * geometries stay GeoJSON.
 */
export interface PackedLayer {
  coords: Float64Array;
  ids: Array<string | number | undefined>;
  propIndex: Uint32Array;
  propTable: Properties[];
  others: GeoJsonFeature[];
}

const isLonLat = (c: unknown): c is number[] =>
  Array.isArray(c) && c.length >= 2 && typeof c[0] === 'number' && typeof c[1] === 'number';

/** Packs the features of one page (EPSG:4326) in page order. */
export function packPage(features: GeoJsonFeature[]): PackedLayer {
  const lonLat: number[] = [];
  const ids: PackedLayer['ids'] = [];
  const propIndex: number[] = [];
  const propTable: Properties[] = [];
  const byKey = new Map<string, number>();
  const others: GeoJsonFeature[] = [];
  for (const f of features) {
    const coordinates = f.geometry?.type === 'Point' ? f.geometry.coordinates : undefined;
    if (!isLonLat(coordinates)) {
      others.push(f);
      continue;
    }
    lonLat.push(coordinates[0], coordinates[1]);
    ids.push(f.id);
    const key = f.properties ? JSON.stringify(f.properties) : String(f.properties);
    let k = byKey.get(key);
    if (k === undefined) byKey.set(key, (k = propTable.push(f.properties) - 1));
    propIndex.push(k);
  }
  const coords = Float64Array.from(lonLat);
  fromEPSG4326(coords as unknown as number[], coords as unknown as number[], 2);
  return { coords, ids, propIndex: Uint32Array.from(propIndex), propTable, others };
}

/** Pages as one layer, in page order (their property tables merged). */
export function joinPacked(pages: PackedLayer[]): PackedLayer {
  const count = pages.reduce((n, p) => n + p.ids.length, 0);
  const coords = new Float64Array(count * 2);
  const propIndex = new Uint32Array(count);
  const propTable: Properties[] = [];
  const byKey = new Map<string, number>();
  let at = 0;
  for (const p of pages) {
    coords.set(p.coords, at * 2);
    const remap = p.propTable.map((props) => {
      const key = props ? JSON.stringify(props) : String(props);
      let k = byKey.get(key);
      if (k === undefined) byKey.set(key, (k = propTable.push(props) - 1));
      return k;
    });
    for (let i = 0; i < p.propIndex.length; i++) propIndex[at + i] = remap[p.propIndex[i]];
    at += p.ids.length;
  }
  return { coords, ids: pages.flatMap((p) => p.ids), propIndex, propTable, others: pages.flatMap((p) => p.others) };
}

/**
 * All features of a layer, packed, or `tooMany` when it has more than `limit`. The first page tells
 * the total; the others are then requested in parallel, each packed as it arrives.
 */
export async function loadPacked(
  page: (index: number) => Promise<Page>,
  pageSize: number,
  limit: number,
): Promise<PackedLayer | 'tooMany'> {
  const first = await page(0);
  const total = first.numberMatched ?? first.features.length;
  if (total > limit) return 'tooMany';
  const rest = Array.from({ length: Math.max(0, Math.ceil(total / pageSize) - 1) }, (_, i) =>
    page(i + 1).then((p) => packPage(p.features)),
  );
  rest.forEach((p) => p.catch(() => undefined));
  const firstPacked = packPage(first.features);
  return joinPacked([firstPacked, ...(await Promise.all(rest))]);
}
