import { expect } from 'vitest';
import Feature from 'ol/Feature';
import MVT from 'ol/format/MVT';
import type { Geometry, SimpleGeometry } from 'ol/geom';
import { toLonLat } from 'ol/proj';
import type { Harness } from './harness.js';
import { call, field, value } from './feature-fixtures.js';
import { tileBounds } from '../src/ogc/wmts-routes.js';
import { publishedNames } from '../src/ogc/published-names.js';

/** Tile column and row of a lon/lat at a zoom (GoogleMapsCompatible). */
export function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}

export interface DecodedFeature {
  id: number | string | undefined;
  layer: string;
  type: string;
  properties: Record<string, unknown>;
  /** Every vertex in lon/lat. */
  lonLat: number[][];
}

/**
 * A tile read the way the web map reads it (OpenLayers' MVT format), placed in its tile of the
 * EPSG:3857 grid and given back in lon/lat.
 */
export function decodeTile(raw: Buffer, t: { z: number; x: number; y: number }): DecodedFeature[] {
  const format = new MVT<Feature<Geometry>>({ featureClass: Feature });
  const copy = Uint8Array.from(raw);
  const features = format.readFeatures(copy.buffer, {
    extent: tileBounds(t.z, t.x, t.y),
    featureProjection: 'EPSG:3857',
  });
  return features.map((f) => {
    const g = f.getGeometry() as SimpleGeometry;
    const flat = g.getFlatCoordinates();
    const lonLat: number[][] = [];
    for (let i = 0; i < flat.length; i += 2) lonLat.push(toLonLat([flat[i], flat[i + 1]]));
    const { layer, geometry, ...properties } = f.getProperties();
    void geometry;
    return { id: f.getId(), layer: String(layer), type: g.getType(), properties, lonLat };
  });
}

export const TYPED_FIELDS = [
  { name: 'label', type: 'text', order: 0 },
  { name: 'count', type: 'integer', order: 1 },
  { name: 'depth', type: 'real', order: 2 },
  { name: 'active', type: 'boolean', order: 3 },
  { name: 'surveyed', type: 'date', order: 4 },
];

/** Where the world's features are: all in the zoom-14 tile 3413/6232 (the line leaves it westwards), one far away. */
export const TRANSFORMER: [number, number] = [-105, 39.5];
export const VALVE: [number, number] = [-104.99, 39.495];
export const FAR: [number, number] = [-80, 30];
export const LINE = [
  [-105.01, 39.49],
  [-104.99, 39.5],
];
export const SQUARE = [
  [-105.005, 39.49],
  [-104.995, 39.49],
  [-104.995, 39.5],
  [-105.005, 39.5],
  [-105.005, 39.49],
];

/**
 * A project on a copy of the APWA dictionary with a feature folder: a classified Transformer point
 * (Electric, Locate Status "Marked") and an unclassified far one, a line and a polygon, and a layer
 * "Survey" with typed fields holding one valve; its layers' published names.
 */
export async function vectorTileWorld(h: Harness) {
  const f = await field(h);
  const ok = async (res: Promise<{ status: number; body: { id: string; properties?: { ogc_fid: number } } }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body;
  };
  const layers = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers`;
  const survey = await ok(call(h, f.admin, 'POST', layers, { name: 'Survey', fields: TYPED_FIELDS }));
  const transformer = f.component('Transformer');
  const point = (coordinates: number[], properties: Record<string, unknown>) =>
    ok(call(h, f.admin, 'POST', '/rest/features', { geometry: { type: 'Point', coordinates }, properties }));
  const classified = await point(TRANSFORMER, {
    layer_id: f.layer('point'),
    dictionary_id: f.dictionary.id,
    component_id: transformer.id,
    attributes: [value(transformer, 'Locate Status', 'Marked')],
  });
  const far = await point(FAR, { layer_id: f.layer('point') });
  const valve = await point(VALVE, {
    layer_id: survey.id,
    fieldValues: { label: 'Valve 7', count: 3, depth: 1.25, active: true, surveyed: '2024-05-01' },
  });
  const line = await ok(
    call(h, f.admin, 'POST', '/rest/features/lines', {
      geometry: { type: 'LineString', coordinates: LINE },
      properties: { layer_id: f.layer('line') },
    }),
  );
  const polygon = await ok(
    call(h, f.admin, 'POST', '/rest/features/polygons', {
      geometry: { type: 'Polygon', coordinates: [SQUARE] },
      properties: { layer_id: f.layer('polygon') },
    }),
  );
  const names = await publishedNames(h.db, f.project.id);
  const fid = (b: { properties?: { ogc_fid: number } }) => Number(b.properties!.ogc_fid);
  return {
    ...f,
    surveyId: survey.id,
    names,
    ids: { classified: fid(classified), far: fid(far), valve: fid(valve), line: fid(line), polygon: fid(polygon) },
    /** The member route of a layer's tile. */
    url: (layerId: string, t: { z: number; x: number; y: number }) =>
      `${layers}/${layerId}/tiles/${t.z}/${t.x}/${t.y}.mvt`,
  };
}
