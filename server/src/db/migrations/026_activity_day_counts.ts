import { sql, type Kysely } from 'kysely';
import { ACTIVITY_TEXTS } from '@fieldbook/domain';

/**
 * A report over a year counts up to a year of entries per bar (issue #14: < 500 ms); counting 400,000
 * index entries took ~450 ms on PostgreSQL. So the log's entries are also counted per UTC day, project,
 * category, type, feature kind, fixed text and author kind by a statement trigger in the writer's
 * transaction (one upsert per distinct key of the statement, in key order so writers cannot deadlock).
 * A count over a time range reads the whole days inside it from here and the partial days at its two
 * ends from the log itself (activities/query.ts): exact in any time zone. Entries are never updated
 * and go only with their organization (cascade), so inserts are all there is to count.
 */
const KNOWN_TEXTS = Object.values(ACTIVITY_TEXTS);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE activity_day_counts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      day date NOT NULL,
      project_id uuid,
      category text NOT NULL,
      type text NOT NULL,
      feature_kind text,
      message text,
      by_support boolean NOT NULL,
      n bigint NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX activity_day_counts_key ON activity_day_counts
      (organization_id, category, type, day, project_id, feature_kind, message, by_support) NULLS NOT DISTINCT`.execute(
    db,
  );
  const fold = (source: string) => sql`
    INSERT INTO activity_day_counts AS c
      (organization_id, day, project_id, category, type, feature_kind, message, by_support, n)
    SELECT organization_id, (occurred_at AT TIME ZONE 'UTC')::date, project_id, category, type, feature_kind,
           CASE WHEN message = ANY(${sql.lit(`{${KNOWN_TEXTS.map((t) => `"${t}"`).join(',')}}`)}::text[]) THEN message END,
           actor_type IS NOT DISTINCT FROM '1111', count(*)
    FROM ${sql.raw(source)}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 1, 4, 5, 2, 3, 6, 7, 8
    ON CONFLICT (organization_id, category, type, day, project_id, feature_kind, message, by_support)
    DO UPDATE SET n = c.n + excluded.n`;
  await sql`CREATE FUNCTION count_new_activities() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${fold('new_activities')};
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER activities_day_counts AFTER INSERT ON activities
    REFERENCING NEW TABLE AS new_activities FOR EACH STATEMENT
    EXECUTE FUNCTION count_new_activities()`.execute(db);
  await fold('activities').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS activities_day_counts ON activities`.execute(db);
  await sql`DROP FUNCTION IF EXISTS count_new_activities()`.execute(db);
  await sql`DROP TABLE IF EXISTS activity_day_counts`.execute(db);
}
