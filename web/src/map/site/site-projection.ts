import proj4 from 'proj4';
import { applyHelmert, parseHelmert } from '@fieldbook/domain';

/** A project's site calibration as the project carries it (spec 2 §3 Site: WKT and an optional proj string). */
export interface SiteDefinition {
  wkt?: string | null;
  proj?: string | null;
}

/** WGS84 lon/lat → easting, northing in the site's system; null where it gives no finite answer. */
export type SiteProjector = (lonLat: number[]) => [number, number] | null;

/**
 * The site calibration's projector: WGS84 into the site's coordinate system (its WKT), then its
 * Helmert transformation when it has one. A proj string that is not a Helmert transformation is a
 * whole projection definition of its own. Null when the definition cannot be read.
 */
export function siteProjector(site: SiteDefinition | null | undefined): SiteProjector | null {
  if (!site || (!site.wkt && !site.proj)) return null;
  const helmert = site.proj ? parseHelmert(site.proj) : null;
  const definition = helmert ? site.wkt : site.proj || site.wkt;
  if (!definition) return null;
  try {
    const converter = proj4('EPSG:4326', definition);
    return ([lng, lat]) => {
      const [x, y] = converter.forward([lng, lat]);
      const [e, n] = helmert ? applyHelmert(helmert, x, y) : [x, y];
      return Number.isFinite(e) && Number.isFinite(n) ? [e, n] : null;
    };
  } catch {
    console.info('the site calibration could not be read; no projected coordinates are shown');
    return null;
  }
}
