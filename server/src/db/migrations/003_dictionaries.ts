import { sql, type Kysely } from 'kysely';
import { ATTRIBUTE_TYPES, COMPONENT_TYPES } from '@fieldbook/domain';

/**
 * Data dictionaries (systems → components → attributes, pick lists) and the projects table they are
 * assigned to. Names that the spec keeps unique are unique in the database too (case-insensitive).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE component_types (id integer PRIMARY KEY, name text NOT NULL UNIQUE)`.execute(db);
  await sql`CREATE TABLE attribute_types (id integer PRIMARY KEY, name text NOT NULL UNIQUE)`.execute(db);
  for (const t of COMPONENT_TYPES)
    await sql`INSERT INTO component_types (id, name) VALUES (${t.id}, ${t.name})`.execute(db);
  for (const t of ATTRIBUTE_TYPES)
    await sql`INSERT INTO attribute_types (id, name) VALUES (${t.id}, ${t.name})`.execute(db);

  await sql`
    CREATE TABLE dictionaries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      template_key text UNIQUE,
      name text NOT NULL,
      is_readonly boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      project_id uuid,
      copied_from_id uuid REFERENCES dictionaries(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES accounts(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX dictionaries_org_idx ON dictionaries (organization_id)`.execute(db);

  await sql`
    CREATE TABLE pick_lists (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      dictionary_id uuid REFERENCES dictionaries(id) ON DELETE CASCADE,
      name text NOT NULL,
      is_global boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX pick_lists_global_name_key ON pick_lists (organization_id, lower(name)) WHERE is_global`.execute(
    db,
  );
  await sql`
    CREATE TABLE pick_list_values (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      pick_list_id uuid NOT NULL REFERENCES pick_lists(id) ON DELETE CASCADE,
      value text NOT NULL,
      label text NOT NULL,
      sort_order integer NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX pick_list_values_value_key ON pick_list_values (pick_list_id, lower(value))`.execute(
    db,
  );

  await sql`
    CREATE TABLE systems (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      dictionary_id uuid NOT NULL REFERENCES dictionaries(id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
      sort_order integer NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX systems_name_key ON systems (dictionary_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE components (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      system_id uuid NOT NULL REFERENCES systems(id) ON DELETE CASCADE,
      component_type_id integer NOT NULL REFERENCES component_types(id),
      alias text NOT NULL,
      sort_order integer NOT NULL,
      component_styling boolean NOT NULL DEFAULT false,
      style text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX components_alias_key ON components (system_id, lower(alias))`.execute(db);

  await sql`
    CREATE TABLE attributes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      component_id uuid REFERENCES components(id) ON DELETE CASCADE,
      name text NOT NULL,
      type_id integer NOT NULL REFERENCES attribute_types(id),
      default_value text,
      required boolean NOT NULL DEFAULT false,
      sort_order integer NOT NULL DEFAULT 0,
      pick_list_id uuid REFERENCES pick_lists(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX attributes_name_key ON attributes (component_id, lower(name)) WHERE component_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX attributes_pick_list_idx ON attributes (pick_list_id)`.execute(db);

  await sql`
    CREATE TABLE attribute_search_index (
      component_id uuid NOT NULL REFERENCES components(id) ON DELETE CASCADE,
      name text NOT NULL,
      attribute_id uuid REFERENCES attributes(id) ON DELETE CASCADE,
      type_id integer NOT NULL REFERENCES attribute_types(id),
      organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component_id, name)
    )`.execute(db);

  await sql`
    CREATE TABLE projects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      dictionary_id uuid NOT NULL REFERENCES dictionaries(id) ON DELETE RESTRICT,
      site_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX projects_name_key ON projects (organization_id, lower(name))`.execute(db);
  await sql`CREATE INDEX projects_dictionary_idx ON projects (dictionary_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'projects',
    'attribute_search_index',
    'attributes',
    'components',
    'systems',
    'pick_list_values',
    'pick_lists',
    'dictionaries',
    'attribute_types',
    'component_types',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
