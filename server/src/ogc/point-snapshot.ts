import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { latToMercator, lonLatBounds, type MapFrame } from './wms-params.js';
import type { PointClassRow } from './wms-query.js';

/**
 * A large point layer kept in memory as float32 lon/lat arrays sorted by longitude, one set per symbol
 * class, tagged with the layer's data version. Low-zoom tiles of a million points would scan the whole
 * layer in SQL (seconds); from the snapshot they take milliseconds. A snapshot is only used while the
 * layer's data version matches, so edits are seen at once (tiles fall back to SQL until a background
 * rebuild finishes). Built only for layers whose SQL tiles were slow.
 */
interface ClassPoints {
  systemId: string | null;
  componentId: string | null;
  lon: Float32Array;
  lat: Float32Array;
  mercY: Float32Array;
}
interface Snapshot {
  version: string;
  classes: ClassPoints[];
  count: number;
}

const MAX_POINTS_IN_MEMORY = 8_000_000;
const MIN_REBUILD_INTERVAL_MS = 5_000;
/** Finer than this (metres per pixel, about zoom 13) tiles read SQL: few rows, exact coordinates. */
const FINEST_RESOLUTION_M = 20;

const snapshots = new Map<string, Snapshot>();
const building = new Map<string, number>();
let enabled = true;

/** The benchmark turns snapshots off to measure the SQL path alone. */
export function setSnapshotsEnabled(on: boolean): void {
  enabled = on;
}

function resolutionMetres(frame: MapFrame): number {
  const perPixel = (frame.bbox[2] - frame.bbox[0]) / frame.width;
  return frame.crs === 'EPSG:3857' ? perPixel : perPixel * 111_320;
}

/** Sorts a class's coordinates by longitude, so a tile reads one contiguous range. */
function sortedClass(systemId: string | null, componentId: string | null, xy: Uint8Array): ClassPoints {
  const view = new DataView(xy.buffer, xy.byteOffset, xy.byteLength);
  const n = Math.floor(xy.byteLength / 8);
  const lon0 = new Float32Array(n);
  const lat0 = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    lon0[i] = view.getFloat32(i * 8);
    lat0[i] = view.getFloat32(i * 8 + 4);
  }
  const order = new Uint32Array(n).map((_, i) => i).sort((a, b) => lon0[a] - lon0[b]);
  const lon = new Float32Array(n);
  const lat = new Float32Array(n);
  const mercY = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const k = order[i];
    lon[i] = lon0[k];
    lat[i] = lat0[k];
    mercY[i] = latToMercator(lat0[k]);
  }
  return { systemId, componentId, lon, lat, mercY };
}

async function build(db: Executor, layerId: string): Promise<void> {
  // One statement: the version is read in the same snapshot as the points it describes.
  const r = await sql<{
    version: string;
    system_id: string | null;
    component_id: string | null;
    xy: Uint8Array | null;
    n: number | null;
  }>`
    SELECT l.data_version::text AS version, p.system_id, p.component_id, p.xy, p.n
    FROM layers l LEFT JOIN LATERAL (
      SELECT system_id, component_id, count(*)::int AS n,
             string_agg(float4send(ST_X(geom)::float4) || float4send(ST_Y(geom)::float4), ''::bytea) AS xy
      FROM features WHERE layer_id = l.id AND deleted_at IS NULL AND kind = 'point' GROUP BY system_id, component_id) p ON true
    WHERE l.id = ${layerId}`.execute(db);
  if (r.rows.length === 0) return;
  const count = r.rows.reduce((a, row) => a + (row.n ?? 0), 0);
  if (count > MAX_POINTS_IN_MEMORY) return;
  const classes = r.rows.filter((row) => row.xy).map((row) => sortedClass(row.system_id, row.component_id, row.xy!));
  snapshots.delete(layerId);
  snapshots.set(layerId, { version: r.rows[0].version, classes, count });
  let total = 0;
  for (const [id, s] of [...snapshots].reverse()) {
    total += s.count;
    if (total > MAX_POINTS_IN_MEMORY) snapshots.delete(id);
  }
}

