import type { Gdal } from '../platform/gdal.js';

/** The features' extent in EPSG:4326 (lon, lat) with their elevations. */
export interface GeographicExtent {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
  zmin: number;
  zmax: number;
}

/**
 * DGN v7 keeps no coordinate system and stores each coordinate as a 32-bit integer count of units of
 * resolution (UOR) from the design plane's global origin. GDAL's defaults for a projected system (a
 * centimetre, origin near -21,474 km) lose millimetres, and any finer resolution around the default
 * origin clips large northings. So the plane is laid on the data: the master unit is the system's own
 * unit, the origin the data's centre, and the resolution the finest (down to about 0.1 mm) whose
 * ±2^31 range still holds the data's extent with a margin.
 */

interface Units {
  master: string;
  sub: string;
  subPerMaster: number;
  /** UOR per sub unit, finest first. */
  uorPerSub: number[];
}

const METRES: Units = { master: 'm', sub: 'mm', subPerMaster: 1000, uorPerSub: [10, 1] };
const FEET: Units = { master: 'ft', sub: 'in', subPerMaster: 12, uorPerSub: [100, 10, 1] };
const DEGREES: Units = { master: 'd', sub: 's', subPerMaster: 3600, uorPerSub: [100000, 10000, 1000, 100, 10, 1] };
const OTHER: Units = { master: 'mu', sub: 'su', subPerMaster: 1000, uorPerSub: [10, 1] };

/** The unit of the system from how many of its units a hundred metres on the ground span. */
function unitsOf(unitsPerMetre: number): Units {
  if (unitsPerMetre < 1e-3) return DEGREES;
  if (unitsPerMetre > 0.5 && unitsPerMetre < 2) return METRES;
  if (unitsPerMetre > 2.5 && unitsPerMetre < 4) return FEET;
  return OTHER;
}

/** Stored coordinates must stay inside a signed 32-bit integer; keep a tenth for rounding and margins. */
const UOR_LIMIT = 0.9 * 2 ** 31;
const SAMPLES = 8;
const METRES_PER_DEGREE_OF_LATITUDE = 111_320;

function samplePoints(e: GeographicExtent): number[][] {
  const points: number[][] = [];
  for (let i = 0; i <= SAMPLES; i++)
    for (let j = 0; j <= SAMPLES; j++)
      points.push([e.xmin + ((e.xmax - e.xmin) * i) / SAMPLES, e.ymin + ((e.ymax - e.ymin) * j) / SAMPLES]);
  return points;
}

/** `-dsco` options for a DGN export of `extent` in `crs`; none (GDAL's defaults) when it cannot be placed. */
export async function dgnDesignPlane(gdal: Gdal, extent: GeographicExtent | null, crs: string): Promise<string[]> {
  if (!extent) return [];
  const centre = [(extent.xmin + extent.xmax) / 2, (extent.ymin + extent.ymax) / 2];
  const north = [centre[0]!, Math.min(90, centre[1]! + 100 / METRES_PER_DEGREE_OF_LATITUDE)];
  const projected = await gdal.gdaltransform(
    [...samplePoints(extent), centre, north],
    ['-s_srs', 'EPSG:4326', '-t_srs', crs, '-output_xy'],
  );
  const grid = projected.slice(0, -2);
  const [pCentre, pNorth] = projected.slice(-2);
  const finite = grid.filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
  if (!finite.length || !pNorth || !pCentre) return [];
  const xs = finite.map((p) => p[0]!);
  const ys = finite.map((p) => p[1]!);
  const unitsPerMetre = Math.hypot(pNorth[0]! - pCentre[0]!, pNorth[1]! - pCentre[1]!) / 100;
  if (!Number.isFinite(unitsPerMetre) || unitsPerMetre <= 0) return [];
  const units = unitsOf(unitsPerMetre);

  const [xmin, xmax, ymin, ymax] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const origin = [(xmin + xmax) / 2, (ymin + ymax) / 2, (extent.zmin + extent.zmax) / 2].map(Math.round);
  // Elevations share the master unit in DGN: their spread counts too. A kilometre of working area at least.
  const halfSpan = Math.max(
    xmax - origin[0]!,
    origin[0]! - xmin,
    ymax - origin[1]!,
    origin[1]! - ymin,
    Math.abs(extent.zmax - origin[2]!),
    Math.abs(extent.zmin - origin[2]!),
    1000 * unitsPerMetre,
  );
  const uorPerSub = units.uorPerSub.find((uor) => uor * units.subPerMaster * halfSpan * 1.1 <= UOR_LIMIT);
  // Wider than a sub unit can span (continental data in millimetres): the master unit is the resolution.
  const [sub, subPerMaster, uor] =
    uorPerSub === undefined ? [units.master, 1, 1] : [units.sub, units.subPerMaster, uorPerSub];
  return [
    `MASTER_UNIT_NAME=${units.master}`,
    `SUB_UNIT_NAME=${sub}`,
    `SUB_UNITS_PER_MASTER_UNIT=${subPerMaster}`,
    `UOR_PER_SUB_UNIT=${uor}`,
    // GDAL stores (coordinate + ORIGIN) in UOR: the negated centre puts the data around zero.
    `ORIGIN=${-origin[0]!},${-origin[1]!},${-origin[2]!}`,
  ].flatMap((option) => ['-dsco', option]);
}
