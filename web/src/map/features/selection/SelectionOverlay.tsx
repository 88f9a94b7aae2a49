import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type OlMap from 'ol/Map';
import type { Geometry as OlGeometry } from 'ol/geom';
import { useFeature } from '../../../api/features';
import { useMap } from '../../ol/MapContext';
import { useMapStore } from '../../state/map-store';
import { toOlGeometry, vertices } from '../geo';
import { currentVertexStyle, joinStyle, selectedStyle } from '../styles';
import { useWorkspace } from '../workspace-store';

/** A feature drawn by a project layer, found by its id ("point.42") in the layers' vector sources. */
function mapGeometry(map: OlMap, featureId: string): OlGeometry | undefined {
  for (const layer of map.getAllLayers()) {
    if (!layer.get('fieldbookLayerId')) continue;
    const source = layer.getSource();
    if (source instanceof VectorSource) {
      const f = source.getFeatureById(featureId);
      const g = f?.getGeometry();
      if (g) return g.clone() as OlGeometry;
    }
  }
  return undefined;
}

/**
 * Our own overlay: a highlighted copy of the selected feature (spec 3 §4 selected state), the current
 * vertex of the pedigree arrows, and the features chosen for a join. Hidden while the geometry is edited.
 */
export function SelectionOverlay() {
  const map = useMap();
  const selection = useMapStore((s) => s.selection);
  const mode = useMapStore((s) => s.mode);
  const vertex = useWorkspace((s) => s.vertex);
  const feature = useFeature(selection?.featureId).data;
  const source = useRef(new VectorSource());

  useEffect(() => {
    const layer = new VectorLayer({ source: source.current, zIndex: 900 });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map]);

  useEffect(() => {
    const s = source.current;
    s.clear();
    const editing = mode.type === 'edit';
    if (selection && feature && feature.id === selection.featureId && !editing) {
      const highlighted = new Feature(toOlGeometry(feature.geometry));
      highlighted.setStyle(selectedStyle);
      s.addFeature(highlighted);
      const all = vertices(feature.geometry);
      if (all.length > 1 && all[vertex]) {
        const marker = new Feature(toOlGeometry({ type: 'Point', coordinates: all[vertex] }));
        marker.setStyle(currentVertexStyle);
        s.addFeature(marker);
      }
    }
    const chosen =
      mode.type === 'join-points'
        ? mode.featureIds
        : mode.type === 'join-line'
          ? [mode.featureId, ...(mode.withId ? [mode.withId] : [])]
          : [];
    for (const id of chosen) {
      const g = mapGeometry(map, id);
      if (!g) continue;
      const f = new Feature(g);
      f.setStyle(joinStyle);
      s.addFeature(f);
    }
  }, [map, selection, feature, mode, vertex]);

  return null;
}
