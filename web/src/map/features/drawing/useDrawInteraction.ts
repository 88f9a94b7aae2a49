import { useEffect, useRef, useState } from 'react';
import Draw from 'ol/interaction/Draw';
import DoubleClickZoom from 'ol/interaction/DoubleClickZoom';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { normalizeGeometry, type Geometry } from '@fieldbook/domain';
import { useMap } from '../../ol/MapContext';
import { fromOlGeometry, kindOf } from '../geo';
import { drawStyle } from '../styles';
import { drawOptions, type DrawTool } from './tools';

/**
 * Draws with OpenLayers Draw on a temporary layer. While `paused` (the new-feature dialog is open) the
 * drawing stays visible and no new one starts; `clear` removes it. Returns a handle to finish a line or
 * polygon from a button.
 */
export function useDrawInteraction(
  tool: DrawTool | null,
  paused: boolean,
  clearKey: number,
  onDrawn: (g: Geometry) => void,
) {
  const map = useMap();
  const drawRef = useRef<Draw | null>(null);
  // One source for the hook's life (made once, not on every render).
  const [source] = useState(() => new VectorSource());
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;

  // The temporary layer lives as long as drawing mode, whichever tool is chosen.
  const drawing = tool !== null;
  useEffect(() => {
    if (!drawing) return;
    const layer = new VectorLayer({ source, style: drawStyle, zIndex: 1000 });
    map.addLayer(layer);
    // A double click finishes a line; it must not zoom the map as well.
    const zooms = map
      .getInteractions()
      .getArray()
      .filter((i) => i instanceof DoubleClickZoom);
    zooms.forEach((i) => i.setActive(false));
    return () => {
      map.removeLayer(layer);
      source.clear();
      zooms.forEach((i) => i.setActive(true));
    };
  }, [map, drawing, source]);

  useEffect(() => {
    source.clear();
  }, [clearKey, source]);

  useEffect(() => {
    if (!tool || paused) return;
    const draw = new Draw({ source, style: drawStyle, ...drawOptions(tool) });
    draw.on('drawend', (e) => {
      const drawn = e.feature.getGeometry();
      if (!drawn) return;
      const g = fromOlGeometry(drawn);
      const normalized = normalizeGeometry(kindOf(g), g);
      if (normalized) onDrawnRef.current(normalized);
    });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') draw.abortDrawing();
    };
    window.addEventListener('keydown', onKey);
    map.addInteraction(draw);
    drawRef.current = draw;
    return () => {
      window.removeEventListener('keydown', onKey);
      map.removeInteraction(draw);
      drawRef.current = null;
    };
  }, [map, source, tool, paused]);

  return { finish: () => drawRef.current?.finishDrawing() };
}
