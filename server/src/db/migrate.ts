import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001_foundation.js';
import * as m002 from './migrations/002_organizations.js';
import * as m003 from './migrations/003_dictionaries.js';
import * as m004 from './migrations/004_data_management.js';
import * as m005 from './migrations/005_projects_and_forms.js';
import * as m006 from './migrations/006_features.js';
import * as m007 from './migrations/007_layer_shares_and_stores.js';
import * as m008 from './migrations/008_leaders_and_altitudes.js';
import * as m009 from './migrations/009_layer_data_version.js';
import * as m010 from './migrations/010_layer_dictionary_styles.js';
import * as m011 from './migrations/011_identity_hardening.js';
import * as m012 from './migrations/012_membership_invitations.js';
import * as m013 from './migrations/013_layer_fields.js';
import * as m014 from './migrations/014_jobs.js';
import * as m015 from './migrations/015_raster_layers.js';
import * as m016 from './migrations/016_bulk_feature_writes.js';
import * as m017 from './migrations/017_import_into_pending_layers.js';
import * as m018 from './migrations/018_layer_feature_order.js';
import * as m019 from './migrations/019_feature_search.js';
import * as m020 from './migrations/020_layer_value_counts.js';
import * as m021 from './migrations/021_search_accents.js';
import * as m022 from './migrations/022_feature_attribute_index.js';
import * as m023 from './migrations/023_activity_log.js';
import * as m024 from './migrations/024_keep_deleted_layer_features.js';
import * as m025 from './migrations/025_activity_report_columns.js';
import * as m026 from './migrations/026_activity_day_counts.js';
import * as m027 from './migrations/027_attachments.js';
import * as m028 from './migrations/028_feature_forms.js';
import * as m029 from './migrations/029_onecall.js';

/** Migrations live in code so the server and the tests run the same ones on either database. */
const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_organizations': m002,
  '003_dictionaries': m003,
  '004_data_management': m004,
  '005_projects_and_forms': m005,
  '006_features': m006,
  '007_layer_shares_and_stores': m007,
  '008_leaders_and_altitudes': m008,
  '009_layer_data_version': m009,
  '010_layer_dictionary_styles': m010,
  '011_identity_hardening': m011,
  '012_membership_invitations': m012,
  '013_layer_fields': m013,
  '014_jobs': m014,
  '015_raster_layers': m015,
  '016_bulk_feature_writes': m016,
  '017_import_into_pending_layers': m017,
  '018_layer_feature_order': m018,
  '019_feature_search': m019,
  '020_layer_value_counts': m020,
  '021_search_accents': m021,
  '022_feature_attribute_index': m022,
  '023_activity_log': m023,
  '024_keep_deleted_layer_features': m024,
  '025_activity_report_columns': m025,
  '026_activity_day_counts': m026,
  '027_attachments': m027,
  '028_feature_forms': m028,
  '029_onecall': m029,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists (Kysely's Migrator takes Kysely<any>)
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Issue #15's areas took 027-029 in parallel and 029 landed first: a database migrated then runs 028 after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
