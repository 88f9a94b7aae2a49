import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { migrateToLatest } from './migrate.js';
import { seedProviderTemplates } from '../dictionaries/templates/seed.js';
import { seedLocateForm } from '../feature-forms/locate-form.js';

/** Everything a database needs before the server uses it: migrations, then the shipped seed data. */
export async function prepareDatabase(db: Kysely<DB>): Promise<void> {
  await migrateToLatest(db);
  await seedProviderTemplates(db);
  await seedLocateForm(db);
}
