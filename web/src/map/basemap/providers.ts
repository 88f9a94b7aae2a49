import BingMaps from 'ol/source/BingMaps';
import Google from 'ol/source/Google';
import OSM from 'ol/source/OSM';
import type TileSource from 'ol/source/Tile';
import type { MapProvider, MapType } from './map-prefs';

export interface MapKeys {
  bingMapsKey?: string;
  googleMapsKey?: string;
}

/** Which providers the user may choose: Bing and Google only when the operator configured a key (spec 3 §2). */
export function availableProviders(keys: MapKeys): MapProvider[] {
  return [
    'MAP_OSM',
    ...(keys.bingMapsKey ? ['MAP_BING' as const] : []),
    ...(keys.googleMapsKey ? ['MAP_GOOGLE' as const] : []),
    'MAP_OFFLINE',
  ];
}

/** A chosen provider whose key is no longer configured falls back to OSM. */
export function effectiveProvider(provider: MapProvider, keys: MapKeys): MapProvider {
  return availableProviders(keys).includes(provider) ? provider : 'MAP_OSM';
}

/**
 * The map type a provider really shows: OSM has only its road map, so satellite, hybrid and terrain
 * fall back to it; Bing has no terrain and shows its road map instead. The coordinate grid is drawn over
 * the road map. The offline basemap has no types.
 */
export function shownType(provider: MapProvider, type: MapType): MapType | null {
  if (provider === 'MAP_OFFLINE') return null;
  if (type === 'grid') return 'roadmap';
  if (provider === 'MAP_OSM') return 'roadmap';
  if (provider === 'MAP_BING' && type === 'terrain') return 'roadmap';
  return type;
}

const BING_IMAGERY: Record<string, string> = {
  satellite: 'Aerial',
  hybrid: 'AerialWithLabelsOnDemand',
  roadmap: 'RoadOnDemand',
};

/** The tile source of a provider and map type, or null for the offline basemap alone. */
export function providerSource(provider: MapProvider, type: MapType, keys: MapKeys): TileSource | null {
  const shown = shownType(provider, type);
  if (!shown) return null;
  if (provider === 'MAP_BING' && keys.bingMapsKey) {
    return new BingMaps({ key: keys.bingMapsKey, imagerySet: BING_IMAGERY[shown] ?? 'RoadOnDemand', maxZoom: 19 });
  }
  if (provider === 'MAP_GOOGLE' && keys.googleMapsKey) {
    // Google's hybrid is satellite with the road layer on top; terrain needs the road layer too.
    const mapType = shown === 'hybrid' ? 'satellite' : shown;
    const layerTypes = shown === 'hybrid' || shown === 'terrain' ? ['layerRoadmap'] : undefined;
    return new Google({ key: keys.googleMapsKey, mapType, layerTypes, highDpi: true, scale: 'scaleFactor2x' });
  }
  return new OSM();
}

/** Attribution shown under the map for the provider's tiles. */
export function providerAttribution(provider: MapProvider): string | null {
  if (provider === 'MAP_OSM') return '© OpenStreetMap contributors';
  if (provider === 'MAP_BING') return '© Microsoft Bing Maps';
  if (provider === 'MAP_GOOGLE') return '© Google';
  // The offline basemap: water from OpenStreetMap (ODbL), places from GeoNames (CC BY), Natural Earth.
  if (provider === 'MAP_OFFLINE') return '© OpenStreetMap contributors, GeoNames, Natural Earth';
  return null;
}
