import type OlMap from 'ol/Map';
import Feature from 'ol/Feature';
import { Point } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';

const markers = new WeakMap<OlMap, VectorSource>();

const style = [
  new Style({ image: new Circle({ radius: 11, fill: new Fill({ color: 'rgba(211, 47, 47, 0.25)' }) }) }),
  new Style({
    image: new Circle({
      radius: 6,
      fill: new Fill({ color: '#d32f2f' }),
      stroke: new Stroke({ color: '#ffffff', width: 2.5 }),
    }),
  }),
];

/** Drops the one search/location marker of the map at a WGS84 position (replacing the previous one). */
export function showMarker(map: OlMap, lat: number, lng: number) {
  let source = markers.get(map);
  if (!source) {
    source = new VectorSource();
    markers.set(map, source);
    map.addLayer(new VectorLayer({ source, style, zIndex: 900 }));
  }
  source.clear();
  source.addFeature(new Feature(new Point(fromLonLat([lng, lat]))));
}
