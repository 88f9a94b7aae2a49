import { sql, type Kysely } from 'kysely';

/**
 * A layer's features in id order: exports and WFS pages read a layer `WHERE layer_id = … AND id > …
 * ORDER BY id LIMIT …`. Without this index, a layer too new for the planner's statistics (a
 * million-feature import exported at once) was read whole through the spatial index and sorted for
 * every page: a million-point export spent 45 s in its page queries. Appending a layer's new ids
 * costs little on import (they land at the end of the layer's range).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX features_layer_id_idx ON features (layer_id, id) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS features_layer_id_idx`.execute(db);
}
