import { sql, type Kysely } from 'kysely';

/**
 * Reports count hundreds of thousands of entries (a year of feature edits) and sum what users collected
 * (issue #14: a report over a year < 500 ms). Read from the heap, a count of 400,000 entries took ~180 ms
 * on PostgreSQL only to check each entry's author type and feature kind. So the facts the reports filter
 * and sum are columns — the feature kind, collected length and vertices, copied from the artifact when
 * the entry is written — and the category index carries them (INCLUDE), with the author type, project
 * and account: a bar, or the collection table, is an index-only scan of its category's range. Entries
 * recognised by their fixed text (moves, shares, imports) get an index by message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE activities
    ADD COLUMN feature_kind text,
    ADD COLUMN length_m double precision,
    ADD COLUMN vertices integer`.execute(db);
  await sql`UPDATE activities SET feature_kind = artifact->>'kind',
      length_m = (artifact->>'lengthM')::double precision, vertices = (artifact->>'vertices')::integer
    WHERE category = 'Feature' AND artifact ? 'kind'`.execute(db);
  await sql`DROP INDEX IF EXISTS activities_category_time_idx`.execute(db);
  await sql`CREATE INDEX activities_category_time_idx
    ON activities (organization_id, category, type, occurred_at DESC, seq DESC)
    INCLUDE (actor_type, feature_kind, project_id, account_id, length_m, vertices)`.execute(db);
  await sql`CREATE INDEX activities_message_time_idx ON activities (organization_id, message, occurred_at DESC)
    INCLUDE (actor_type, project_id, account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS activities_message_time_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS activities_category_time_idx`.execute(db);
  await sql`CREATE INDEX activities_category_time_idx
    ON activities (organization_id, category, type, occurred_at DESC, seq DESC)`.execute(db);
  await sql`ALTER TABLE activities DROP COLUMN feature_kind, DROP COLUMN length_m, DROP COLUMN vertices`.execute(db);
}
