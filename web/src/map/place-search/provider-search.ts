import type { MapProvider } from '../basemap/map-prefs';
import type { MapKeys } from '../basemap/providers';
import type { Place } from './gazetteer';

type Extent = [number, number, number, number];
const finite = (...values: unknown[]) => values.every((v) => typeof v === 'number' && Number.isFinite(v));

interface BingResource {
  name?: string;
  point?: { coordinates?: number[] };
  /** [south, west, north, east]. */
  bbox?: number[];
}

/** Places of a Bing Maps Locations response. */
export function placesFromBing(json: unknown): Place[] {
  const resources = ((json as { resourceSets?: Array<{ resources?: BingResource[] }> })?.resourceSets?.[0]?.resources ??
    []) as BingResource[];
  return resources.flatMap((r): Place[] => {
    const [lat, lng] = r.point?.coordinates ?? [];
    if (!r.name || !finite(lat, lng)) return [];
    const b = r.bbox;
    const extent = b && b.length === 4 && finite(...b) ? ([b[1], b[0], b[3], b[2]] as Extent) : undefined;
    return [{ name: r.name, kind: 'place', center: [lng, lat], extent }];
  });
}

interface GoogleResult {
  formatted_address?: string;
  geometry?: {
    location?: { lat: number; lng: number };
    viewport?: { northeast: { lat: number; lng: number }; southwest: { lat: number; lng: number } };
  };
}

/** Places of a Google Geocoding response. */
export function placesFromGoogle(json: unknown): Place[] {
  const results = ((json as { results?: GoogleResult[] })?.results ?? []) as GoogleResult[];
  return results.flatMap((r): Place[] => {
    const at = r.geometry?.location;
    if (!r.formatted_address || !at || !finite(at.lat, at.lng)) return [];
    const v = r.geometry?.viewport;
    const extent =
      v && finite(v.southwest.lng, v.southwest.lat, v.northeast.lng, v.northeast.lat)
        ? ([v.southwest.lng, v.southwest.lat, v.northeast.lng, v.northeast.lat] as Extent)
        : undefined;
    return [{ name: r.formatted_address, kind: 'place', center: [at.lng, at.lat], extent }];
  });
}

/** Whether the provider has a place search of its own (a key is configured for it). */
export function hasProviderSearch(provider: MapProvider, keys: MapKeys): boolean {
  return (provider === 'MAP_BING' && !!keys.bingMapsKey) || (provider === 'MAP_GOOGLE' && !!keys.googleMapsKey);
}

/**
 * Searches places with the configured provider (the browser calls it directly with the operator's
 * key, as the provider's tiles do). Without a provider search there are no results.
 */
export async function searchWithProvider(
  query: string,
  provider: MapProvider,
  keys: MapKeys,
  signal?: AbortSignal,
): Promise<Place[]> {
  if (provider === 'MAP_BING' && keys.bingMapsKey) {
    const url = `https://dev.virtualearth.net/REST/v1/Locations?${new URLSearchParams({ query, maxResults: '5', key: keys.bingMapsKey })}`;
    return placesFromBing(await (await fetch(url, { signal })).json());
  }
  if (provider === 'MAP_GOOGLE' && keys.googleMapsKey) {
    const url = `https://maps.googleapis.com/maps/api/geocode/json?${new URLSearchParams({ address: query, key: keys.googleMapsKey })}`;
    return placesFromGoogle(await (await fetch(url, { signal })).json());
  }
  return [];
}
