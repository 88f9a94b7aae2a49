import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';

/** Where bulk rows go; the caller (an import job, the benchmark) has checked rights and layer state. */
export interface BulkTarget {
  organizationId: string;
  projectId: string;
  layerId: string;
  dictionaryId: string | null;
  accountId: string | null;
}

export interface BulkFeature {
  kind: 'point' | 'line' | 'polygon';
  /** A GeoJSON geometry in EPSG:4326. */
  geometry: unknown;
  /** The classifying dictionary when it differs by feature (unclassified ones have none); else the target's. */
  dictionaryId?: string | null;
  systemId?: string | null;
  componentId?: string | null;
  attributes?: unknown[];
  properties?: Record<string, string>;
  /** Values of the layer's typed fields by name, already coerced (coerceFieldValue). */
  fieldValues?: Record<string, string | number | boolean | null>;
}

/** Rows per INSERT: large multi-row statements through unnest, one round trip per batch. */
export const BULK_BATCH = 5000;

/**
 * Inserts many features into one layer with their 'Add' version rows, in batches of one statement
 * each (arrays unnested in SQL, so values stay parameters), and bumps the layer's data version.
 * Returns the new ids in the order of `features` (rows are inserted in input order, and the id
 * sequence rises with each). Run it inside a transaction to make the whole load atomic.
 */
export async function insertFeaturesBulk(db: Executor, target: BulkTarget, features: BulkFeature[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < features.length; start += BULK_BATCH) {
    const batch = features.slice(start, start + BULK_BATCH);
    const r = await sql<{ id: string }>`
      WITH input AS (
        SELECT * FROM unnest(${batch.map((f) => f.kind)}::text[], ${batch.map((f) => JSON.stringify(f.geometry))}::text[],
          ${batch.map((f) => (f.dictionaryId === undefined ? target.dictionaryId : f.dictionaryId))}::uuid[],
          ${batch.map((f) => f.systemId ?? null)}::uuid[], ${batch.map((f) => f.componentId ?? null)}::uuid[],
          ${batch.map((f) => JSON.stringify(f.attributes ?? []))}::jsonb[], ${batch.map((f) => JSON.stringify(f.properties ?? {}))}::jsonb[],
          ${batch.map((f) => JSON.stringify(f.fieldValues ?? {}))}::jsonb[])
          WITH ORDINALITY AS t(kind, geojson, dictionary_id, system_id, component_id, attributes, properties, field_values, ord)
      ), inserted AS (
        INSERT INTO features (organization_id, project_id, layer_id, kind, geom, dictionary_id, system_id, component_id, attributes, properties, field_values, created_by, updated_by)
        SELECT ${target.organizationId}::uuid, ${target.projectId}::uuid, ${target.layerId}::uuid, kind, ST_SetSRID(ST_GeomFromGeoJSON(geojson), 4326),
          dictionary_id, system_id, component_id, attributes, properties, field_values, ${target.accountId}::uuid, ${target.accountId}::uuid
        FROM input ORDER BY ord
        RETURNING id
      ), versions AS (
        INSERT INTO feature_versions (feature_id, action, changed_by) SELECT id, 'Add', ${target.accountId}::uuid FROM inserted
      )
      SELECT id::text AS id FROM inserted ORDER BY inserted.id`.execute(db);
    ids.push(...r.rows.map((row) => row.id));
  }
  await bumpLayerDataVersion(db, [target.layerId]);
  return ids;
}
