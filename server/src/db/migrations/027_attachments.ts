import { sql, type Kysely } from 'kysely';

/**
 * Feature attachments (issue #15, spec 3 §3 File_List, §5, §7 `/api/MapFile/...`). A row per file is the
 * truth; the feature's `metadata.File_List` is written from it in the same transaction
 * (server/src/attachments/file-list.ts). The row id is the File_ID the client chose (NewID).
 *
 * - A deleted attachment keeps its row (deleted_at) and its stored file for the retention of deleted
 *   layers, so a feature restored to a time when it had the file gets it back; then it is purged.
 * - `layer_id` and `project_id` are copies of the feature's, kept by a trigger when a feature moves
 *   (data organization); reads still go through the feature for permissions.
 * - A live file name is unique per feature and vertex (spec 3 §5 "duplicate file name (same vertex when
 *   vertex-specific)"); the partial unique index settles two concurrent uploads.
 * - Rows can go by cascade (a purged layer's features, a deleted project or organization) where no
 *   code of ours runs: a statement trigger queues their stored files in `attachment_file_purges`, and
 *   the worker's housekeeping deletes them from the file store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE attachments (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    project_id uuid NOT NULL,
    layer_id uuid NOT NULL,
    feature_id bigint NOT NULL REFERENCES features(id) ON DELETE CASCADE,
    file_name text NOT NULL,
    content_type text NOT NULL,
    size integer NOT NULL CHECK (size > 0),
    vertex integer CHECK (vertex >= 0),
    file_type text NOT NULL CHECK (file_type IN ('Photo', 'File', 'Form', 'Sketch')),
    file_meta jsonb NOT NULL DEFAULT '{}'::jsonb,
    storage_key text NOT NULL,
    thumb_key text,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    deleted_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX attachments_feature_idx ON attachments (feature_id)`.execute(db);
  await sql`CREATE INDEX attachments_organization_idx ON attachments (organization_id)`.execute(db);
  await sql`CREATE INDEX attachments_deleted_idx ON attachments (deleted_at) WHERE deleted_at IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX attachments_live_name_idx ON attachments (feature_id, file_name, coalesce(vertex, -1))
    WHERE deleted_at IS NULL`.execute(db);

  await sql`CREATE TABLE attachment_file_purges (
    storage_key text PRIMARY KEY,
    queued_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE FUNCTION queue_attachment_file_purges() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO attachment_file_purges (storage_key)
      SELECT k FROM gone_attachments g CROSS JOIN LATERAL (VALUES (g.storage_key), (g.thumb_key)) v(k)
      WHERE k IS NOT NULL
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER attachments_queue_file_purges AFTER DELETE ON attachments
    REFERENCING OLD TABLE AS gone_attachments FOR EACH STATEMENT
    EXECUTE FUNCTION queue_attachment_file_purges()`.execute(db);

  await sql`CREATE FUNCTION follow_feature_move_attachments() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE attachments SET layer_id = NEW.layer_id, project_id = NEW.project_id WHERE feature_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER features_move_attachments AFTER UPDATE OF layer_id, project_id ON features
    FOR EACH ROW WHEN (OLD.layer_id IS DISTINCT FROM NEW.layer_id OR OLD.project_id IS DISTINCT FROM NEW.project_id)
    EXECUTE FUNCTION follow_feature_move_attachments()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS features_move_attachments ON features`.execute(db);
  await sql`DROP FUNCTION IF EXISTS follow_feature_move_attachments()`.execute(db);
  await sql`DROP TABLE IF EXISTS attachments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS queue_attachment_file_purges()`.execute(db);
  await sql`DROP TABLE IF EXISTS attachment_file_purges`.execute(db);
}
