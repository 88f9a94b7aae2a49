import { useEffect } from 'react';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import type OlMap from 'ol/Map';
import { LINE_FN_MSG } from '@fieldbook/domain';
import { showSnack } from '../../../app/snackbar-store';
import { useMap } from '../../ol/MapContext';
import { useMapStore } from '../../state/map-store';
import { useWorkspace } from '../workspace-store';
import { featureAt, tileFeatureAt } from './hit';

/**
 * Map clicks by mode (spec 3 §4): idle selects the top feature or clears the selection; editing keeps
 * it; joining points collects points (no duplicates) and a non-point cancels; joining lines picks the
 * second line and a click on empty map cancels.
 */
export function useMapClick() {
  const map = useMap();
  useEffect(() => {
    const onClick = mapClickHandler(map);
    map.on('singleclick', onClick);
    return () => map.un('singleclick', onClick);
  }, [map]);
}

/** The map's single-click handler, apart from the hook so that it can be tested without a DOM. */
export function mapClickHandler(map: OlMap): (e: MapBrowserEvent) => void {
  // A click on a tile layer asks the server. The answer applies only if nothing was selected or
  // cleared since (a later click, the panel closed, the project panel opened): a slow answer must not
  // reopen a panel the user has just closed.
  const selectFromTiles = async (e: MapBrowserEvent, projectId: string) => {
    const seq = useMapStore.getState().selectionSeq;
    const hit = await tileFeatureAt(map, e.pixel, projectId).catch(() => null);
    const store = useMapStore.getState();
    if (hit && seq === store.selectionSeq && store.mode.type === 'idle')
      store.select({ featureId: hit.featureId, layerId: hit.layerId });
  };
  return (e: MapBrowserEvent) => {
    const store = useMapStore.getState();
    // Layers of the last project may be drawn before the project is chosen (preloads): nothing to select yet.
    if (!store.projectId) return;
    const mode = store.mode;
    const hit = featureAt(map, e.pixel);
    if (mode.type === 'idle') {
      if (hit?.leader) {
        useWorkspace.getState().selectLeader(hit.featureId);
        return;
      }
      useWorkspace.getState().selectLeader(null);
      store.select(hit ? { featureId: hit.featureId, layerId: hit.layerId } : null);
      if (!hit && store.projectId) void selectFromTiles(e, store.projectId);
      return;
    }
    if (mode.type === 'join-points') {
      if (!hit) return;
      if (!hit.featureId.startsWith('point.')) {
        store.setMode({ type: 'idle' });
        showSnack(LINE_FN_MSG.pointsNotPoint, 'info');
        return;
      }
      // Points join only within one layer (the server also compares dictionary, system and component).
      if (store.selection && hit.layerId !== store.selection.layerId) {
        showSnack(LINE_FN_MSG.pointsSelectError, 'info');
        return;
      }
      if (!mode.featureIds.includes(hit.featureId))
        store.setMode({ ...mode, featureIds: [...mode.featureIds, hit.featureId] });
      return;
    }
    if (mode.type === 'join-line') {
      if (!hit) {
        store.setMode({ type: 'idle' });
        return;
      }
      if (!hit.featureId.startsWith('line.') || hit.featureId === mode.featureId) return;
      if (store.selection && hit.layerId !== store.selection.layerId) {
        showSnack(LINE_FN_MSG.joinSelectError, 'info');
        return;
      }
      store.setMode({ ...mode, withId: hit.featureId });
    }
  };
}
