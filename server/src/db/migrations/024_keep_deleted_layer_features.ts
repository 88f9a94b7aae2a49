import { sql, type Kysely } from 'kysely';

/**
 * Deleting a layer (or its folder) keeps its features' history (issue #14): the statement trigger of
 * migration 017 deleted them; now it soft-deletes the live ones (deleted_at = the transaction's time)
 * with a 'Delete' version each, so their log entries stay readable and the layer can be restored with
 * them (server/src/projects/deleted-layers.ts). A project or organization delete still removes them
 * (features have no key to projects, migration 016): the layer trigger deletes the features of layers
 * whose project is going, and a new statement trigger on projects deletes the rest of a deleted
 * project's features (those of layers deleted before it).
 *
 * `layer_deletions` notes when each layer went, so the features of layers deleted longer ago than
 * DELETED_LAYER_RETENTION_DAYS are purged (a partial index finds deleted rows by layer) and a restore
 * knows whether its entry is still the layer's latest delete. The writer names who deleted in the
 * transaction-local setting `fieldbook.actor_id`, read here for the versions' changed_by.
 *
 * `feature_version_before` is the state a version row keeps, in the shape the feature API returns
 * (server/src/features/service.ts toFeature): geometry, and properties holding the free properties,
 * the row's columns, attributes and metadata as JSON text, and fieldValues.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE layer_deletions (
    layer_id uuid PRIMARY KEY,
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    deleted_at timestamptz NOT NULL)`.execute(db);
  await sql`CREATE INDEX layer_deletions_time_idx ON layer_deletions (deleted_at)`.execute(db);
  await sql`CREATE INDEX features_deleted_layer_idx ON features (layer_id) WHERE deleted_at IS NOT NULL`.execute(db);

  await sql`CREATE FUNCTION feature_version_before(f features, folder_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE AS $$
      SELECT jsonb_build_object(
        'type', 'Feature',
        'id', f.kind || '.' || f.id,
        'geometry', ST_AsGeoJSON(f.geom, 9)::jsonb,
        'properties', coalesce(f.properties, '{}'::jsonb) || jsonb_build_object(
          'layer_id', f.layer_id, 'folder_id', folder_id, 'project_id', f.project_id,
          'dictionary_id', f.dictionary_id, 'system_id', f.system_id, 'component_id', f.component_id,
          'created', f.created_at, 'modified', f.updated_at,
          'created_by_email', (SELECT email FROM accounts WHERE id = f.created_by),
          'modified_by_email', (SELECT email FROM accounts WHERE id = f.updated_by),
          'ogc_fid', f.id,
          'attributes', coalesce(f.attributes, '[]'::jsonb)::text,
          'metadata', f.metadata::text,
          'fieldValues', coalesce(f.field_values, '{}'::jsonb)))
    $$`.execute(db);

  await sql`CREATE OR REPLACE FUNCTION delete_features_of_deleted_layers() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE actor uuid := nullif(current_setting('fieldbook.actor_id', true), '')::uuid;
    BEGIN
      INSERT INTO layer_deletions (layer_id, project_id, deleted_at)
      SELECT d.id, d.project_id, now() FROM deleted_layers d
      WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
      ON CONFLICT (layer_id) DO UPDATE SET deleted_at = excluded.deleted_at, project_id = excluded.project_id;

      DELETE FROM features f USING deleted_layers d
      WHERE f.layer_id = d.id AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = f.project_id);

      WITH doomed AS (
        SELECT f.id, feature_version_before(f, d.folder_id) AS before
        FROM features f JOIN deleted_layers d ON d.id = f.layer_id
        WHERE f.deleted_at IS NULL AND EXISTS (SELECT 1 FROM projects p WHERE p.id = f.project_id)
      ), gone AS (
        UPDATE features f SET deleted_at = now(), updated_by = coalesce(actor, f.updated_by)
        FROM doomed WHERE f.id = doomed.id RETURNING f.id)
      INSERT INTO feature_versions (feature_id, action, changed_by, before)
      SELECT doomed.id, 'Delete', actor, doomed.before FROM doomed JOIN gone ON gone.id = doomed.id;
      RETURN NULL;
    END $$`.execute(db);

  await sql`CREATE FUNCTION delete_features_of_deleted_projects() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM features f USING deleted_projects d WHERE f.project_id = d.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER projects_delete_features AFTER DELETE ON projects
    REFERENCING OLD TABLE AS deleted_projects FOR EACH STATEMENT
    EXECUTE FUNCTION delete_features_of_deleted_projects()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS projects_delete_features ON projects`.execute(db);
  await sql`DROP FUNCTION IF EXISTS delete_features_of_deleted_projects()`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION delete_features_of_deleted_layers() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM features f USING deleted_layers d WHERE f.layer_id = d.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DELETE FROM features f WHERE NOT EXISTS (SELECT 1 FROM layers l WHERE l.id = f.layer_id)
    AND f.deleted_at IS NOT NULL`.execute(db);
  await sql`DROP FUNCTION IF EXISTS feature_version_before(features, uuid)`.execute(db);
  await sql`DROP INDEX IF EXISTS features_deleted_layer_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS layer_deletions`.execute(db);
}
