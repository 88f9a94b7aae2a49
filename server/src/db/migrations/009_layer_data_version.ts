import { sql, type Kysely } from 'kysely';

/**
 * A per-layer data version, bumped in the same transaction as every feature write, so rendered map
 * tiles cached by any server process are keyed to the data they show (see server/src/ogc/data-version.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE layers ADD COLUMN data_version bigint NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE layers DROP COLUMN IF EXISTS data_version`.execute(db);
}
