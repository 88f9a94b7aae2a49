import { sql, type Kysely } from 'kysely';

/**
 * Search words fold accents (issue #13): "rio" finds "Río" and "Rio", "nino" finds "Niño", as users of
 * a place-name search expect in any language. `fieldbook_search` is the 'simple' configuration (lower
 * case, no stemming) with the unaccent dictionary before it for words that are not plain ASCII, so
 * asset ids and English names cost no more than before. The search words are rebuilt with it; queries
 * parse the typed words with the same configuration (server/src/search/text.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION fieldbook_search (COPY = simple)`.execute(db);
  await sql`ALTER TEXT SEARCH CONFIGURATION fieldbook_search
    ALTER MAPPING FOR word, hword, hword_part WITH unaccent, simple`.execute(db);
  await rebuildSearchText(db, 'fieldbook_search');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuildSearchText(db, 'simple');
  await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS fieldbook_search`.execute(db);
}

/** The generated column and its index of migration 019, made with another text search configuration. */
async function rebuildSearchText(db: Kysely<unknown>, config: string): Promise<void> {
  const c = sql.lit(config);
  await sql`DROP INDEX IF EXISTS features_search_idx`.execute(db);
  await sql`ALTER TABLE features DROP COLUMN IF EXISTS search_text`.execute(db);
  await sql`ALTER TABLE features ADD COLUMN search_text tsvector GENERATED ALWAYS AS (
      jsonb_to_tsvector(${c}::regconfig, field_values, '["string", "numeric"]'::jsonb)
      || CASE WHEN properties = '{}'::jsonb THEN ''::tsvector
              ELSE jsonb_to_tsvector(${c}::regconfig, properties, '["string", "numeric"]'::jsonb) END
      || CASE WHEN attributes = '[]'::jsonb THEN ''::tsvector
              ELSE jsonb_to_tsvector(${c}::regconfig, jsonb_path_query_array(attributes, 'lax $[*].attributeValue'),
                     '["string", "numeric"]'::jsonb) END
    ) STORED`.execute(db);
  await sql`CREATE INDEX features_search_idx ON features USING gin (search_text)
    WITH (gin_pending_list_limit = 65536) WHERE deleted_at IS NULL`.execute(db);
}
