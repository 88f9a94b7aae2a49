import { sql, type Kysely } from 'kysely';

/**
 * Project structure (folders of two levels, layers) and the HTML forms granted to projects. A form
 * granted to a project gets a forms-type layer in the project's forms folder (folder type 2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE projects ADD COLUMN description text CHECK (char_length(description) <= 128)`.execute(db);
  await sql`ALTER TABLE projects ADD COLUMN owner_id uuid REFERENCES accounts(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE projects ADD COLUMN geoid_id text`.execute(db);
  await sql`ALTER TABLE projects ADD COLUMN coordinate text`.execute(db);
  await sql`ALTER TABLE projects ADD COLUMN zoom_level integer`.execute(db);

  await sql`
    CREATE TABLE folders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      parent_id uuid REFERENCES folders(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 128),
      description text CHECK (char_length(description) <= 256),
      folder_type text NOT NULL DEFAULT '0',
      leaders_enabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX folders_sibling_name_key ON folders (project_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))`.execute(
    db,
  );
  await sql`CREATE INDEX folders_project_idx ON folders (project_id)`.execute(db);

  await sql`
    CREATE TABLE layers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      folder_id uuid NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 128),
      description text,
      type text NOT NULL DEFAULT 'VECTOR' CHECK (type IN ('RASTER', 'VECTOR', 'WMS', 'WMS-TILE')),
      server_name text,
      reference_id text,
      is_active boolean NOT NULL DEFAULT true,
      read_only boolean NOT NULL DEFAULT false,
      preferred_method text NOT NULL DEFAULT 'WFS',
      mobile_preferred_method text,
      wfs_strategy text NOT NULL DEFAULT 'bbox',
      style_id uuid REFERENCES styles(id) ON DELETE SET NULL,
      z_index integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX layers_folder_name_key ON layers (folder_id, lower(name))`.execute(db);
  await sql`CREATE INDEX layers_project_idx ON layers (project_id)`.execute(db);

  await sql`
    CREATE TABLE forms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 128),
      description text CHECK (char_length(description) <= 256),
      html text NOT NULL,
      js text NOT NULL,
      html_file_name text NOT NULL,
      js_file_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX forms_name_key ON forms (organization_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE form_permissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      form_id uuid NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (form_id, project_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['form_permissions', 'forms', 'layers', 'folders'])
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  for (const c of ['description', 'owner_id', 'geoid_id', 'coordinate', 'zoom_level']) {
    await sql`ALTER TABLE projects DROP COLUMN IF EXISTS ${sql.ref(c)}`.execute(db);
  }
}
