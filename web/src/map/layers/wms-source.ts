import type ImageTile from 'ol/ImageTile';
import TileState from 'ol/TileState';
import type Tile from 'ol/Tile';
import TileWMS from 'ol/source/TileWMS';
import { createXYZ } from 'ol/tilegrid';
import { layerServicePath, type Layer } from '../../api/projects';
import { useSession } from '../../api/session';
import { MAP_DEFAULTS } from '../ol/map-defaults';

/** A failed tile is asked for once more after this delay (spec 3 §9 WMS retry). */
const RETRY_MS = 500;

/** Loads a tile with the session's ID token and organization, shown through a blob URL. */
function authorizedTileLoad(tile: Tile, src: string) {
  const image = (tile as ImageTile).getImage() as HTMLImageElement;
  const { session, orgId } = useSession.getState();
  const url = new URL(src, window.location.origin);
  if (orgId) url.searchParams.set('orgId', orgId);
  const attempt = (retry: boolean) =>
    fetch(url, { headers: session ? { Authorization: `Bearer ${session.idToken}` } : {} })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`WMS tile ${res.status}`))))
      .then((blob) => {
        const objectUrl = URL.createObjectURL(blob);
        image.addEventListener('load', () => URL.revokeObjectURL(objectUrl), { once: true });
        image.addEventListener('error', () => URL.revokeObjectURL(objectUrl), { once: true });
        image.src = objectUrl;
      })
      .catch((err: unknown) => {
        if (retry) {
          setTimeout(() => void attempt(false), RETRY_MS);
          return;
        }
        // Tile errors are only logged (spec 3 §8).
        console.info('WMS tile failed', err);
        tile.setState(TileState.ERROR);
      });
  void attempt(true);
}

/** Server-rendered 256 px PNG tiles of a layer (WMS 1.3.0 GetMap, EPSG:3857), for large or WMS layers. */
export function wmsTileSource(layer: Layer): TileWMS {
  return new TileWMS({
    url: layerServicePath(layer, 'wms'),
    params: { LAYERS: layer.id, STYLES: '', FORMAT: 'image/png', TRANSPARENT: true, TILED: true, VERSION: '1.3.0' },
    projection: 'EPSG:3857',
    tileGrid: createXYZ({ tileSize: MAP_DEFAULTS.tileSize, maxZoom: MAP_DEFAULTS.maxZoom }),
    tileLoadFunction: authorizedTileLoad,
    transition: 0,
  });
}
