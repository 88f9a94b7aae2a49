import GeoJSONVT from 'geojson-vt';
import type { Feature, FeatureCollection } from 'geojson';
import { MVT_BUFFER, MVT_EXTENT, MvtLayerEncoder, encodeTile } from '../vector-tiles/mvt-encode.js';
import { partsGeometry, type Parts } from '../vector-tiles/mvt-geometry.js';
import { lonLatEnvelope, type TileAddress } from '../vector-tiles/tile-grid.js';
import { OFFLINE_BASEMAP } from '@fieldbook/domain';
import type { BasemapPack } from './pack.js';

/** At most this many place names in a tile, the most populous first. */
const PLACES_PER_TILE = 60;

/** The smallest place named at a zoom: cities far out, every village close in. */
export function minPopulationAt(z: number): number {
  if (z < 8) return 250_000;
  if (z < 10) return 50_000;
  if (z < 11) return 15_000;
  if (z < 12) return 5_000;
  return 0;
}

/**
 * One tile of the offline basemap as a Mapbox Vector Tile: layer `water` (polygons, `kind` river or
 * lake; up to OFFLINE_BASEMAP.waterMaxZoom) and layer `places` (points with `name` and `population`). geojson-vt clips and simplifies the
 * pack's features for the tile; our encoder writes them as the feature tiles are written. Null when
 * the tile holds nothing.
 */
export function basemapTile(pack: BasemapPack, t: TileAddress): Uint8Array | null {
  const box = lonLatEnvelope(t);
  const water =
    t.z <= OFFLINE_BASEMAP.waterMaxZoom
      ? pack.water(box).filter((w) => w.kind === 'lake' || t.z <= OFFLINE_BASEMAP.riverMaxZoom)
      : [];
  const features: Feature[] = [
    ...water.map((w): Feature => ({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: w.rings },
      properties: { kind: w.kind },
    })),
    ...pack.places(box, minPopulationAt(t.z), PLACES_PER_TILE).map((p): Feature => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      properties: { name: p.name, population: p.population },
    })),
  ];
  if (features.length === 0) return null;
  const collection: FeatureCollection = { type: 'FeatureCollection', features };
  const index = new GeoJSONVT(collection, { maxZoom: t.z, extent: MVT_EXTENT, buffer: MVT_BUFFER, tolerance: 2 });
  const tile = index.getTile(t.z, t.x, t.y);
  if (!tile) return null;
  const waterLayer = new MvtLayerEncoder('water');
  const places = new MvtLayerEncoder('places');
  tile.features.forEach((f, id) => {
    const tags = f.tags ?? {};
    if (f.type === 1) {
      const geometry = partsGeometry({ points: f.geometry.flat(), lines: [], polygons: [] });
      if (geometry)
        places.add(id, geometry, [
          ['name', { kind: 'string', value: String(tags.name) }],
          ['population', { kind: 'int', value: Number(tags.population) }],
        ]);
    } else if (f.type === 3) {
      const parts: Parts = { points: [], lines: [], polygons: [f.geometry.map((ring) => ring.flat())] };
      const geometry = partsGeometry(parts);
      if (geometry) waterLayer.add(id, geometry, [['kind', { kind: 'string', value: String(tags.kind) }]]);
    }
  });
  const layers = [waterLayer, places].filter((l) => l.count > 0);
  return layers.length ? encodeTile(layers) : null;
}
