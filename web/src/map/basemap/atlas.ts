import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiLineString } from 'geojson';
import countriesTopo from 'world-atlas/countries-50m.json';
import statesTopo from 'us-atlas/states-10m.json';
import cities from '../place-search/cities.json';
import { mainExtent, type Place } from '../place-search/gazetteer';

/**
 * The offline basemap and gazetteer data shipped with the product (Natural Earth countries at 1:50m,
 * US states at 1:10m). Imported only through `loadAtlas()`, so the JSON is a chunk of its own that
 * loads after the map screen.
 */
export interface Atlas {
  countries: FeatureCollection;
  states: FeatureCollection;
  /** State borders drawn once each (shared edges only, coasts come from the countries). */
  stateBorders: MultiLineString;
  places: Place[];
}

const countries = countriesTopo as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const states = statesTopo as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;

function toPlace(f: Feature, kind: 'country' | 'state'): Place | null {
  const name = (f.properties as { name?: string } | null)?.name;
  const extent = f.geometry ? mainExtent(f.geometry as { type: string; coordinates: unknown }) : null;
  if (!name || !extent) return null;
  return {
    name,
    kind,
    country: kind === 'state' ? 'United States' : undefined,
    extent,
    center: [(extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2],
  };
}

function build(): Atlas {
  const countryFc = feature(countries, countries.objects.countries) as FeatureCollection;
  const stateFc = feature(states, states.objects.states) as FeatureCollection;
  const places = [
    ...countryFc.features.map((f) => toPlace(f, 'country')),
    ...stateFc.features.map((f) => toPlace(f, 'state')),
    ...cities.map((c): Place => ({ name: c.name, kind: 'city', country: c.country, center: [c.lng, c.lat] })),
  ].filter((p): p is Place => p !== null);
  return {
    countries: countryFc,
    states: stateFc,
    stateBorders: mesh(states, states.objects.states, (a, b) => a !== b),
    places,
  };
}

let built: Atlas | undefined;
export const getAtlas = (): Atlas => (built ??= build());
