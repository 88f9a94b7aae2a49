import { useEffect, useEffectEvent } from 'react';
import TileLayer from 'ol/layer/Tile';
import TileWMS from 'ol/source/TileWMS';
import WMTS, { optionsFromCapabilities } from 'ol/source/WMTS';
import WMTSCapabilities from 'ol/format/WMTSCapabilities';
import { FOLDER_TYPES } from '@fieldbook/domain';
import { allFolders, type Layer, type Project } from '../../api/projects';
import { useMap } from '../ol/MapContext';
import { useSelectedLayers } from '../project-panel/layer-toggles';
import { authorizedFetch, proxiedTileLoad, storeProxyPath } from './proxy-tiles';

/** External services sit under the project's own layers. */
const EXTERNAL_Z = -1;

async function wmtsSource(projectId: string, layer: Layer): Promise<WMTS | null> {
  const proxy = storeProxyPath(projectId, layer.referenceId!);
  const res = await authorizedFetch(`${proxy}?SERVICE=WMTS&REQUEST=GetCapabilities`);
  if (!res.ok) return null;
  const caps = new WMTSCapabilities().read(await res.text());
  const options =
    optionsFromCapabilities(caps, { layer: layer.serverName!, projection: 'EPSG:3857' }) ??
    optionsFromCapabilities(caps, { layer: layer.serverName! });
  if (!options) return null;
  // Tiles come through the proxy with KVP requests, whatever encoding the service advertised.
  return new WMTS({
    ...options,
    urls: [proxy],
    requestEncoding: 'KVP',
    tileLoadFunction: proxiedTileLoad,
    crossOrigin: undefined,
  });
}

/**
 * Draws the switched-on layers of external WMS (TileWMS) and WMTS services of the current project,
 * through the server proxy that adds the stored credentials (spec 3 §5, §7).
 */
export function ExternalLayers({ project }: { project: Project | undefined }) {
  const map = useMap();
  const selected = useSelectedLayers(project?.id ?? null);
  const layers = allFolders(project)
    .filter((f) => f.folderType === FOLDER_TYPES.wms || f.folderType === FOLDER_TYPES.wmts)
    .flatMap((f) => f.layers.map((l) => ({ layer: l, wmts: f.folderType === FOLDER_TYPES.wmts })))
    .filter(({ layer }) => selected.includes(layer.id) && layer.referenceId && layer.serverName);
  const key = layers.map(({ layer }) => layer.id).join(',');
  const projectId = project?.id;
  // `layers` is a new array on every render; the key names exactly the drawn layers, so the effect runs
  // when it changes and reads the layers as they are then.
  const drawnLayers = useEffectEvent(() => layers);

  useEffect(() => {
    const drawn = drawnLayers();
    if (!projectId || !drawn.length) return;
    let cancelled = false;
    const added: TileLayer[] = [];
    for (const { layer, wmts } of drawn) {
      const add = (source: TileWMS | WMTS | null) => {
        if (cancelled || !source) return;
        const tile = new TileLayer({
          source,
          zIndex: EXTERNAL_Z,
          properties: { fieldbookLayerId: layer.id, fieldbookMethod: wmts ? 'WMTS' : 'WMS' },
        });
        added.push(tile);
        map.addLayer(tile);
      };
      if (wmts)
        void wmtsSource(projectId, layer).then(add, (err: unknown) => console.info('WMTS capabilities failed', err));
      else
        add(
          new TileWMS({
            url: storeProxyPath(projectId, layer.referenceId!),
            params: { LAYERS: layer.serverName, STYLES: '', FORMAT: 'image/png', TRANSPARENT: true, VERSION: '1.3.0' },
            projection: 'EPSG:3857',
            tileLoadFunction: proxiedTileLoad,
            transition: 0,
          }),
        );
    }
    return () => {
      cancelled = true;
      for (const tile of added) map.removeLayer(tile);
    };
  }, [map, projectId, key]);

  return null;
}
