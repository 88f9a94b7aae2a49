import { sql, type Kysely } from 'kysely';

/**
 * One-call (issue #15, spec 3 §3 one-call e-mail, ticket, positive response; §5; §7 one-call service).
 *
 * - `onecall_addresses`: a project's one-call e-mail list. Each address has its tickets layer (made
 *   with it, in the project's One Call folder), is unverified until the link mailed to it is opened,
 *   and has an inbound token: our inbound address and the webhook's credential for it. An address is
 *   listed once per project (any case).
 * - `onecall_tickets`: a received ticket, one per layer and ticket number (a re-send updates it), with
 *   its feature on the layer, the parsed fields, the text as received and where responses go. Archived
 *   tickets (older than their address's archive days) keep their row; their feature leaves the map.
 *   `address_id` is cleared when the address goes, so the responses of its tickets stay readable
 *   while the layer is restorable.
 * - `onecall_responses`: positive responses sent for a ticket, as mailed to the one-call center.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE onecall_addresses (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    layer_id uuid NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
    email_address text NOT NULL CHECK (char_length(email_address) BETWEEN 3 AND 128),
    archive_days integer NOT NULL DEFAULT 7 CHECK (archive_days BETWEEN 1 AND 365),
    verified_at timestamptz,
    verification_hash text,
    verification_expires_at timestamptz,
    inbound_token text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by uuid REFERENCES accounts(id) ON DELETE SET NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX onecall_addresses_project_email_idx ON onecall_addresses (project_id, lower(email_address))`.execute(
    db,
  );
  await sql`CREATE INDEX onecall_addresses_email_idx ON onecall_addresses (lower(email_address))`.execute(db);
  await sql`CREATE UNIQUE INDEX onecall_addresses_verification_idx ON onecall_addresses (verification_hash)
    WHERE verification_hash IS NOT NULL`.execute(db);

  await sql`CREATE TABLE onecall_tickets (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    address_id uuid REFERENCES onecall_addresses(id) ON DELETE SET NULL,
    layer_id uuid NOT NULL,
    feature_id bigint NOT NULL REFERENCES features(id) ON DELETE CASCADE,
    ticket_number text NOT NULL CHECK (char_length(ticket_number) <= 48),
    ticket_type text NOT NULL,
    revision text,
    members_notified text NOT NULL,
    reply_to text NOT NULL,
    fields jsonb NOT NULL,
    raw text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    archived_at timestamptz
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX onecall_tickets_layer_number_idx ON onecall_tickets (layer_id, ticket_number)`.execute(
    db,
  );
  await sql`CREATE INDEX onecall_tickets_number_idx ON onecall_tickets (organization_id, ticket_number)`.execute(db);
  await sql`CREATE INDEX onecall_tickets_feature_idx ON onecall_tickets (feature_id)`.execute(db);
  await sql`CREATE INDEX onecall_tickets_live_idx ON onecall_tickets (address_id, updated_at) WHERE archived_at IS NULL`.execute(
    db,
  );

  await sql`CREATE TABLE onecall_responses (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    ticket_id uuid NOT NULL REFERENCES onecall_tickets(id) ON DELETE CASCADE,
    member_code text NOT NULL,
    member_name text NOT NULL,
    response_code text NOT NULL,
    comments text CHECK (comments IS NULL OR char_length(comments) BETWEEN 10 AND 255),
    feature_form_id text,
    status text NOT NULL DEFAULT 'RESPONDED' CHECK (status = 'RESPONDED'),
    responded_at timestamptz NOT NULL DEFAULT now(),
    responded_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
    responded_by_email text,
    delivered_to text NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX onecall_responses_ticket_idx ON onecall_responses (ticket_id, responded_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS onecall_responses`.execute(db);
  await sql`DROP TABLE IF EXISTS onecall_tickets`.execute(db);
  await sql`DROP TABLE IF EXISTS onecall_addresses`.execute(db);
}
