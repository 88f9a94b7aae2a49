import { sql, type Kysely } from 'kysely';

/**
 * Typed layer fields (issue #10 §1): a layer's field list (name, type, order; packages/domain
 * map/fields.ts) and each feature's values by field name, typed JSON (numbers stay numbers). The
 * version rows keep a feature's `field_values` in their `before`, so a removed field's values stay
 * in the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE layers ADD COLUMN fields jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  await sql`ALTER TABLE features ADD COLUMN field_values jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE features DROP COLUMN IF EXISTS field_values`.execute(db);
  await sql`ALTER TABLE layers DROP COLUMN IF EXISTS fields`.execute(db);
}
