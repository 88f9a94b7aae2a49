import { sql, type Kysely } from 'kysely';

/**
 * Background jobs (issue #10 §4): imports and exports run in a worker that claims rows of `jobs`
 * with FOR UPDATE SKIP LOCKED and beats a heartbeat while it works, so a job whose worker died is
 * found and recovered. `import_rows` holds an import's features between reading the file and the one
 * transaction that creates its layers, so a failed or interrupted import leaves nothing in the map.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE jobs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- The order jobs were queued in: pages and the queue follow it (timestamps tie, and lose
    -- their microseconds in JavaScript).
    seq bigint GENERATED ALWAYS AS IDENTITY,
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    project_id uuid REFERENCES projects(id) ON DELETE CASCADE,
    owner_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('IMPORT', 'EXPORT')),
    title text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}',
    is_complete boolean NOT NULL DEFAULT false,
    has_error boolean NOT NULL DEFAULT false,
    info_messages jsonb NOT NULL DEFAULT '[]',
    result_url text,
    processed bigint NOT NULL DEFAULT 0,
    total bigint NOT NULL DEFAULT 0,
    attempts integer NOT NULL DEFAULT 0,
    timeout_time timestamptz,
    claimed_by text,
    heartbeat_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // The queue: open jobs nobody holds, oldest first.
  await sql`CREATE INDEX jobs_queue_idx ON jobs (seq) WHERE NOT is_complete AND NOT has_error`.execute(db);
  await sql`CREATE INDEX jobs_listing_idx ON jobs (organization_id, seq DESC)`.execute(db);
  await sql`CREATE TABLE import_rows (
    job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    source_layer integer NOT NULL,
    ord bigint NOT NULL,
    kind text NOT NULL,
    geom geometry NOT NULL,
    field_values jsonb NOT NULL,
    PRIMARY KEY (job_id, source_layer, ord)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS import_rows`.execute(db);
  await sql`DROP TABLE IF EXISTS jobs`.execute(db);
}
