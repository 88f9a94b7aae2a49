import { useEffect, useRef } from 'react';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import GeoJSON from 'ol/format/GeoJSON';
import { LEADER_LIMITS } from '@fieldbook/domain';
import { useLeaders } from '../../../api/features';
import { useMap } from '../../ol/MapContext';
import { useMapStore } from '../../state/map-store';
import { leaderStyle } from './leader-style';

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/** The project's leaders, shown only above the leader zoom (spec 3 §4); marked so map clicks recognise them. */
export function LeaderLayer() {
  const map = useMap();
  const projectId = useMapStore((s) => s.projectId);
  const leaders = useLeaders(projectId).data;
  const source = useRef(new VectorSource());

  useEffect(() => {
    const layer = new VectorLayer({
      source: source.current,
      style: leaderStyle,
      minZoom: LEADER_LIMITS.zoomThreshold,
      zIndex: 800,
      declutter: false,
    });
    layer.set('fieldbookLeaders', true);
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map]);

  useEffect(() => {
    source.current.clear();
    if (leaders) source.current.addFeatures(format.readFeatures(leaders));
  }, [leaders]);

  return null;
}
