import type OlMap from 'ol/Map';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import { transformExtent } from 'ol/proj';
import { projectsApi, type LayerExtent } from '../../api/projects';
import { showSnack } from '../../app/snackbar-store';
import { showMarker } from '../ol/marker';
import { mapFitPadding } from './fit-padding';
import { MAP_DEFAULTS } from '../ol/map-defaults';
import { centreOn } from '../ol/view';

/**
 * Fits the map to a WGS84 extent [west, south, east, north], not closer than `maxZoom`, inside the part
 * of the map its controls and cards leave uncovered (fit-padding.ts).
 */
export function fitLonLatExtent(map: OlMap, extent: [number, number, number, number], maxZoom = 18, duration = 400) {
  map
    .getView()
    .fit(transformExtent(extent, 'EPSG:4326', 'EPSG:3857'), { padding: mapFitPadding(map), maxZoom, duration });
}

/** Zoom to extent: the union of the visible layers' extents (POST /rest/projects/layerExtents). */
export async function zoomToLayers(map: OlMap, layerIds: string[]) {
  const extents = layerIds.length ? await projectsApi.layerExtents(layerIds).catch(() => ({})) : {};
  const list = Object.values(extents as Record<string, LayerExtent | null>);
  const all = createEmpty();
  for (const e of list) if (e) extend(all, [e.minx, e.miny, e.maxx, e.maxy]);
  if (isEmpty(all)) {
    showSnack('app.map.extent.none', 'info');
    return;
  }
  fitLonLatExtent(map, all as [number, number, number, number]);
}

/** Go to current location: the browser's position at zoom 15 with a marker, or a message when there is none. */
export function goToCurrentLocation(map: OlMap) {
  const fail = () => showSnack('app.map.geolocation.none', 'warning');
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    fail();
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => {
      const { latitude, longitude } = position.coords;
      centreOn(map, latitude, longitude, MAP_DEFAULTS.coordinateSearchZoom);
      showMarker(map, latitude, longitude);
    },
    fail,
    { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
  );
}

/** Animated zoom by one step, kept within the view's limits. */
export function zoomBy(map: OlMap, delta: number) {
  const view = map.getView();
  const zoom = view.getConstrainedZoom((view.getZoom() ?? MAP_DEFAULTS.zoom) + delta);
  if (zoom !== undefined) view.animate({ zoom, duration: 250 });
}
