import type OlMap from 'ol/Map';
import type { FeatureLike } from 'ol/Feature';
import { LineString, Point, Polygon } from 'ol/geom';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { getArea, getLength } from 'ol/sphere';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { EARTH_RADIUS_M, formatArea, formatLength } from './measure-format';

export type MeasureKind = 'length' | 'area';

/** The measurement of a drawn geometry, in the user's units (spherical, spec 3 §9 Earth radius). */
export function measure(geometry: LineString | Polygon, metric: boolean): string {
  const options = { projection: 'EPSG:3857', radius: EARTH_RADIUS_M };
  return geometry instanceof Polygon
    ? formatArea(getArea(geometry, options), metric)
    : formatLength(getLength(geometry, options), metric);
}

const COLOUR = '#ff6d00';
const line = new Style({
  stroke: new Stroke({ color: COLOUR, width: 3, lineDash: [8, 6] }),
  fill: new Fill({ color: 'rgba(255, 109, 0, 0.15)' }),
});
const vertex = new Style({
  image: new Circle({
    radius: 5,
    fill: new Fill({ color: '#ffffff' }),
    stroke: new Stroke({ color: COLOUR, width: 2 }),
  }),
});

function labelStyle(geometry: LineString | Polygon, metric: boolean): Style {
  const at = geometry instanceof Polygon ? geometry.getInteriorPoint() : new Point(geometry.getLastCoordinate());
  return new Style({
    geometry: at,
    text: new Text({
      text: measure(geometry, metric),
      font: '600 13px system-ui, sans-serif',
      offsetY: -16,
      padding: [3, 6, 3, 6],
      fill: new Fill({ color: '#ffffff' }),
      backgroundFill: new Fill({ color: 'rgba(30, 30, 30, 0.8)' }),
    }),
  });
}

const styleFor = (metric: boolean) => (feature: FeatureLike) => {
  const g = feature.getGeometry();
  if (g instanceof LineString || g instanceof Polygon) return [line, labelStyle(g, metric)];
  return g instanceof Point ? vertex : line;
};

/**
 * Adds a measuring layer and Draw interaction to the map; `onChange` gets the live measurement while
 * drawing and the final one. A new measurement replaces the previous. Returns the cleanup.
 */
export function startMeasuring(
  map: OlMap,
  kind: MeasureKind,
  metric: boolean,
  onChange: (text: string | null) => void,
): { stop: () => void; abort: () => boolean } {
  const source = new VectorSource();
  const layer = new VectorLayer({ source, style: styleFor(metric), zIndex: 1000 });
  const draw = new Draw({
    source,
    type: kind === 'area' ? 'Polygon' : 'LineString',
    style: styleFor(metric),
    stopClick: true,
  });
  let drawing = false;
  draw.on('drawstart', (e) => {
    drawing = true;
    source.clear();
    const geometry = e.feature.getGeometry() as LineString | Polygon;
    geometry.on('change', () => onChange(measure(geometry, metric)));
  });
  draw.on('drawend', (e) => {
    drawing = false;
    onChange(measure(e.feature.getGeometry() as LineString | Polygon, metric));
  });
  draw.on('drawabort', () => {
    drawing = false;
  });
  map.addLayer(layer);
  map.addInteraction(draw);
  onChange(null);
  return {
    stop: () => {
      map.removeInteraction(draw);
      map.removeLayer(layer);
    },
    /** Ends a measurement in progress; false when none was. */
    abort: () => {
      if (!drawing) return false;
      draw.abortDrawing();
      return true;
    },
  };
}
