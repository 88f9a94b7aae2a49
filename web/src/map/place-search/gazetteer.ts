/**
 * A place of the bundled gazetteer (countries, US states and large cities), or a result of the
 * configured map provider's search ('place'), spec 3 §2 place search.
 */
export interface Place {
  name: string;
  kind: 'country' | 'state' | 'city' | 'place';
  /** Country of a city, "United States" for a state. */
  country?: string;
  /** [lng, lat]. */
  center: [number, number];
  /** [west, south, east, north] of countries and states, fitted when chosen. */
  extent?: [number, number, number, number];
}

/** Case- and accent-insensitive form for matching ("São Paulo" ~ "sao paulo"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const KIND_ORDER: Record<Place['kind'], number> = { country: 0, state: 1, city: 2, place: 3 };

/**
 * Places matching the query: names starting with it first, then names with a word starting with it,
 * then names containing it; within a group countries before states before cities, then by name.
 */
export function searchPlaces(places: readonly Place[], query: string, limit = 8): Place[] {
  const q = foldText(query);
  if (q.length < 2) return [];
  const scored: Array<{ place: Place; rank: number }> = [];
  for (const place of places) {
    const name = foldText(place.name);
    const rank = name.startsWith(q)
      ? 0
      : name.split(/[\s\-'.,()]+/).some((w) => w.startsWith(q))
        ? 1
        : name.includes(q)
          ? 2
          : -1;
    if (rank >= 0) scored.push({ place, rank });
  }
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      KIND_ORDER[a.place.kind] - KIND_ORDER[b.place.kind] ||
      a.place.name.localeCompare(b.place.name),
  );
  return scored.slice(0, limit).map((s) => s.place);
}

type Position = number[];

/** Planar area of a lon/lat ring (shoelace), only to compare the parts of one country. */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    sum += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return Math.abs(sum / 2);
}

/**
 * Extent of the largest part of a (multi)polygon: the contiguous US rather than a box from the
 * Aleutians across the antimeridian, metropolitan France rather than France with its overseas parts.
 */
export function mainExtent(geometry: { type: string; coordinates: unknown }): [number, number, number, number] | null {
  const polygons = (
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []
  ) as Position[][][];
  let best: Position[] | null = null;
  let bestArea = -1;
  for (const polygon of polygons) {
    const area = polygon[0] ? ringArea(polygon[0]) : 0;
    if (area > bestArea) [best, bestArea] = [polygon[0], area];
  }
  if (!best || best.length === 0) return null;
  const xs = best.map((p) => p[0]);
  const ys = best.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
