import { sql, type Kysely } from 'kysely';

/** Symbols, styles, site calibrations and client keys of spec 2. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE symbols (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      format text CHECK (format IN ('png', 'jpg', 'gif')),
      original_name text,
      file_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES accounts(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX symbols_name_key ON symbols (organization_id, lower(btrim(name)))`.execute(db);

  await sql`
    CREATE TABLE styles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      format text NOT NULL CHECK (format IN ('css', 'xml')),
      body text NOT NULL,
      project_id uuid REFERENCES projects(id) ON DELETE SET NULL,
      is_dictionary_style boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES accounts(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX styles_name_key ON styles (organization_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE sites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 256),
      wkt text NOT NULL CHECK (char_length(wkt) <= 2048),
      proj text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE projects ADD CONSTRAINT projects_site_fk FOREIGN KEY (site_id) REFERENCES sites(id) ON DELETE RESTRICT`.execute(
    db,
  );

  await sql`
    CREATE TABLE client_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      key_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX client_keys_org_idx ON client_keys (organization_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE projects DROP CONSTRAINT IF EXISTS projects_site_fk`.execute(db);
  for (const t of ['client_keys', 'sites', 'styles', 'symbols'])
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
}
