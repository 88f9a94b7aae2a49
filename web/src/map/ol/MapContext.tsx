import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import { fromLonLat } from 'ol/proj';
import { MAP_DEFAULTS } from './map-defaults';

const MapContext = createContext<OlMap | null>(null);

/**
 * One OpenLayers map for the map screen, built once (docs/architecture.md). Components add their
 * layers and interactions to it in effects and remove them on unmount; React state holds ids and
 * GeoJSON, never OpenLayers objects.
 */
export function MapProvider({ children }: { children: ReactNode }) {
  const [map] = useState(
    () =>
      new OlMap({
        controls: [],
        interactions: defaultInteractions(),
        view: new View({
          center: fromLonLat([MAP_DEFAULTS.center.lng, MAP_DEFAULTS.center.lat]),
          zoom: MAP_DEFAULTS.zoom,
          minZoom: MAP_DEFAULTS.minZoom,
          maxZoom: MAP_DEFAULTS.maxZoom,
        }),
      }),
  );
  useEffect(() => () => map.setTarget(undefined), [map]);
  return <MapContext.Provider value={map}>{children}</MapContext.Provider>;
}

export function useMap(): OlMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap outside MapProvider');
  return map;
}
