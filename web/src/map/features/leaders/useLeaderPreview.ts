import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { toLonLat } from 'ol/proj';
import type { Geometry } from '@fieldbook/domain';
import { useMap } from '../../ol/MapContext';
import { toOlGeometry } from '../geo';
import { leaderStyle } from './leader-style';

/** Shows the leader being edited and reports map clicks, which place its text end. */
export function useLeaderPreview(geometry: Geometry | null, metadata: string, onPlace: (lonLat: number[]) => void) {
  const map = useMap();
  const source = useRef(new VectorSource());
  const onPlaceRef = useRef(onPlace);
  onPlaceRef.current = onPlace;

  useEffect(() => {
    const layer = new VectorLayer({ source: source.current, style: leaderStyle, zIndex: 960 });
    const click = (e: MapBrowserEvent) => onPlaceRef.current(toLonLat(e.coordinate));
    map.addLayer(layer);
    map.on('singleclick', click);
    return () => {
      map.un('singleclick', click);
      map.removeLayer(layer);
    };
  }, [map]);

  useEffect(() => {
    source.current.clear();
    if (!geometry) return;
    const f = new Feature(toOlGeometry(geometry));
    f.set('metadata', metadata);
    source.current.addFeature(f);
  }, [geometry, metadata]);
}
