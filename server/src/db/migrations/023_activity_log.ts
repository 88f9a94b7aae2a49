import { sql, type Kysely } from 'kysely';

/**
 * The activity log of every write (issue #14; spec 3 §3 activity entry). An entry keeps who did it as
 * they were then (e-mail and user type: the log stays readable after the account goes, and support
 * users' entries are hidden by their type), the project it belongs to (no foreign key: entries outlive
 * their project) and a JSON artifact (the feature id, kind and metadata; a deleted layer's snapshot).
 * `seq` orders entries of one instant (one transaction writes several with the same time), so the page
 * key (Timestamp, Seq) neither skips nor repeats an entry.
 *
 * Indexes serve the log's pages newest first: the organization's whole log, one project's, one user's,
 * one category's (also the reports' counts, index-only), and artifact containment (a feature's own
 * entries for the feature panel's ACTIVITY tab, a feature kind for the reports).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE activities
    ADD COLUMN seq bigserial,
    ADD COLUMN project_id uuid,
    ADD COLUMN artifact jsonb,
    ADD COLUMN actor_email text,
    ADD COLUMN actor_type text`.execute(db);
  await sql`UPDATE activities a SET actor_email = acc.email,
      type = 'Edit', category = 'General'
    FROM accounts acc WHERE acc.id = a.account_id`.execute(db);
  await sql`UPDATE activities a SET actor_type = m.user_type FROM memberships m
    WHERE m.account_id = a.account_id AND m.organization_id = a.organization_id`.execute(db);
  await sql`DROP INDEX IF EXISTS activities_org_time_idx`.execute(db);
  await sql`CREATE INDEX activities_org_time_idx ON activities (organization_id, occurred_at DESC, seq DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX activities_project_time_idx
    ON activities (organization_id, project_id, occurred_at DESC, seq DESC)`.execute(db);
  await sql`CREATE INDEX activities_account_time_idx
    ON activities (organization_id, account_id, occurred_at DESC, seq DESC)`.execute(db);
  await sql`CREATE INDEX activities_category_time_idx
    ON activities (organization_id, category, type, occurred_at DESC, seq DESC)`.execute(db);
  await sql`CREATE INDEX activities_artifact_idx ON activities USING gin (artifact jsonb_path_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['activities_artifact_idx', 'activities_category_time_idx', 'activities_account_time_idx'])
    await sql`DROP INDEX IF EXISTS ${sql.raw(index)}`.execute(db);
  await sql`DROP INDEX IF EXISTS activities_project_time_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS activities_org_time_idx`.execute(db);
  await sql`ALTER TABLE activities DROP COLUMN seq, DROP COLUMN project_id, DROP COLUMN artifact,
    DROP COLUMN actor_email, DROP COLUMN actor_type`.execute(db);
  await sql`CREATE INDEX activities_org_time_idx ON activities (organization_id, occurred_at DESC)`.execute(db);
}
