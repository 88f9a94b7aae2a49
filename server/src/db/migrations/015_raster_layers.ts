import { sql, type Kysely } from 'kysely';

/**
 * Raster layers (issue #10 §2): an uploaded GeoTIFF is stored reprojected to EPSG:3857 as a tiled,
 * overviewed GeoTIFF under DATA_DIR/files; `raster` names that file and holds its extent and
 * description (server/src/rasters/raster-info.ts). Null on every other layer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE layers ADD COLUMN raster jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE layers DROP COLUMN IF EXISTS raster`.execute(db);
}
