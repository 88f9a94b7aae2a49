/**
 * The offline basemap's pack (issue #12): water areas and places from npm packages, read once into
 * typed arrays with a static R-tree per kind, so a server maps the file and answers tiles without
 * parsing 100 MB of GeoJSON. Layout: an 8-byte magic, a JSON header of section lengths, then the
 * sections in header order, each 8-byte aligned.
 *
 * Water: polygons as rings of float32 lon/lat pairs (under a metre at our latitudes; the source is
 * generalised for 1:10 million). `polygonRings[i]..polygonRings[i+1]` are polygon i's rings, `ringStarts[r]` their
 * first vertex. Places: points with a name and a population, in population order, largest first.
 */

export const PACK_MAGIC = 'FBMAP001';

export interface PackHeader {
  /** Byte lengths of the sections, in this order. */
  sections: Record<(typeof SECTIONS)[number], number>;
  /** Place names, in the places' order. */
  placeNames: string[];
}

export const SECTIONS = [
  'waterIndex',
  'waterKinds',
  'polygonRings',
  'ringStarts',
  'coords',
  'placeIndex',
  'placeCoords',
  'placePopulation',
] as const;

/** Water kinds (waterKinds section, one byte per polygon). */
export const WATER_KINDS = ['river', 'lake'] as const;

export const align8 = (n: number) => (n + 7) & ~7;
