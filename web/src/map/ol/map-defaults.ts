/** Map constants of spec 3 §9. */
export const MAP_DEFAULTS = {
  center: { lat: 38.67, lng: -97.91 },
  zoom: 5,
  minZoom: 3,
  maxZoom: 26,
  /** Zoom after a coordinate search. */
  coordinateSearchZoom: 15,
  /** Leaders show above this zoom. */
  leaderZoom: 12,
  /** Layers with more features than this are drawn as server tiles (WMS-TILE) instead of WFS. */
  wfsFeatureLimit: 50_000,
  wfsPageSize: 3000,
  tileSize: 256,
  coordinateDecimals: 6,
} as const;
