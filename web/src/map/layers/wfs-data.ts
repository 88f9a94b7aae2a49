import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { apiFetch, type QueryValue } from '../../api/client';
import { layerServicePath, type Layer } from '../../api/projects';
import { useSession } from '../../api/session';
import { MAP_DEFAULTS } from '../ol/map-defaults';

const BASE = { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature' } as const;

/**
 * A WFS request that can be abandoned (a layer switched off or reloaded mid-way must not keep the
 * server busy with pages nobody will draw). A 401 goes through apiFetch, which renews the session.
 */
async function wfs(layer: Layer, query: Record<string, QueryValue>, signal: AbortSignal): Promise<unknown> {
  const { session, orgId } = useSession.getState();
  const params = new URLSearchParams(Object.entries({ ...query, ...(orgId ? { orgId } : {}) }).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${layerServicePath(layer, 'wfs')}?${params}`, { signal, headers: session ? { Authorization: `Bearer ${session.idToken}` } : {} });
  if (res.status === 401) return apiFetch(layerServicePath(layer, 'wfs'), { query });
  if (!res.ok) throw new Error(`WFS ${res.status} for layer ${layer.id}`);
  return res.json();
}

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/**
 * The map draws features from their geometry and system (its colour); the feature panel loads the
 * whole feature when one is selected, so pages carry just these and stay a fraction of the size.
 */
const DRAWN_PROPERTIES = 'geometry,system';

interface Page { numberMatched?: number; features: unknown[] }

/**
 * All features of a layer as OpenLayers features in the map projection, or `tooMany` when the layer
 * has more than `limit` (it is then drawn from server tiles, spec 3 §4). The first page (3000, spec 3
 * §9) tells the total; the others are then requested in parallel. The data comes in EPSG:4326
 * (reprojecting in the browser is cheap and works on every database the server runs on). Feature ids
 * stay as the server gives them ("point.42").
 */
export async function loadFeatures(layer: Layer, limit: number, signal: AbortSignal): Promise<Feature[] | 'tooMany'> {
  const pageSize = MAP_DEFAULTS.wfsPageSize;
  const page = (i: number) =>
    wfs(layer, { ...BASE, outputFormat: 'application/json', propertyName: DRAWN_PROPERTIES, count: pageSize, startIndex: i * pageSize }, signal) as Promise<Page>;
  const first = await page(0);
  const total = first.numberMatched ?? first.features.length;
  if (total > limit) return 'tooMany';
  const rest = await Promise.all(Array.from({ length: Math.max(0, Math.ceil(total / pageSize) - 1) }, (_, i) => page(i + 1)));
  return [first, ...rest].flatMap((p) => format.readFeatures(p as object) as Feature[]);
}
