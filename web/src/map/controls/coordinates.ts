/** A WGS84 position as the user types or reads it. */
export interface LatLng {
  lat: number;
  lng: number;
}

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
const LAT_LNG = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:,|\s)\s*(${NUMBER})\s*$`);

/** "38.5, -97.25" (comma or space between) → position; null when it is not a valid lat, lng (±90, ±180). */
export function parseLatLng(text: string): LatLng | null {
  const match = LAT_LNG.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** "38.670000, -97.910000": the readout shows 6 decimals (spec 3 §2). */
export function formatLatLng({ lat, lng }: LatLng, decimals = 6): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}
