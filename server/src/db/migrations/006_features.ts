import { sql, type Kysely } from 'kysely';

/**
 * Features of every layer in one table, with a version row per change so any feature can be restored
 * or undeleted. The GiST index on (layer_id, geom) keeps a layer's bbox query on that layer's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE features (
      id bigserial PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      layer_id uuid NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('point', 'line', 'polygon', 'leader', 'htmlform_feature', 'onecall_tickets')),
      geom geometry(Geometry, 4326) NOT NULL,
      dictionary_id uuid,
      system_id uuid,
      component_id uuid,
      attributes jsonb NOT NULL DEFAULT '[]'::jsonb,
      metadata jsonb,
      properties jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX features_layer_geom_idx ON features USING gist (layer_id, geom) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX features_project_idx ON features (project_id)`.execute(db);

  await sql`
    CREATE TABLE feature_versions (
      id bigserial PRIMARY KEY,
      feature_id bigint NOT NULL REFERENCES features(id) ON DELETE CASCADE,
      action text NOT NULL CHECK (action IN ('Add', 'Edit', 'Delete', 'Restore')),
      changed_at timestamptz NOT NULL DEFAULT now(),
      changed_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
      before jsonb
    )`.execute(db);
  await sql`CREATE INDEX feature_versions_feature_idx ON feature_versions (feature_id, changed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS feature_versions`.execute(db);
  await sql`DROP TABLE IF EXISTS features`.execute(db);
}