/** Starts a background build unless one ran lately; a tile that was slow from SQL calls this. */
export function scheduleSnapshot(db: Executor, layerId: string, log?: (err: unknown) => void): void {
  if (!enabled) return;
  const last = building.get(layerId);
  if (last !== undefined && Date.now() - last < MIN_REBUILD_INTERVAL_MS) return;
  building.set(layerId, Date.now());
  build(db, layerId).catch((err) => log?.(err));
}

/** Builds and waits (the benchmark uses it to measure both paths). */
export async function buildSnapshotNow(db: Executor, layerId: string): Promise<void> {
  await build(db, layerId);
}

export function dropSnapshots(): void {
  snapshots.clear();
  building.clear();
}

/** Forgets the snapshots of some layers; their next slow tile builds a fresh one. */
export function dropSnapshotsOf(layerIds: Iterable<string>): void {
  for (const id of layerIds) {
    snapshots.delete(id);
    building.delete(id);
  }
}

export const snapshotUsable = (layerId: string, version: string, frame: MapFrame) =>
  snapshots.get(layerId)?.version === version && resolutionMetres(frame) >= FINEST_RESOLUTION_M;

/**
 * The snapshot's points in a frame, snapped to pixels and made distinct per class (or over all
 * classes when `byClass` is false), packed like the SQL path's rows; null when no snapshot fits.
 */
export function snapshotPixels(
  layerId: string,
  version: string,
  frame: MapFrame,
  marginPx: number,
  byClass: boolean,
): PointClassRow[] | null {
  const snap = snapshots.get(layerId);
  if (!enabled || !snap || snap.version !== version || resolutionMetres(frame) < FINEST_RESOLUTION_M) return null;
  const [west, south, east, north] = lonLatBounds(frame, marginPx);
  const [minx, miny, maxx, maxy] = frame.bbox;
  const sx = frame.width / (maxx - minx);
  const sy = frame.height / (maxy - miny);
  const mercator = frame.crs === 'EPSG:3857';
  const kx = mercator ? 20037508.342789244 / 180 : 1;
  const w = frame.width + 2 * marginPx;
  const h = frame.height + 2 * marginPx;
  let seen = new Uint8Array(w * h);
  const rows: PointClassRow[] = [];
  for (const c of snap.classes) {
    if (byClass) seen = new Uint8Array(w * h);
    let lo = 0;
    let hi = c.lon.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (c.lon[mid] < west) lo = mid + 1;
      else hi = mid;
    }
    const out = new Uint8Array(Math.min(c.lon.length - lo, w * h) * 4);
    const view = new DataView(out.buffer);
    let n = 0;
    for (let i = lo; i < c.lon.length && c.lon[i] <= east; i++) {
      const lat = c.lat[i];
      if (lat < south || lat > north) continue;
      const px = Math.floor((c.lon[i] * kx - minx) * sx);
      const py = Math.floor((maxy - (mercator ? c.mercY[i] : lat)) * sy);
      const cell = (py + marginPx) * w + (px + marginPx);
      if (cell < 0 || cell >= seen.length || px < -marginPx || px >= frame.width + marginPx || seen[cell]) continue;
      seen[cell] = 1;
      view.setInt16(n * 4, px);
      view.setInt16(n * 4 + 2, py);
      n++;
    }
    if (n > 0) rows.push({ system_id: c.systemId, component_id: c.componentId, xy: out.subarray(0, n * 4), n });
  }
  if (!byClass)
    return rows.length
      ? [
          {
            system_id: null,
            component_id: null,
            xy: concat(rows.map((r) => r.xy)),
            n: rows.reduce((a, r) => a + r.n, 0),
          },
        ]
      : [];
  return rows;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
