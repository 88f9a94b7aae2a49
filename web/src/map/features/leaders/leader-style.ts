import type { FeatureLike } from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import MultiLineString from 'ol/geom/MultiLineString';
import Point from 'ol/geom/Point';
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { LeaderMetadata } from '@fieldbook/domain';

/** Reads a leader's metadata (JSON text on the feature's `metadata` property). */
export function leaderMetadata(f: FeatureLike): Partial<LeaderMetadata> {
  try {
    return JSON.parse(String(f.get('metadata') ?? '{}')) as Partial<LeaderMetadata>;
  } catch {
    return {};
  }
}

function ends(f: FeatureLike): { anchor: number[]; next: number[]; label: number[] } | null {
  const g = f.getGeometry();
  const coords =
    g instanceof MultiLineString ? g.getCoordinates()[0] : g instanceof LineString ? g.getCoordinates() : null;
  if (!coords || coords.length < 2) return null;
  return { anchor: coords[0], next: coords[1], label: coords[coords.length - 1] };
}

/**
 * A leader: its line in its colour, the symbol at the anchored vertex (an arrow pointing at it, or a
 * circle) and up to three rows of text at the free end, haloed so they read on any basemap.
 */
export function leaderStyle(f: FeatureLike): Style[] {
  const m = leaderMetadata(f);
  const color = m.color ?? '#ff5722';
  const e = ends(f);
  const styles = [
    new Style({ stroke: new Stroke({ color: 'rgba(0,0,0,0.5)', width: 4 }) }),
    new Style({ stroke: new Stroke({ color, width: 2 }) }),
  ];
  if (!e) return styles;
  const angle = Math.atan2(e.anchor[1] - e.next[1], e.anchor[0] - e.next[0]);
  const symbol =
    m.symbol === 'CIRCLE'
      ? new CircleStyle({ radius: 6, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 1.5 }) })
      : new RegularShape({
          points: 3,
          radius: 8,
          rotation: Math.PI / 2 - angle,
          fill: new Fill({ color }),
          stroke: new Stroke({ color: '#fff', width: 1.5 }),
        });
  styles.push(new Style({ geometry: new Point(e.anchor), image: symbol }));
  styles.push(
    new Style({
      geometry: new Point(e.label),
      text: new Text({
        text: m.text ?? '',
        font: '600 14px system-ui, sans-serif',
        fill: new Fill({ color }),
        stroke: new Stroke({ color: '#fff', width: 4 }),
        textAlign: e.label[0] >= e.anchor[0] ? 'left' : 'right',
        offsetX: e.label[0] >= e.anchor[0] ? 6 : -6,
        textBaseline: 'middle',
      }),
    }),
  );
  return styles;
}
