import { sql, type Kysely } from 'kysely';

/**
 * Invitations between organizations (issue #17 point 2). Adding a person who already has an account
 * makes a pending membership: it holds a seat and the names the inviting admin typed, and grants
 * nothing until the invitee accepts. An account records the organization whose admin created it,
 * the only organization that may rename it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE memberships
    ADD COLUMN invitation_pending boolean NOT NULL DEFAULT false,
    ADD COLUMN invited_first_name text,
    ADD COLUMN invited_last_name text,
    ADD COLUMN invited_by uuid REFERENCES accounts(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX memberships_pending_idx ON memberships (account_id) WHERE invitation_pending`.execute(db);
  await sql`ALTER TABLE accounts ADD COLUMN created_by_organization_id uuid REFERENCES organizations(id) ON DELETE SET NULL`.execute(
    db,
  );
  // Accounts made by an admin's invitation so far: no sign-up phone number and only their home organization.
  await sql`UPDATE accounts a SET created_by_organization_id = a.default_organization_id
    WHERE a.phone_number IS NULL AND a.default_organization_id IS NOT NULL
      AND (SELECT count(*) FROM memberships m WHERE m.account_id = a.id) = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE accounts DROP COLUMN IF EXISTS created_by_organization_id`.execute(db);
  await sql`DELETE FROM memberships WHERE invitation_pending`.execute(db);
  await sql`ALTER TABLE memberships DROP COLUMN IF EXISTS invitation_pending, DROP COLUMN IF EXISTS invited_first_name,
    DROP COLUMN IF EXISTS invited_last_name, DROP COLUMN IF EXISTS invited_by`.execute(db);
}
