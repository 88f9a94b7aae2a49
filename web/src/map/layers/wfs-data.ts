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
async function wfs(layer: Layer, query: Record<string, QueryValue>, signal: AbortSignal, text: boolean): Promise<unknown> {
  const { session, orgId } = useSession.getState();
  const params = new URLSearchParams(Object.entries({ ...query, ...(orgId ? { orgId } : {}) }).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${layerServicePath(layer, 'wfs')}?${params}`, { signal, headers: session ? { Authorization: `Bearer ${session.idToken}` } : {} });
  if (res.status === 401) return apiFetch(layerServicePath(layer, 'wfs'), { query, text });
  if (!res.ok) throw new Error(`WFS ${res.status} for layer ${layer.id}`);
  return text ? res.text() : res.json();
}

/** How many features a layer has (WFS GetFeature resultType=hits). */
export async function countFeatures(layer: Layer, signal: AbortSignal): Promise<number> {
  const xml = (await wfs(layer, { ...BASE, resultType: 'hits' }, signal, true)) as string;
  const matched = /numberMatched="(\d+)"/.exec(xml ?? '');
  if (!matched) throw new Error(`no feature count for layer ${layer.id}`);
  return Number(matched[1]);
}

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/**
 * All features of a layer as OpenLayers features in the map projection: pages of 3000 (spec 3 §9)
 * requested in parallel. The data comes in EPSG:4326 (reprojecting in the browser is cheap and works on
 * every database the server runs on). Feature ids stay as the server gives them ("point.42").
 */
export async function loadFeatures(layer: Layer, total: number, signal: AbortSignal): Promise<Feature[]> {
  const pageSize = MAP_DEFAULTS.wfsPageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const results = await Promise.all(
    Array.from({ length: pages }, (_, i) => wfs(layer, { ...BASE, outputFormat: 'application/json', count: pageSize, startIndex: i * pageSize }, signal, false)),
  );
  return results.flatMap((page) => format.readFeatures(page as object) as Feature[]);
}
