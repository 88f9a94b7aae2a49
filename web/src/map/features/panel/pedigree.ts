import { siteProjector, type SiteDefinition } from '../../site/site-projection';
import { M_TO_FT } from './measure';

/** Pedigree keys the product keeps for itself and never shows (spec 3 §3). */
const HIDDEN = /^(_|File_List$|Dictionary$|System$|Component$)/;

/**
 * The pedigree of one vertex from metadata.Meta_Data: a list per vertex, an object with a `pedigrees`
 * list, or one object for the whole feature. Values are flattened to text and sorted by key.
 */
export function pedigreeOf(
  metadata: Record<string, unknown>,
  vertex: number,
  metric: boolean,
): Array<[string, string]> {
  const md = metadata.Meta_Data as unknown;
  const lists =
    md && typeof md === 'object' && !Array.isArray(md)
      ? ((md as Record<string, unknown>).pedigrees ?? (md as Record<string, unknown>).Pedigrees)
      : undefined;
  const list: unknown[] = Array.isArray(md)
    ? md
    : Array.isArray(lists)
      ? lists
      : md && typeof md === 'object'
        ? [md]
        : [];
  const entry = list[vertex] ?? (list.length === 1 ? list[0] : undefined);
  if (!entry || typeof entry !== 'object') return [];
  return Object.entries(entry as Record<string, unknown>)
    .filter(([k, v]) => !HIDDEN.test(k) && v !== null && typeof v !== 'object')
    .map(([k, v]): [string, string] => [k, metresToFeet(String(v), metric)])
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Pedigree values in metres ("1.2 m") read in feet when the metric preference is off (spec 3 §9). */
function metresToFeet(v: string, metric: boolean): string {
  const m = /^(-?\d+(?:\.\d+)?) m$/.exec(v.trim());
  if (!m || metric) return v;
  return `${(Number(m[1]) * M_TO_FT).toFixed(3)} ft`;
}

/** Easting and northing of a lon/lat in the project's site calibration (WKT and Helmert transformation). */
export function siteCoordinates(
  site: SiteDefinition | null | undefined,
  lonLat: number[],
): { easting: number; northing: number } | null {
  const at = siteProjector(site)?.(lonLat);
  return at ? { easting: at[0], northing: at[1] } : null;
}
