import { sql, type Kysely } from 'kysely';

/**
 * Full-text search over features (issue #13). `search_text` is a generated column: PostgreSQL computes
 * it from the feature's own values in the statement that writes the row, so every path that writes
 * features (the feature API, WFS-T, OGC API, imports, moves, restores) keeps it current in its own
 * transaction without knowing about search. It holds the words of the layer's field values, the free
 * properties and the dictionary attribute values ('simple' configuration: lower-cased, not stemmed,
 * because feature values are asset ids, materials and street names in any language, not prose).
 * System and component names are matched through their own small tables (server/src/search/conditions.ts),
 * so renaming a system needs no rewrite of its features.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE features ADD COLUMN search_text tsvector GENERATED ALWAYS AS (
      jsonb_to_tsvector('simple'::regconfig, field_values, '["string", "numeric"]'::jsonb)
      || jsonb_to_tsvector('simple'::regconfig, properties, '["string", "numeric"]'::jsonb)
      || jsonb_to_tsvector('simple'::regconfig, jsonb_path_query_array(attributes, 'lax $[*].attributeValue'),
           '["string", "numeric"]'::jsonb)
    ) STORED`.execute(db);
  await sql`CREATE INDEX features_search_idx ON features USING gin (search_text) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS features_search_idx`.execute(db);
  await sql`ALTER TABLE features DROP COLUMN IF EXISTS search_text`.execute(db);
}
