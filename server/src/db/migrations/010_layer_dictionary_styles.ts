import { sql, type Kysely } from 'kysely';

/**
 * The dictionary styling a layer is drawn with (PUT /rest/styles/geo/layer/{id}/style): an imported or
 * unclassified layer takes one system's colour or one component's styling for all its features.
 * `updated_at` keys cached map tiles, so a change shows at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE layer_dictionary_styles (
    layer_id uuid PRIMARY KEY REFERENCES layers(id) ON DELETE CASCADE,
    system_id uuid NOT NULL REFERENCES systems(id) ON DELETE CASCADE,
    component_id uuid REFERENCES components(id) ON DELETE CASCADE,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS layer_dictionary_styles`.execute(db);
}
