import { sql, type Kysely } from 'kysely';

/**
 * A filter "Material = PVC" on a dictionary attribute (issue #13: JSONB indexes for attribute filters)
 * finds its features through this index — `attributes @? '$[*] ? (@.attributeValue == "PVC")'` — and
 * the exact condition then checks the attribute's name. Without it a rare value meant reading every
 * feature's attributes. Features without attributes (imported ones: their typed fields are found through
 * the search words) are left out of the index, so an import pays nothing for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX features_attributes_idx ON features USING gin (attributes jsonb_path_ops)
    WITH (gin_pending_list_limit = 65536) WHERE deleted_at IS NULL AND attributes <> '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS features_attributes_idx`.execute(db);
}
