import { sql, type Kysely } from 'kysely';

/**
 * Imports write a million features in one job (issue #10 "Speed and memory"); each foreign key of
 * `features` is a trigger that looks its parent up once per row. Measured on a 1M-point import, the
 * keys on organization, project and the two account columns cost about as much as the insert itself.
 *
 * - `features.layer_id` keeps its key: a layer owns its features and deleting it removes them. The
 *   organization and project of a feature are copies of its layer's, written from the layer by every
 *   path that writes features, and go with the layer (projects and organizations cascade to layers).
 * - `created_by`, `updated_by` and `feature_versions.changed_by` record who did it: the audit keeps the
 *   id when an account is removed (read as "unknown user", as the removed key's SET NULL read before).
 *
 * Imports also stage their rows in tables of their own now (server/src/imports/load.ts), not in
 * `import_rows`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE features
    DROP CONSTRAINT IF EXISTS features_organization_id_fkey,
    DROP CONSTRAINT IF EXISTS features_project_id_fkey,
    DROP CONSTRAINT IF EXISTS features_created_by_fkey,
    DROP CONSTRAINT IF EXISTS features_updated_by_fkey`.execute(db);
  await sql`ALTER TABLE feature_versions DROP CONSTRAINT IF EXISTS feature_versions_changed_by_fkey`.execute(db);
  await sql`DROP TABLE IF EXISTS import_rows`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE import_rows (
    job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    source_layer integer NOT NULL,
    ord bigint NOT NULL,
    kind text NOT NULL,
    geom geometry NOT NULL,
    field_values jsonb NOT NULL,
    PRIMARY KEY (job_id, source_layer, ord))`.execute(db);
  await sql`ALTER TABLE feature_versions ADD CONSTRAINT feature_versions_changed_by_fkey
    FOREIGN KEY (changed_by) REFERENCES accounts(id) ON DELETE SET NULL NOT VALID`.execute(db);
  await sql`ALTER TABLE features
    ADD CONSTRAINT features_organization_id_fkey FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE NOT VALID,
    ADD CONSTRAINT features_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE NOT VALID,
    ADD CONSTRAINT features_created_by_fkey FOREIGN KEY (created_by) REFERENCES accounts(id) ON DELETE SET NULL NOT VALID,
    ADD CONSTRAINT features_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES accounts(id) ON DELETE SET NULL NOT VALID`.execute(
    db,
  );
}
