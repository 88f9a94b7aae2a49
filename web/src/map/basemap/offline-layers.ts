import type OlFeature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { Point, type Geometry, type MultiPolygon, type Polygon } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import VectorTileLayer from 'ol/layer/VectorTile';
import MVT from 'ol/format/MVT';
import VectorTileSource from 'ol/source/VectorTile';
import { OFFLINE_BASEMAP } from '@fieldbook/domain';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import type { Atlas } from './atlas';

/** Colours of the offline basemap per app theme: land, water, borders and labels. */
const PALETTES = {
  light: { water: '#cddfe6', land: '#f3f1ea', country: '#98a39e', state: '#b7c0bb', label: '#4f5a55', halo: '#f3f1ea' },
  dark: { water: '#0e1920', land: '#1e2926', country: '#52625c', state: '#3b4944', label: '#a9b9b3', halo: '#0e1920' },
} as const;
export type BasemapPalette = keyof typeof PALETTES;

/** Class of the offline basemap layers (they share one canvas); the mono map theme filters it. */
export const OFFLINE_CLASS = 'fb-basemap-offline';
/** Class of the provider tile layer; the dark and mono map themes filter it. */
export const TILES_CLASS = 'fb-basemap-tiles';
export const OFFLINE_Z = -30;

/** The label point of a country or state: inside its largest polygon, computed once. */
function labelPoint(feature: FeatureLike): number[] | null {
  const f = feature as OlFeature<Geometry>;
  const cached = f.get('labelAt') as number[] | undefined;
  if (cached) return cached;
  const g = f.getGeometry();
  let polygon: Polygon | null = null;
  if (g?.getType() === 'Polygon') polygon = g as Polygon;
  if (g?.getType() === 'MultiPolygon') {
    polygon = (g as MultiPolygon)
      .getPolygons()
      .reduce<Polygon | null>((a, p) => (!a || p.getArea() > a.getArea() ? p : a), null);
  }
  const at = polygon ? polygon.getInteriorPoint().getCoordinates().slice(0, 2) : null;
  if (at) f.set('labelAt', at, true);
  return at;
}

function labelStyle(feature: FeatureLike, colours: (typeof PALETTES)[BasemapPalette], size: number): Style | null {
  const at = labelPoint(feature);
  if (!at) return null;
  return new Style({
    geometry: new Point(at),
    text: new Text({
      text: String(feature.get('name') ?? ''),
      font: `${size}px system-ui, sans-serif`,
      fill: new Fill({ color: colours.label }),
      stroke: new Stroke({ color: colours.halo, width: 3 }),
      overflow: false,
    }),
  });
}

/**
 * The basemap shipped with the product (countries and US states), so the map is useful with no
 * internet: a water background, land with country borders, state borders, and names at fitting zooms.
 */
export function createOfflineLayers(atlas: Atlas, palette: BasemapPalette): Array<VectorLayer | VectorTileLayer> {
  const colours = PALETTES[palette];
  const format = new GeoJSON({ featureProjection: 'EPSG:3857' });
  const countries = new VectorSource({ features: format.readFeatures(atlas.countries), overlaps: false });
  const states = new VectorSource({
    features: [
      ...format.readFeatures(atlas.states),
      ...format.readFeatures({ type: 'Feature', geometry: atlas.stateBorders, properties: { border: true } }),
    ],
  });

  const land = new Style({
    fill: new Fill({ color: colours.land }),
    stroke: new Stroke({ color: colours.country, width: 0.8 }),
  });
  const stateLine = new Style({ stroke: new Stroke({ color: colours.state, width: 0.7, lineDash: [4, 3] }) });
  // Resolutions in metres per pixel: country names from about zoom 3 to 7, state names from zoom 4.5 to 10.
  const countryLayer = new VectorLayer({
    className: OFFLINE_CLASS,
    source: countries,
    background: colours.water,
    zIndex: OFFLINE_Z,
    declutter: 'basemap',
    style: (f, resolution) =>
      resolution < 1300 || resolution > 25000
        ? land
        : [land, labelStyle(f, colours, 12)].filter((s): s is Style => !!s),
  });
  const stateLayer = new VectorLayer({
    className: OFFLINE_CLASS,
    source: states,
    zIndex: OFFLINE_Z + 1,
    declutter: 'basemap',
    style: (f, resolution) => {
      if (f.get('border')) return stateLine;
      return resolution > 160 && resolution < 6500 ? (labelStyle(f, colours, 11) ?? undefined) : undefined;
    },
  });
  const detailLayer = createDetailLayer(colours);
  for (const layer of [countryLayer, stateLayer, detailLayer]) layer.set('fieldbookBasemap', true);
  return [countryLayer, stateLayer, detailLayer];
}

/** A place's name: larger places in larger type. */
function placeStyle(feature: FeatureLike, colours: (typeof PALETTES)[BasemapPalette]): Style {
  const population = Number(feature.get('population') ?? 0);
  const size = population >= 1_000_000 ? 14 : population >= 100_000 ? 13 : 12;
  return new Style({
    text: new Text({
      text: String(feature.get('name') ?? ''),
      font: `${population >= 100_000 ? 600 : 400} ${size}px system-ui, sans-serif`,
      fill: new Fill({ color: colours.label }),
      stroke: new Stroke({ color: colours.halo, width: 3 }),
    }),
  });
}

/**
 * Water and place names from the server's offline basemap tiles (water from OpenStreetMap generalised
 * for 1:10 million, up to zoom 12; every place of GeoNames with 1,000 people or more, at any zoom):
 * useful where no tile provider can be reached. Closer than the tiles' deepest zoom, the map draws
 * from those tiles.
 */
function createDetailLayer(colours: (typeof PALETTES)[BasemapPalette]): VectorTileLayer {
  const water = new Style({ fill: new Fill({ color: colours.water }) });
  return new VectorTileLayer({
    className: OFFLINE_CLASS,
    zIndex: OFFLINE_Z + 2,
    declutter: 'basemap',
    // OpenLayers' minZoom is exclusive.
    minZoom: OFFLINE_BASEMAP.minZoom - 0.01,
    source: new VectorTileSource({
      format: new MVT(),
      url: OFFLINE_BASEMAP.tiles,
      maxZoom: OFFLINE_BASEMAP.maxZoom,
    }),
    // The server leaves the generalised water out of the tiles where it would mislead (OFFLINE_BASEMAP).
    style: (feature) => (feature.get('layer') === 'places' ? placeStyle(feature, colours) : water),
  });
}
