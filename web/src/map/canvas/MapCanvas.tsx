import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { usePreferences } from '../../app/preferences-store';
import { Basemap } from '../basemap/Basemap';
import { LegendCard } from '../controls/LegendCard';
import { MapPrefsCard } from '../basemap/MapPrefsCard';
import type { MapTheme } from '../basemap/map-prefs';
import { OFFLINE_CLASS, TILES_CLASS } from '../basemap/offline-layers';
import { providerAttribution } from '../basemap/providers';
import { useMapSettings } from '../basemap/use-map-settings';
import { ViewPersistence } from '../basemap/ViewPersistence';
import { CoordinateReadout } from '../controls/CoordinateReadout';
import { LoadingIndicator } from '../controls/LoadingIndicator';
import { MapControls } from '../controls/MapControls';
import { MeasurePanel } from '../controls/MeasurePanel';
import { OverviewMap } from '../controls/OverviewMap';
import { useMap } from '../ol/MapContext';
import { useViewState } from '../ol/view';
import { PlaceSearch } from '../place-search/PlaceSearch';
import { useMapStore } from '../state/map-store';
import type { MapProvider } from '../basemap/map-prefs';

/**
 * Map themes of the preferences card, applied as CSS filters on the basemap layers only (project
 * layers keep their colours). The offline basemap switches to its dark palette instead of inverting.
 */
const TILE_FILTERS: Record<MapTheme, string> = {
  none: 'none',
  dark: 'invert(1) hue-rotate(180deg) brightness(0.95) contrast(0.9)',
  mono: 'grayscale(1) contrast(0.95) brightness(1.05)',
};
const OFFLINE_FILTERS: Record<MapTheme, string> = { none: 'none', dark: 'none', mono: TILE_FILTERS.mono };

/**
 * The map viewport: OpenLayers renders into the box; the basemap, view persistence, controls, place
 * search, measuring tool, coordinate readout and loading indicator sit over it.
 */
export function MapCanvas() {
  const map = useMap();
  const target = useRef<HTMLDivElement>(null);
  const showControls = usePreferences((s) => s.prefs.showMapUIControls);
  const measuring = useMapStore((s) => s.mode.type === 'measure');
  const { theme } = useMapSettings();
  const view = useViewState(map);
  // One card at a time beside the controls: the map preferences or the legend.
  const [card, setCard] = useState<'prefs' | 'legend' | null>(null);
  const prefsOpen = card === 'prefs';
  // The secondary view starts open where there is room for it (not on a phone).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [overviewOpen, setOverviewOpen] = useState(!phone);
  const [tileProvider, setTileProvider] = useState<MapProvider | null>(null);
  const onAttribution = useCallback((p: string | null) => setTileProvider(p as MapProvider | null), []);
  const endMeasure = useCallback(() => {
    if (useMapStore.getState().mode.type === 'measure') useMapStore.getState().setMode({ type: 'idle' });
  }, []);

  useEffect(() => {
    map.setTarget(target.current ?? undefined);
    return () => map.setTarget(undefined);
  }, [map]);

  const overlay = { position: 'absolute', zIndex: 2 } as const;
  // On a phone the search box takes the whole top row and the controls sit under it at the right, so
  // neither the controls nor their tooltips (to their left) cover the search box.
  const controlsTop = { xs: 60, sm: 8 };
  return (
    <>
      <Box
        ref={target}
        data-testid="map-view"
        data-lat={view.lat.toFixed(6)}
        data-lng={view.lng.toFixed(6)}
        data-zoom={view.zoom.toFixed(2)}
        sx={{
          position: 'absolute',
          inset: 0,
          [`& .${TILES_CLASS}`]: { filter: TILE_FILTERS[theme] },
          [`& .${OFFLINE_CLASS}`]: { filter: OFFLINE_FILTERS[theme] },
        }}
      />
      <Basemap onAttribution={onAttribution} />
      <ViewPersistence />
      <LoadingIndicator />
      {showControls && (
        <>
          <Box data-map-overlay sx={{ ...overlay, top: 8, left: 8, width: { xs: 'calc(100% - 16px)', sm: 320 } }}>
            <PlaceSearch />
            {measuring && (
              <Box sx={{ mt: 1 }}>
                <MeasurePanel onClose={endMeasure} />
              </Box>
            )}
          </Box>
          <Box data-map-overlay sx={{ ...overlay, top: controlsTop, right: 8 }}>
            <MapControls
              prefsOpen={prefsOpen}
              onTogglePrefs={() => setCard((c) => (c === 'prefs' ? null : 'prefs'))}
              legendOpen={card === 'legend'}
              onToggleLegend={() => setCard((c) => (c === 'legend' ? null : 'legend'))}
              overviewOpen={overviewOpen}
              onToggleOverview={() => setOverviewOpen((o) => !o)}
            />
          </Box>
          {overviewOpen && (
            <Box data-map-overlay sx={{ ...overlay, right: 8, bottom: 28 }}>
              <OverviewMap />
            </Box>
          )}
          {card !== null && (
            <Box
              sx={{
                ...overlay,
                zIndex: 4,
                top: controlsTop,
                right: 56,
                bottom: 32,
                maxWidth: 'calc(100% - 64px)',
                pointerEvents: 'none',
                '& > *': { pointerEvents: 'auto' },
              }}
            >
              {card === 'prefs' ? (
                <MapPrefsCard onClose={() => setCard(null)} />
              ) : (
                <LegendCard onClose={() => setCard(null)} />
              )}
            </Box>
          )}
        </>
      )}
      <Box data-map-overlay sx={{ ...overlay, left: 0, bottom: 0, maxWidth: '100%' }}>
        <CoordinateReadout attribution={tileProvider ? providerAttribution(tileProvider) : null} />
      </Box>
    </>
  );
}
