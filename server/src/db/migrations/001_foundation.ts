import { sql, type Kysely } from 'kysely';

/** Organizations, accounts, memberships, permissions, identity (codes, tokens, throttle), preferences, audit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS postgis`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);

  await sql`
    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      type text NOT NULL DEFAULT 'standard',
      parent_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      address1 text, address2 text, city text, state text, postal_code text,
      max_users integer,
      user_info jsonb,
      rtk_seats integer NOT NULL DEFAULT 0,
      functionality_flags jsonb NOT NULL DEFAULT '{}'::jsonb,
      geoserver_url text,
      stripe_customer_id text,
      payment_method integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX organizations_parent_idx ON organizations (parent_id)`.execute(db);

  await sql`
    CREATE TABLE accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(btrim(email))),
      password_hash text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      phone_number text,
      company_name text,
      confirmed boolean NOT NULL DEFAULT false,
      email_verified boolean NOT NULL DEFAULT false,
      must_change_password boolean NOT NULL DEFAULT false,
      password_reset_required boolean NOT NULL DEFAULT false,
      eula_web bigint,
      default_organization_id uuid REFERENCES organizations(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX accounts_email_key ON accounts (email)`.execute(db);

  await sql`
    CREATE TABLE memberships (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_type char(4) NOT NULL CHECK (user_type ~ '^[01]{4}$'),
      is_active boolean NOT NULL DEFAULT true,
      renew boolean NOT NULL DEFAULT true,
      rtk_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, organization_id)
    )`.execute(db);
  await sql`CREATE INDEX memberships_org_idx ON memberships (organization_id)`.execute(db);

  await sql`
    CREATE TABLE permissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      asset_type text NOT NULL,
      asset_id text NOT NULL,
      bit_mask char(4) NOT NULL CHECK (bit_mask ~ '^[01]{4}$'),
      UNIQUE (account_id, organization_id, asset_type, asset_id)
    )`.execute(db);

  await sql`
    CREATE TABLE auth_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('signup', 'reset', 'verify_email')),
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_codes_account_idx ON auth_codes (account_id, purpose)`.execute(db);

  await sql`
    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE auth_throttle (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      window_started_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE auth_providers (
      domain text PRIMARY KEY CHECK (domain = lower(domain)),
      provider text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE preferences (
      account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      prefs jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE activities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
      type text NOT NULL,
      category text NOT NULL,
      message text NOT NULL,
      occurred_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX activities_org_time_idx ON activities (organization_id, occurred_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'activities',
    'preferences',
    'auth_providers',
    'auth_throttle',
    'refresh_tokens',
    'auth_codes',
    'permissions',
    'memberships',
    'accounts',
    'organizations',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
