import type OlMap from 'ol/Map';
import type { Pixel } from 'ol/pixel';
import { featuresAtPixel } from '../../../api/features';
import { mvtFeatureId } from '../../layers/mvt-layer';

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
  map.forEachFeatureAtPixel(
    pixel,
    (f, layer) => {
      const id = f.getId();
      if (id === undefined || !layer) return false;
      if (layer.get('fieldbookLeaders') === true) {
        leader ??= { featureId: String(id), layerId: String(f.get('layer_id') ?? ''), leader: true };
        return false;
      }
      // Vector tiles carry the feature's number; the app's id also names its kind.
      const featureId =
        layer.get('fieldbookMethod') === 'MVT' ? mvtFeatureId(f, layer.get('fieldbookServerName')) : String(id);
      feature = { featureId, layerId: String(layer.get('fieldbookLayerId')), leader: false };
      return true;
    },
    {
      hitTolerance: TOLERANCE_PX,
      layerFilter: (l) => !!l.get('fieldbookLayerId') || l.get('fieldbookLeaders') === true,
    },
  );
  return feature ?? leader;
}

/** The hit tolerance in pixels, the same for drawn features and server tiles. */
const TOLERANCE_PX = 5;

/**
 * The top feature under a pixel in the layers the server draws as tiles (more than 50,000 features,
 * or WMS preferred): the map has no feature objects for them, so the server is asked (geo/info).
 */
export async function tileFeatureAt(map: OlMap, pixel: Pixel, projectId: string): Promise<Hit | null> {
  const size = map.getSize();
  const tiled = map
    .getAllLayers()
    // isVisible: a large layer's PNG tiles are off above the zoom its vector tiles take over from.
    .filter((l) => l.get('fieldbookMethod') === 'WMS-TILE' && l.isVisible(map.getView()) && l.get('fieldbookLayerId'))
    .sort((a, b) => (b.getZIndex() ?? 0) - (a.getZIndex() ?? 0));
  if (!size || tiled.length === 0) return null;
  const [minx, miny, maxx, maxy] = map.getView().calculateExtent(size);
  const { features } = await featuresAtPixel(projectId, {
    layerIds: tiled.map((l) => String(l.get('fieldbookLayerId'))),
    crs: 'EPSG:3857',
    bbox: [minx, miny, maxx, maxy],
    width: Math.round(size[0]),
    height: Math.round(size[1]),
    i: Math.round(pixel[0]),
    j: Math.round(pixel[1]),
    tolerance: TOLERANCE_PX,
    featureCount: 1,
  });
  const top = features[0];
  return top ? { featureId: top.id, layerId: top.layer_id, leader: false } : null;
}
