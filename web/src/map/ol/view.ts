import type OlMap from 'ol/Map';
import { fromLonLat, toLonLat } from 'ol/proj';
import { useEffect, useState } from 'react';

export interface ViewState {
  lat: number;
  lng: number;
  zoom: number;
}

/** The map's centre (WGS84) and zoom now. */
export function viewState(map: OlMap): ViewState {
  const view = map.getView();
  const [lng, lat] = toLonLat(view.getCenter() ?? [0, 0]);
  return { lat, lng, zoom: view.getZoom() ?? 0 };
}

/** Centres the map on a WGS84 position, optionally at a zoom, animated unless `instant`. */
export function centreOn(map: OlMap, lat: number, lng: number, zoom?: number, instant = false) {
  const center = fromLonLat([lng, lat]);
  const view = map.getView();
  if (instant) {
    view.setCenter(center);
    if (zoom !== undefined) view.setZoom(zoom);
    return;
  }
  view.animate({ center, zoom: zoom ?? view.getZoom(), duration: 400 });
}

/** The view after each move (pan, zoom) ends. */
export function useViewState(map: OlMap): ViewState {
  const [state, setState] = useState(() => viewState(map));
  useEffect(() => {
    const update = () => setState(viewState(map));
    map.on('moveend', update);
    return () => map.un('moveend', update);
  }, [map]);
  return state;
}
