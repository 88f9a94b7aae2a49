import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { mapToLonLat, pixelToMap, type MapFrame } from './wms-params.js';
import { featureInfoGml } from './feature-info-gml.js';
import { OgcError, xmlEscape } from './xml.js';

export interface InfoFeature {
  type: 'Feature';
  id: string;
  layer_id: string;
  geometry: unknown;
  properties: Record<string, unknown>;
}

/**
 * Features of the layers under pixel (i, j) of a map frame, within `tolerancePx` pixels, nearest first
 * (at most `limit` per layer). Geometries and properties come as WFS GetFeature gives them.
 */
export async function featuresAtPixel(
  db: Executor,
  layerIds: string[],
  frame: MapFrame,
  i: number,
  j: number,
  tolerancePx: number,
  limit: number,
): Promise<InfoFeature[]> {
  const [cx, cy] = mapToLonLat(frame, ...pixelToMap(frame, i, j));
  const [ax, ay] = mapToLonLat(frame, ...pixelToMap(frame, i - tolerancePx, j + tolerancePx));
  const [bx, by] = mapToLonLat(frame, ...pixelToMap(frame, i + tolerancePx, j - tolerancePx));
  const out: InfoFeature[] = [];
  for (const layerId of layerIds) {
    const r = await sql<{ feature: InfoFeature }>`
      SELECT json_build_object(
        'type', 'Feature', 'id', f.kind || '.' || f.id, 'layer_id', f.layer_id, 'geometry', ST_AsGeoJSON(f.geom, 9)::json,
        'properties', json_build_object('ogc_fid', f.id, 'layer_id', f.layer_id, 'system', s.name, 'component', c.alias, 'attributes', f.attributes::text,
          'created', f.created_at, 'modified', f.updated_at, 'created_by_email', ca.email)) AS feature
      FROM features f
      LEFT JOIN systems s ON s.id = f.system_id
      LEFT JOIN components c ON c.id = f.component_id
      LEFT JOIN accounts ca ON ca.id = f.created_by
      WHERE f.layer_id = ${layerId} AND f.deleted_at IS NULL
        AND f.geom && ST_MakeEnvelope(${ax}::float8, ${ay}::float8, ${bx}::float8, ${by}::float8, 4326)
        AND ST_Intersects(f.geom, ST_MakeEnvelope(${ax}::float8, ${ay}::float8, ${bx}::float8, ${by}::float8, 4326))
      ORDER BY f.geom <-> ST_SetSRID(ST_MakePoint(${cx}::float8, ${cy}::float8), 4326), f.id
      LIMIT ${limit}`.execute(db);
    out.push(
      ...r.rows.map((row) => (typeof row.feature === 'string' ? JSON.parse(row.feature) : row.feature) as InfoFeature),
    );
  }
  return out;
}

/**
 * The INFO_FORMATs GetFeatureInfo answers, as the capabilities list them: GML first because GDAL and
 * QGIS pick it when offered (GDAL asks for `application/vnd.ogc.gml` whatever the capabilities say).
 */
export const INFO_FORMATS = [
  'application/vnd.ogc.gml',
  'application/vnd.ogc.gml/3.1.1',
  'text/xml',
  'application/json',
  'application/geo+json',
  'text/html',
  'text/plain',
] as const;

/** INFO_FORMAT without its parameters (`text/xml; subtype=gml/3.1.1`), text/plain when absent. */
export function infoFormatOf(raw: string | undefined): string {
  const format = (raw ?? 'text/plain').toLowerCase().split(';')[0].trim();
  if (!(INFO_FORMATS as readonly string[]).includes(format))
    throw new OgcError('InvalidFormat', 'INFO_FORMAT', `INFO_FORMAT ${raw} is not supported`);
  return format;
}

export function featureInfoBody(features: InfoFeature[], format: string): { contentType: string; body: string } {
  if (format.startsWith('application/vnd.ogc.gml') || format === 'text/xml') {
    const version = format === 'application/vnd.ogc.gml' ? 2 : 3;
    return { contentType: `${format}; charset=utf-8`, body: featureInfoGml(features, version) };
  }
  if (format.includes('json')) {
    return {
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ type: 'FeatureCollection', features }),
    };
  }
  if (format === 'text/html') {
    const rows = features.map(
      (f) =>
        `<tr><td>${xmlEscape(f.id)}</td>${['system', 'component', 'attributes', 'created_by_email'].map((k) => `<td>${xmlEscape(String(f.properties[k] ?? ''))}</td>`).join('')}</tr>`,
    );
    return {
      contentType: 'text/html; charset=utf-8',
      body: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Feature info</title></head><body><table><tr><th>id</th><th>system</th><th>component</th><th>attributes</th><th>created by</th></tr>${rows.join('')}</table></body></html>`,
    };
  }
  const lines = features.map(
    (f) =>
      `${f.id} (layer ${f.layer_id})\n${Object.entries(f.properties)
        .map(([k, v]) => `  ${k} = ${v ?? ''}`)
        .join('\n')}`,
  );
  return {
    contentType: 'text/plain; charset=utf-8',
    body: lines.length ? `${lines.join('\n\n')}\n` : 'no features were found\n',
  };
}
