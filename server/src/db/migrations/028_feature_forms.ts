import { sql, type Kysely } from 'kysely';

/**
 * Forms on features (issue #15, spec 3 §3 feature form record and save payload, §4, §6, §7).
 *
 * - `feature_forms`: one row per filled form, the truth of the record: the form it is of (no foreign
 *   key: a record outlives its form definition, and then reads as an invalid form), the form's name
 *   when saved, the values (`data`, spec: a list of id, type, value), the feature it is on
 *   (`feature_id`), and its own feature of kind htmlform_feature on the form's layer
 *   (`form_feature_id`), which draws the record on the map at the saved geometry. A deleted record
 *   keeps its row (`deleted_at`) and its form feature is soft-deleted with it.
 * - The feature's `metadata.File_List` lists its live records as File_Type 'Form' entries (File_ID and
 *   MasterFormID the record id, HtmlFormID the form id, File the form name), written from the table:
 *   `feature_form_entries` makes them, and a BEFORE UPDATE trigger applies it to every metadata write,
 *   so an edit or a restore that sends an older File_List cannot lose or invent records. The search's
 *   "has forms" filter reads these entries.
 * - A feature deleted (or undeleted) takes its records' form features with it (an AFTER trigger, for
 *   every path: the feature routes, WFS-T, a deleted layer): "forms removed, map cleared" (spec 3 §4).
 *   Its WHEN reads File_List, so features without forms pay only that test.
 * - `forms.organization_id` may be null: a form shipped with the product for every organization (the
 *   Locate Form, seeded by feature-forms/locate-form.ts). The forms administration lists and edits only
 *   an organization's own forms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE forms ALTER COLUMN organization_id DROP NOT NULL`.execute(db);

  await sql`CREATE TABLE feature_forms (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    feature_id bigint NOT NULL REFERENCES features(id) ON DELETE CASCADE,
    form_feature_id bigint NOT NULL UNIQUE REFERENCES features(id) ON DELETE CASCADE,
    form_id uuid NOT NULL,
    form_name text NOT NULL,
    data jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(data) = 'array'),
    pages integer CHECK (pages >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
    deleted_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX feature_forms_feature_idx ON feature_forms (feature_id, created_at) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX feature_forms_organization_idx ON feature_forms (organization_id)`.execute(db);

  await sql`CREATE FUNCTION feature_form_entries(meta jsonb, fid bigint) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
    DECLARE
      listed jsonb := CASE WHEN jsonb_typeof(meta) = 'object' AND jsonb_typeof(meta->'File_List') = 'array'
                           THEN meta->'File_List' ELSE '[]'::jsonb END;
      others jsonb;
      records jsonb;
    BEGIN
      SELECT coalesce(jsonb_agg(jsonb_build_object('File_ID', ff.id, 'File', ff.form_name, 'File_Type', 'Form',
                                                   'MasterFormID', ff.id, 'HtmlFormID', ff.form_id)
                                ORDER BY ff.created_at, ff.id), '[]'::jsonb)
        INTO records FROM feature_forms ff WHERE ff.feature_id = fid AND ff.deleted_at IS NULL;
      IF records = '[]'::jsonb AND NOT jsonb_path_exists(listed, 'lax $[*] ? (@.File_Type == "Form")') THEN
        RETURN meta;
      END IF;
      SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb) INTO others
        FROM jsonb_array_elements(listed) WITH ORDINALITY AS x(e, n)
        WHERE NOT (jsonb_typeof(e) = 'object' AND e->>'File_Type' IS NOT DISTINCT FROM 'Form');
      RETURN (CASE WHEN jsonb_typeof(meta) = 'object' THEN meta ELSE '{}'::jsonb END)
        || jsonb_build_object('File_List', others || records);
    END $$`.execute(db);

  await sql`CREATE FUNCTION feature_forms_keep_entries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.metadata := feature_form_entries(NEW.metadata, NEW.id);
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER features_keep_form_entries BEFORE UPDATE OF metadata ON features
    FOR EACH ROW WHEN (NEW.metadata IS DISTINCT FROM OLD.metadata AND NEW.kind <> 'htmlform_feature')
    EXECUTE FUNCTION feature_forms_keep_entries()`.execute(db);

  await sql`CREATE FUNCTION feature_forms_follow_feature() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH followed AS (
        UPDATE features r SET deleted_at = NEW.deleted_at
        FROM feature_forms ff
        WHERE ff.feature_id = NEW.id AND ff.deleted_at IS NULL AND r.id = ff.form_feature_id
          AND r.deleted_at IS DISTINCT FROM NEW.deleted_at
        RETURNING r.layer_id)
      UPDATE layers SET data_version = data_version + 1 WHERE id IN (SELECT layer_id FROM followed);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER features_forms_follow AFTER UPDATE OF deleted_at ON features
    FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at AND NEW.kind <> 'htmlform_feature'
      AND NEW.metadata @? '$.File_List[*] ? (@.File_Type == "Form")')
    EXECUTE FUNCTION feature_forms_follow_feature()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS features_forms_follow ON features`.execute(db);
  await sql`DROP FUNCTION IF EXISTS feature_forms_follow_feature()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS features_keep_form_entries ON features`.execute(db);
  await sql`DROP FUNCTION IF EXISTS feature_forms_keep_entries()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS feature_form_entries(jsonb, bigint)`.execute(db);
  await sql`DROP TABLE IF EXISTS feature_forms`.execute(db);
  await sql`DELETE FROM forms WHERE organization_id IS NULL`.execute(db);
  await sql`ALTER TABLE forms ALTER COLUMN organization_id SET NOT NULL`.execute(db);
}
