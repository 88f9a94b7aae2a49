import { sql, type Kysely } from 'kysely';

/**
 * Layer sharing and external services (spec 3 §3, §7). A share shows a layer read-only in a folder
 * of another project; removing either side removes the share. An external store keeps the WMS/WMTS
 * capabilities URL and credentials server-side only; its folder (type 3 or 4) holds one layer per
 * advertised layer (server_name = the remote layer name, reference_id = the store id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE layer_shares (
      layer_id uuid NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
      folder_id uuid NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (layer_id, folder_id)
    )`.execute(db);
  await sql`CREATE INDEX layer_shares_folder_idx ON layer_shares (folder_id)`.execute(db);
  await sql`CREATE INDEX layer_shares_project_idx ON layer_shares (project_id)`.execute(db);
  await sql`
    CREATE TABLE external_stores (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      folder_id uuid NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('WMS', 'WMTS')),
      capabilities_url text NOT NULL,
      service_url text NOT NULL,
      username text NOT NULL DEFAULT '',
      password text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS external_stores`.execute(db);
  await sql`DROP TABLE IF EXISTS layer_shares`.execute(db);
}
