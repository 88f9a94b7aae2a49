/** Unit factors of spec 3 §9: measurements are shown in metric or imperial units with 3 decimals. */
export const FEET_PER_METER = 3.2808399;
export const FEET_PER_MILE = 5280;
export const SQ_FEET_PER_SQ_METER = 10.764;
/** Earth radius of spec 3 §9 (6371.071 km), used for spherical lengths and areas. */
export const EARTH_RADIUS_M = 6_371_071;

const SQ_FEET_PER_SQ_MILE = FEET_PER_MILE * FEET_PER_MILE;
const fixed = (value: number) => value.toFixed(3);

/** A length in metres as "12.346 m" / "1.235 km", or "40.504 ft" / "1.000 mi" with imperial units. */
export function formatLength(meters: number, metric: boolean): string {
  if (metric) return meters >= 1000 ? `${fixed(meters / 1000)} km` : `${fixed(meters)} m`;
  const feet = meters * FEET_PER_METER;
  return feet >= FEET_PER_MILE ? `${fixed(feet / FEET_PER_MILE)} mi` : `${fixed(feet)} ft`;
}

/** An area in square metres as m² / km², or ft² / mi² with imperial units. */
export function formatArea(squareMeters: number, metric: boolean): string {
  if (metric) return squareMeters >= 1_000_000 ? `${fixed(squareMeters / 1_000_000)} km²` : `${fixed(squareMeters)} m²`;
  const squareFeet = squareMeters * SQ_FEET_PER_SQ_METER;
  return squareFeet >= SQ_FEET_PER_SQ_MILE
    ? `${fixed(squareFeet / SQ_FEET_PER_SQ_MILE)} mi²`
    : `${fixed(squareFeet)} ft²`;
}
