import { allLayers } from '../../api/project-tree';
import type { Layer, Project } from '../../api/projects';

/**
 * How a project layer is drawn, decided from the layer alone. Type-only imports, so the loading
 * worker (wfs-worker.ts) can tell which layers to preload without the app's modules.
 */

/**
 * Layers the map core draws: vector layers (not leaders, the features area draws those), WMS-TILE
 * layers and raster layers.
 */
export function isDrawable(layer: Layer): boolean {
  if (layer.serverName === 'leader' || layer.referenceId === 'leader') return false;
  return layer.type === 'VECTOR' || layer.type === 'WMS-TILE' || layer.type === 'RASTER';
}

/**
 * Server tiles for WMS layers, raster layers (the server reads their image), and layers with their own
 * SLD/CSS style: the server renderer draws that style, so such a layer looks the same here as in any WMS client.
 */
export const usesTiles = (layer: Layer) =>
  layer.type === 'WMS-TILE' ||
  layer.type === 'RASTER' ||
  layer.preferredMethod === 'WMS' ||
  layer.preferredMethod === 'WMS-TILE' ||
  (layer.styles?.length ?? 0) > 0;

/** The layers of a project the map draws (`selected`: the switched-on ids), in tree order. */
export function shownLayers(project: Pick<Project, 'folders'> | undefined, selected: string[]): Layer[] {
  return allLayers(project).filter((l) => selected.includes(l.id) && isDrawable(l) && l.isActive !== false);
}

/** The shown layers the map loads over WFS (not drawn from server tiles). */
export const wfsLayers = (project: Pick<Project, 'folders'>, selected: string[]): Layer[] =>
  shownLayers(project, selected).filter((l) => !usesTiles(l));
