import type OlMap from 'ol/Map';
import type { Pixel } from 'ol/pixel';

export interface Hit {
  featureId: string;
  layerId: string;
  leader: boolean;
}

/**
 * The top feature under a pixel on a project layer (hit tolerance 5 px). Leaders point at features,
 * so their arrow overlaps what they label: a leader is chosen only where no feature is hit.
 */
export function featureAt(map: OlMap, pixel: Pixel): Hit | null {
  let leader: Hit | null = null;
  let feature: Hit | null = null;
  map.forEachFeatureAtPixel(pixel, (f, layer) => {
    const id = f.getId();
    if (id === undefined || !layer) return false;
    if (layer.get('fieldbookLeaders') === true) {
      leader ??= { featureId: String(id), layerId: String(f.get('layer_id') ?? ''), leader: true };
      return false;
    }
    feature = { featureId: String(id), layerId: String(layer.get('fieldbookLayerId')), leader: false };
    return true;
  }, { hitTolerance: 5, layerFilter: (l) => !!l.get('fieldbookLayerId') || l.get('fieldbookLeaders') === true });
  return feature ?? leader;
}
