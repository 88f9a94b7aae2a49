import { sql, type Kysely } from 'kysely';

/** Organization sharing grants, feedback, push subscriptions and notification interests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organization_grants (
      id text PRIMARY KEY,
      state text NOT NULL CHECK (state IN ('CREATED', 'REQUESTED', 'ACCEPTED', 'DENIED', 'EXPIRED')),
      grantor_organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      grantee_organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      permissions jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_by_email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      requested_by_email text,
      requested_at timestamptz,
      accepted_by_email text,
      accepted_at timestamptz,
      denied_by_email text,
      denied_at timestamptz,
      expires_at timestamptz NOT NULL,
      CHECK (grantee_organization_id IS NULL OR grantee_organization_id <> grantor_organization_id)
    )`.execute(db);
  await sql`CREATE INDEX organization_grants_grantor_idx ON organization_grants (grantor_organization_id)`.execute(db);
  await sql`CREATE INDEX organization_grants_grantee_idx ON organization_grants (grantee_organization_id)`.execute(db);
  // One live grant per pair of organizations.
  await sql`CREATE UNIQUE INDEX organization_grants_pair_key ON organization_grants (grantor_organization_id, grantee_organization_id)
    WHERE grantee_organization_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE feedback (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
      title text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE push_subscriptions (
      token text PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE notification_interests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token text NOT NULL REFERENCES push_subscriptions(token) ON DELETE CASCADE,
      artifact text NOT NULL,
      scope text NOT NULL,
      code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (token, artifact, scope, code)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['notification_interests', 'push_subscriptions', 'feedback', 'organization_grants']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
