import { sql, type Kysely } from 'kysely';

/**
 * Identity hardening (issue #17): ID tokens issued before `password_changed_at` are refused, and the
 * throttle keeps a progressive delay per key (sign-in pairs, addresses, accounts, mail sends, code
 * decoys) in `blocked_until` instead of a fixed lock-out window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE accounts ADD COLUMN password_changed_at timestamptz`.execute(db);
  // The old rows are lock-out windows of the previous scheme; they mean nothing to the new one.
  await sql`DELETE FROM auth_throttle`.execute(db);
  await sql`ALTER TABLE auth_throttle RENAME COLUMN failures TO attempts`.execute(db);
  await sql`ALTER TABLE auth_throttle RENAME COLUMN window_started_at TO last_attempt_at`.execute(db);
  await sql`ALTER TABLE auth_throttle ADD COLUMN blocked_until timestamptz`.execute(db);
  await sql`CREATE INDEX auth_throttle_last_attempt_idx ON auth_throttle (last_attempt_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX auth_throttle_last_attempt_idx`.execute(db);
  await sql`ALTER TABLE auth_throttle DROP COLUMN blocked_until`.execute(db);
  await sql`ALTER TABLE auth_throttle RENAME COLUMN last_attempt_at TO window_started_at`.execute(db);
  await sql`ALTER TABLE auth_throttle RENAME COLUMN attempts TO failures`.execute(db);
  await sql`ALTER TABLE accounts DROP COLUMN password_changed_at`.execute(db);
}
