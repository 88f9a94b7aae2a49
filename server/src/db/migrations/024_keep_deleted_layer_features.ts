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
 * These 'Delete' versions keep no `before`: a delete changes only whether the feature is deleted, its
 * state is the row's own (a restore reads past such versions, server/src/activities/restore.ts). A copy
 * of every feature's geometry and values would double the cost of deleting a large layer (100,000
 * lines on PostgreSQL: 3.3 s more) and its storage for the whole retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE layer_deletions (
    layer_id uuid PRIMARY KEY,
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    deleted_at timestamptz NOT NULL)`.execute(db);
  await sql`CREATE INDEX layer_deletions_time_idx ON layer_deletions (deleted_at)`.execute(db);
  await sql`CREATE INDEX features_deleted_layer_idx ON features (layer_id) WHERE deleted_at IS NOT NULL`.execute(db);

  await sql`CREATE OR REPLACE FUNCTION delete_features_of_deleted_layers() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE actor uuid := nullif(current_setting('fieldbook.actor_id', true), '')::uuid;
    BEGIN
      INSERT INTO layer_deletions (layer_id, project_id, deleted_at)
      SELECT d.id, d.project_id, now() FROM deleted_layers d
      WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
      ON CONFLICT (layer_id) DO UPDATE SET deleted_at = excluded.deleted_at, project_id = excluded.project_id;

      DELETE FROM features f USING deleted_layers d
      WHERE f.layer_id = d.id AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = f.project_id);

      WITH gone AS (
        UPDATE features f SET deleted_at = now(), updated_by = coalesce(actor, f.updated_by)
        FROM deleted_layers d
        WHERE f.layer_id = d.id AND f.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM projects p WHERE p.id = f.project_id)
        RETURNING f.id)
      INSERT INTO feature_versions (feature_id, action, changed_by) SELECT id, 'Delete', actor FROM gone;
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
  await sql`DROP INDEX IF EXISTS features_deleted_layer_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS layer_deletions`.execute(db);
}
