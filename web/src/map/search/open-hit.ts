import type OlMap from 'ol/Map';
import type { ProjectOut, SearchHit } from '@fieldbook/domain';
import { allLayers } from '../../api/projects';
import { fitLonLatExtent } from '../controls/map-actions';
import { showLayers } from '../project-panel/layer-toggles';
import { useMapStore } from '../state/map-store';

/** Closest zoom a hit is opened at (a point's bounds have no size). */
const HIT_MAX_ZOOM = 18;

/**
 * Opens a search hit on the map: its layer is turned on (when it is in the shown project), the map
 * fits the feature, and the feature is selected, which opens its feature panel.
 */
export function openHitOnMap(map: OlMap, hit: SearchHit, project: ProjectOut | undefined) {
  const { layerId, bbox, id } = hit._source;
  if (project && allLayers(project).some((l) => l.id === layerId)) showLayers(project.id, [layerId]);
  fitLonLatExtent(map, bbox, HIT_MAX_ZOOM);
  useMapStore.getState().select({ featureId: id, layerId });
}
