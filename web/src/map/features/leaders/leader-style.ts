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

function ends(f: FeatureLike): { anchor: number[]; next: number[]; label: number[]; coords: number[][] } | null {
  const g = f.getGeometry();
  const coords =
    g instanceof MultiLineString ? g.getCoordinates()[0] : g instanceof LineString ? g.getCoordinates() : null;
  if (!coords || coords.length < 2) return null;
  return { anchor: coords[0], next: coords[1], label: coords[coords.length - 1], coords };
}

/** The leader's line without its first `gap` map units (at most half the first segment): it stops short of the point. */
function clearOfAnchor({ anchor, next, coords }: NonNullable<ReturnType<typeof ends>>, gap: number) {
  const [dx, dy] = [next[0] - anchor[0], next[1] - anchor[1]];
  const length = Math.hypot(dx, dy);
  if (length === 0) return undefined;
  const t = Math.min(gap / length, 0.5);
  return new LineString([[anchor[0] + dx * t, anchor[1] + dy * t], ...coords.slice(1)]);
}

/** Pixels kept clear around the anchored point, so the symbol it labels stays visible (its radius and outline). */
export const ANCHOR_CLEARANCE_PX = 8;
const ARROW_RADIUS = 8;

/**
 * A leader: its line in its colour, the symbol at the anchored vertex and up to three rows of text at
 * the free end, haloed so they read on any basemap. The symbol leaves the anchored point visible: an
 * arrow whose tip stops just short of it, pointing at it, or a ring around it.
 */
export function leaderStyle(f: FeatureLike, resolution = 1): Style[] {
  const m = leaderMetadata(f);
  const color = m.color ?? '#ff5722';
  const e = ends(f);
  const line = e ? clearOfAnchor(e, ANCHOR_CLEARANCE_PX * resolution) : undefined;
  const styles = [
    new Style({ geometry: line, stroke: new Stroke({ color: 'rgba(0,0,0,0.5)', width: 4 }) }),
    new Style({ geometry: line, stroke: new Stroke({ color, width: 2 }) }),
  ];
  if (!e) return styles;
  const angle = Math.atan2(e.anchor[1] - e.next[1], e.anchor[0] - e.next[0]);
  // The arrow's centre sits back along the line (displacement is in pixels, y up like map units).
  const back = ARROW_RADIUS + ANCHOR_CLEARANCE_PX;
  const symbol =
    m.symbol === 'CIRCLE'
      ? new CircleStyle({
          radius: ANCHOR_CLEARANCE_PX + 2,
          stroke: new Stroke({ color, width: 2.5 }),
        })
      : new RegularShape({
          points: 3,
          radius: ARROW_RADIUS,
          rotation: Math.PI / 2 - angle,
          displacement: [-Math.cos(angle) * back, -Math.sin(angle) * back],
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
