import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { useMap } from '../ol/MapContext';

/** The map viewport: OpenLayers renders into this box (basemap, layers, controls come with the map core). */
export function MapCanvas() {
  const map = useMap();
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    map.setTarget(target.current ?? undefined);
    return () => map.setTarget(undefined);
  }, [map]);
  return <Box ref={target} sx={{ position: 'absolute', inset: 0 }} />;
}
