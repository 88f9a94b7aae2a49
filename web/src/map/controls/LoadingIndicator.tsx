import { useEffect, useState } from 'react';
import { LinearProgress } from '@mui/material';
import { useIntl } from 'react-intl';
import { useMap } from '../ol/MapContext';
import { useMapStore } from '../state/map-store';

/**
 * The loading indicator (spec 3 §2): on while layer data loads (map store) or while the map loads
 * tiles and images (OpenLayers' loadstart/loadend). Tests and the benchmark wait for it to go.
 */
export function LoadingIndicator() {
  const intl = useIntl();
  const map = useMap();
  const layerLoads = useMapStore((s) => s.loading);
  const [tiles, setTiles] = useState(false);

  useEffect(() => {
    const start = () => setTiles(true);
    const end = () => setTiles(false);
    map.on('loadstart', start);
    map.on('loadend', end);
    return () => {
      map.un('loadstart', start);
      map.un('loadend', end);
    };
  }, [map]);

  if (layerLoads === 0 && !tiles) return null;
  return (
    <LinearProgress
      aria-label={intl.formatMessage({ id: 'app.map.loading' })}
      data-testid="map-loading"
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 3 }}
    />
  );
}
