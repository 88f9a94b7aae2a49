import { MAP_PROVIDERS, MAP_THEMES, MAP_TYPES, type Preferences } from '@fieldbook/domain';
import { MAP_DEFAULTS } from '../ol/map-defaults';

/** Map types and themes of the map preferences card (spec 3 §2); hybrid and no theme by default. The
 * lists live in the domain package, where the preferences schema checks them too. */
export { MAP_PROVIDERS, MAP_THEMES, MAP_TYPES };
export type MapType = (typeof MAP_TYPES)[number];
export type MapTheme = (typeof MAP_THEMES)[number];
export type MapProvider = (typeof MAP_PROVIDERS)[number];

/** What is stored in projectPrefs[i].mapPrefs (or, with no project, in the top-level mapCenter/zoomLevel/stylePrefs). */
export interface MapPrefs {
  type: MapType;
  theme: MapTheme;
  center?: { lat: number; lng: number };
  zoom?: number;
}

export interface MapView {
  center: { lat: number; lng: number };
  zoom: number;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  values.includes(v as T) ? (v as T) : fallback;

function asCenter(v: unknown): MapView['center'] | undefined {
  const raw = typeof v === 'string' ? safeJson(v) : v;
  if (!isObject(raw)) return undefined;
  const lat = Number(raw.lat);
  const lng = Number(raw.lng ?? raw.lon);
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
    ? { lat, lng }
    : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const asZoom = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? Math.min(MAP_DEFAULTS.maxZoom, Math.max(MAP_DEFAULTS.minZoom, v))
    : undefined;

/** The stored map preferences of a project (or the user's, with no project), with defaults for type and theme. */
export function readMapPrefs(prefs: Preferences, projectId: string | null): MapPrefs {
  const p = prefs as Preferences & Loose;
  const raw: Loose = projectId
    ? (prefs.projectPrefs?.find((e) => e.id === projectId)?.mapPrefs ?? {})
    : { ...(isObject(p.stylePrefs) ? p.stylePrefs : {}), center: p.mapCenter, zoom: p.zoomLevel };
  return {
    type: oneOf(MAP_TYPES, raw.type, 'hybrid'),
    theme: oneOf(MAP_THEMES, raw.theme, 'none'),
    center: asCenter(raw.center),
    zoom: asZoom(raw.zoom),
  };
}

/** The preferences patch that stores `patch` into the project's map preferences, keeping everything else. */
export function mapPrefsPatch(
  prefs: Preferences,
  projectId: string | null,
  patch: Partial<MapPrefs>,
): Partial<Preferences> {
  const next = { ...readMapPrefs(prefs, projectId), ...patch };
  if (!projectId) {
    const p = prefs as Preferences & Loose;
    return {
      stylePrefs: { ...(isObject(p.stylePrefs) ? p.stylePrefs : {}), type: next.type, theme: next.theme },
      mapCenter: next.center,
      zoomLevel: next.zoom,
    } as Partial<Preferences>;
  }
  const list = prefs.projectPrefs ?? [];
  const found = list.some((e) => e.id === projectId);
  const merge = (e: NonNullable<Preferences['projectPrefs']>[number]) => ({
    ...e,
    mapPrefs: { ...(e.mapPrefs ?? {}), ...next },
  });
  return {
    projectPrefs: found ? list.map((e) => (e.id === projectId ? merge(e) : e)) : [...list, merge({ id: projectId })],
  };
}

/**
 * Where the map opens for a project (spec 3 §3, §4): the view saved on map idle, else the project's
 * saved coordinate and zoom level, else the spec default (lat 38.67, lng -97.91, zoom 5).
 */
export function initialView(
  saved: MapPrefs,
  project?: { coordinate: string | null; zoomLevel: number | null } | null,
): MapView {
  if (saved.center) return { center: saved.center, zoom: saved.zoom ?? MAP_DEFAULTS.zoom };
  const projectCenter = project?.coordinate ? asCenter(project.coordinate) : undefined;
  if (projectCenter) return { center: projectCenter, zoom: asZoom(project?.zoomLevel) ?? MAP_DEFAULTS.zoom };
  return { center: { ...MAP_DEFAULTS.center }, zoom: MAP_DEFAULTS.zoom };
}

/** The provider the user chose (a top-level preference, spec 3 §3), OSM by default. */
export function readProvider(prefs: Preferences): MapProvider {
  return oneOf(MAP_PROVIDERS, (prefs as Preferences & Loose).provider, 'MAP_OSM');
}
