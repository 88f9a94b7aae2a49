/**
 * Street view and directions of the feature panel (spec 3 §2) through the Google Maps Embed API,
 * offered only when the operator configured a Google key. Positions are GeoJSON [lng, lat].
 */
const EMBED = 'https://www.google.com/maps/embed/v1';

/** Spec 3 §9: street view looks for a panorama within 50 m. */
export const STREET_VIEW_RADIUS_M = 50;

/** "lat,lng" as the Embed API reads it, 6 decimals (about 0.1 m). */
export const latLng = ([lng, lat]: readonly number[]) => `${lat.toFixed(6)},${lng.toFixed(6)}`;

export function streetViewUrl(key: string, at: readonly number[]): string {
  const q = new URLSearchParams({ key, location: latLng(at), radius: String(STREET_VIEW_RADIUS_M) });
  return `${EMBED}/streetview?${q.toString()}`;
}

export function directionsUrl(key: string, from: readonly number[], to: readonly number[]): string {
  const q = new URLSearchParams({ key, origin: latLng(from), destination: latLng(to) });
  return `${EMBED}/directions?${q.toString()}`;
}
