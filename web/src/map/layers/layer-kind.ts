import type { Layer, Project } from '../../api/projects';

/**
 * How a project layer is drawn, decided from the layer alone. Type-only imports, so the loading
 * worker (wfs-worker.ts) can tell which layers to preload without the app's modules.
 */

/** Layers the map core draws: vector layers (not leaders, the features area draws those) and WMS-TILE layers. */
export function isDrawable(layer: Layer): boolean {
  if (layer.serverName === 'leader' || layer.referenceId === 'leader') return false;
  return layer.type === 'VECTOR' || layer.type === 'WMS-TILE';
}

/**
 * Server tiles for WMS layers, and for layers with their own SLD/CSS style: the server renderer draws
 * that style, so such a layer looks the same here as in any WMS client.
 */
export const usesTiles = (layer: Layer) =>
  layer.type === 'WMS-TILE' || layer.preferredMethod === 'WMS' || layer.preferredMethod === 'WMS-TILE' || (layer.styles?.length ?? 0) > 0;

/** The switched-on layers of a project the map loads over WFS (`selected`: their ids), in tree order. */
export function wfsLayers(project: Pick<Project, 'folders'>, selected: string[]): Layer[] {
  // The same walk as api/projects allLayers (a test keeps them equal): both levels, shared layers too.
  const all = project.folders.flatMap((f) => [...f.layers, ...(f.sharedLayers ?? []), ...f.folders.flatMap((s) => [...s.layers, ...(s.sharedLayers ?? [])])]);
  return all.filter((l) => selected.includes(l.id) && isDrawable(l) && l.isActive !== false && !usesTiles(l));
}
