import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

export interface CrsOption {
  name: string;
  epsg: number;
  wkt: string;
}

const nameOf = (srtext: string) => srtext.match(/^[A-Z_]+\["([^"]+)"/)?.[1] ?? '';

/** EPSG coordinate systems from PostGIS's registry, by code or by words of the name. */
export async function searchCrs(db: Executor, query: string | undefined, limit = 50): Promise<CrsOption[]> {
  const q = (query ?? '').trim();
  let rows;
  if (/^\d+$/.test(q)) {
    rows = await sql<{ auth_srid: number; srtext: string }>`
      SELECT auth_srid, srtext FROM spatial_ref_sys WHERE auth_name = 'EPSG' AND auth_srid::text LIKE ${`${q}%`}
      ORDER BY auth_srid LIMIT ${limit}`.execute(db);
  } else {
    const words = q
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const conditions = words.map((w) => sql`split_part(srtext, '"', 2) ILIKE ${w}`);
    rows = await sql<{ auth_srid: number; srtext: string }>`
      SELECT auth_srid, srtext FROM spatial_ref_sys
      WHERE auth_name = 'EPSG' AND srtext <> '' ${conditions.length ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``}
      ORDER BY auth_srid LIMIT ${limit}`.execute(db);
  }
  return rows.rows.map((r) => ({ name: nameOf(r.srtext), epsg: Number(r.auth_srid), wkt: r.srtext }));
}

export async function crsByCode(db: Executor, epsg: number): Promise<CrsOption | null> {
  const row = await db
    .selectFrom(sql<{ auth_srid: number; srtext: string; auth_name: string }>`spatial_ref_sys`.as('s'))
    .select(['s.auth_srid', 's.srtext'])
    .where('s.auth_name', '=', 'EPSG')
    .where('s.auth_srid', '=', epsg)
    .executeTakeFirst();
  return row ? { name: nameOf(row.srtext), epsg: Number(row.auth_srid), wkt: row.srtext } : null;
}

/**
 * Whether a WKT text is a coordinate system PROJ can use: a point is transformed from WGS 84 into
 * it. Anything PROJ cannot build fails here.
 */
export async function isValidCrsWkt(db: Executor, wkt: string): Promise<boolean> {
  if (!/^\s*(PROJCS|GEOGCS|GEOCCS|COMPD_CM|PROJCRS|GEOGCRS|GEODCRS|COMPOUNDCRS|BOUNDCRS)\s*\[/i.test(wkt)) return false;
  try {
    const result = await sql<{ ok: boolean | null }>`
      SELECT ST_IsValid(ST_Transform(ST_SetSRID(ST_MakePoint(-98, 39), 4326), ${wkt}::text)) AS ok`.execute(db);
    return result.rows.length === 1 && result.rows[0].ok !== null;
  } catch {
    return false;
  }
}

/** Geoid models a project can use to turn ellipsoidal heights into orthometric ones. */
export const GEOID_MODELS = [
  { id: 'GEOID18', name: 'GEOID18 (NAD83(2011), CONUS, Puerto Rico, USVI)' },
  { id: 'GEOID12B', name: 'GEOID12B (NAD83(2011), US and territories)' },
  { id: 'EGM2008', name: 'EGM2008 (global)' },
  { id: 'EGM96', name: 'EGM96 (global)' },
] as const;
