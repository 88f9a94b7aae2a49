import { useEffect, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import Graticule from 'ol/layer/Graticule';
import TileLayer from 'ol/layer/Tile';
import { Stroke, Text, Fill } from 'ol/style';
import { useMap } from '../ol/MapContext';
import { loadAtlas } from './load-atlas';
import { TILES_CLASS, createOfflineLayers } from './offline-layers';
import { providerSource } from './providers';
import { forgetUnreachable, recentlyUnreachable, rememberUnreachable } from './tile-reachability';
import { useMapSettings } from './use-map-settings';
import { showSnack } from '../../app/snackbar-store';

/** After this many tile failures with no tile loaded, the provider is treated as unreachable. */
const FAILURES_BEFORE_OFFLINE = 6;

/**
 * The basemap: the offline countries and states always underneath, the provider's tiles on top
 * (transparent where they fail, so the offline map shows through), and the coordinate grid map type.
 */
export function Basemap({ onAttribution }: { onAttribution: (provider: string | null) => void }) {
  const map = useMap();
  const appMode = useTheme().palette.mode;
  const { provider, type, theme, keys } = useMapSettings();
  // The offline basemap has a dark palette of its own: the dark map theme uses it rather than a filter.
  const mode = theme === 'dark' ? 'dark' : appMode;
  // Without a network (no internet on this machine, a field laptop offline) tile requests only fail:
  // skip them while the browser says it is offline, and stop asking after repeated failures with no
  // success, so the console, the loading indicator and the tests are not flooded. A provider, type or
  // connectivity change tries again.
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const [unreachable, setUnreachable] = useState(() => recentlyUnreachable(provider));

  useEffect(() => {
    const on = () => {
      forgetUnreachable();
      setOnline(true);
      setUnreachable(false);
    };
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  useEffect(() => {
    let layers: ReturnType<typeof createOfflineLayers> = [];
    let cancelled = false;
    loadAtlas()
      .then((atlas) => {
        if (cancelled) return;
        layers = createOfflineLayers(atlas, mode);
        layers.forEach((l) => map.addLayer(l));
      })
      .catch((err: unknown) => console.error('offline basemap could not load', err));
    return () => {
      cancelled = true;
      layers.forEach((l) => map.removeLayer(l));
    };
  }, [map, mode]);

  useEffect(
    () => setUnreachable(recentlyUnreachable(provider)),
    [provider, type, keys.bingMapsKey, keys.googleMapsKey],
  );

  const tilesOn = online && !unreachable && provider !== 'MAP_OFFLINE';
  useEffect(() => {
    // Without the provider's tiles the offline basemap is what shows, with its own sources' credit.
    onAttribution(tilesOn ? provider : 'MAP_OFFLINE');
    if (!tilesOn) return;
    const source = providerSource(provider, type, keys);
    if (!source) return;
    let failures = 0;
    let loaded = 0;
    source.on('tileloadend', () => {
      loaded += 1;
    });
    source.on('tileloaderror', () => {
      failures += 1;
      // Tile errors are only logged (spec 3 §8).
      if (failures === 1) console.info(`map tiles of ${provider} failed to load; the offline basemap shows through`);
      if (loaded === 0 && failures === FAILURES_BEFORE_OFFLINE) {
        // Said once, then remembered: the next loads go straight to the offline basemap for a while.
        rememberUnreachable(provider);
        showSnack('app.map.tiles.offline', 'info');
        setUnreachable(true);
      }
    });
    const layer = new TileLayer({ source, className: TILES_CLASS, zIndex: -20, preload: 0 });
    layer.set('fieldbookBasemap', true);
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      source.dispose();
    };
  }, [map, provider, type, keys, tilesOn, onAttribution]);

  useEffect(() => {
    if (type !== 'grid') return;
    const dark = mode === 'dark';
    const grid = new Graticule({
      zIndex: -10,
      showLabels: true,
      wrapX: false,
      strokeStyle: new Stroke({
        color: dark ? 'rgba(200,230,220,0.45)' : 'rgba(20,60,50,0.45)',
        width: 1,
        lineDash: [2, 4],
      }),
      lonLabelStyle: new Text({
        font: '11px system-ui, sans-serif',
        textBaseline: 'bottom',
        fill: new Fill({ color: dark ? '#dce8e4' : '#17312a' }),
        stroke: new Stroke({ color: dark ? '#0e1920' : '#ffffff', width: 3 }),
      }),
      latLabelStyle: new Text({
        font: '11px system-ui, sans-serif',
        textAlign: 'end',
        fill: new Fill({ color: dark ? '#dce8e4' : '#17312a' }),
        stroke: new Stroke({ color: dark ? '#0e1920' : '#ffffff', width: 3 }),
      }),
    });
    map.addLayer(grid);
    return () => {
      map.removeLayer(grid);
    };
  }, [map, type, mode]);

  return null;
}
