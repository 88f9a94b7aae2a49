import { sql, type Kysely } from 'kysely';

/**
 * One leader layer per folder (spec 3 §3): leader layers are created on demand when the first leader
 * of a folder is drawn, and this index makes two concurrent first leaders share one layer.
 *
 * Feature geometries may carry altitudes (GPS collectors, the profile chart's altitude series), so
 * the column takes 2D and 3D geometries alike; EPSG:4326 stays enforced by a check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX layers_one_leader_layer_per_folder ON layers (folder_id) WHERE reference_id = 'leader'`.execute(
    db,
  );
  await sql`ALTER TABLE features ALTER COLUMN geom TYPE geometry USING geom`.execute(db);
  await sql`ALTER TABLE features ADD CONSTRAINT features_geom_srid CHECK (ST_SRID(geom) = 4326)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE features DROP CONSTRAINT IF EXISTS features_geom_srid`.execute(db);
  await sql`ALTER TABLE features ALTER COLUMN geom TYPE geometry(Geometry, 4326) USING ST_Force2D(geom)`.execute(db);
  await sql`DROP INDEX IF EXISTS layers_one_leader_layer_per_folder`.execute(db);
}
