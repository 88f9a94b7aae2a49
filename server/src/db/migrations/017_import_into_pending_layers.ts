import { sql, type Kysely } from 'kysely';

/**
 * Imports load their features under the ids of layers they create at the end (server/src/imports/
 * load.ts), so a large import neither holds one long transaction (the embedded database's only
 * connection, for minutes) nor pays a foreign-key lookup per row. `features.layer_id` therefore has
 * no foreign key:
 * - deleting layers deletes their features, now by a statement trigger (one DELETE per statement,
 *   also for layers removed with their folder, project or organization);
 * - every feature write bumps its layer's data version in its transaction (server/src/ogc/
 *   data-version.ts): that locks the layer row, so a concurrent delete of the layer waits for the
 *   write (and then deletes its rows too), and a layer deleted before fails the write, as the key did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE features DROP CONSTRAINT IF EXISTS features_layer_id_fkey`.execute(db);
  await sql`CREATE FUNCTION delete_features_of_deleted_layers() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM features f USING deleted_layers d WHERE f.layer_id = d.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER layers_delete_features AFTER DELETE ON layers
    REFERENCING OLD TABLE AS deleted_layers FOR EACH STATEMENT
    EXECUTE FUNCTION delete_features_of_deleted_layers()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS layers_delete_features ON layers`.execute(db);
  await sql`DROP FUNCTION IF EXISTS delete_features_of_deleted_layers()`.execute(db);
  await sql`DELETE FROM features f WHERE NOT EXISTS (SELECT 1 FROM layers l WHERE l.id = f.layer_id)`.execute(db);
  await sql`ALTER TABLE features ADD CONSTRAINT features_layer_id_fkey
    FOREIGN KEY (layer_id) REFERENCES layers(id) ON DELETE CASCADE`.execute(db);
}
