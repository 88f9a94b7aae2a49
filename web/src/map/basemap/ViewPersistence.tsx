import { useEffect, useRef } from 'react';
import { useProject } from '../../api/projects';
import { usePreferences } from '../../app/preferences-store';
import { useMap } from '../ol/MapContext';
import { centreOn, viewState } from '../ol/view';
import { useMapStore } from '../state/map-store';
import { initialView, readMapPrefs } from './map-prefs';
import { saveMapPrefs } from './use-map-settings';

/** Map idle: the view is saved once the map has been still this long (spec 3 §9 layer update after idle). */
const IDLE_MS = 1000;

const same = (a: number, b: number, decimals: number) => Math.abs(a - b) < 10 ** -decimals;

/**
 * Restores the view when the project changes (saved view, else the project's saved extent, else the
 * spec default) and saves centre and zoom into the project's map preferences on map idle (spec 3 §7).
 */
export function ViewPersistence() {
  const map = useMap();
  const projectId = useMapStore((s) => s.projectId);
  const prefsLoaded = usePreferences((s) => s.loaded);
  const project = useProject(projectId);
  // The project whose view was restored; nothing is saved for a project before its view is restored,
  // so the default view never overwrites a saved one.
  const restoredFor = useRef<string | null | undefined>(undefined);

  const projectSettled = !projectId || project.isSuccess || project.isError;
  useEffect(() => {
    if (!prefsLoaded || !projectSettled || restoredFor.current === projectId) return;
    const prefs = usePreferences.getState().prefs;
    // Until the project panel has restored the last project, its saved view is the best guess: the
    // map opens where the user left it instead of jumping there seconds later.
    const lastSaved = !projectId && prefs.lastProject ? readMapPrefs(prefs, prefs.lastProject) : null;
    const view = initialView(lastSaved?.center ? lastSaved : readMapPrefs(prefs, projectId), project.data);
    centreOn(map, view.center.lat, view.center.lng, view.zoom, true);
    restoredFor.current = projectId;
  }, [map, prefsLoaded, projectId, projectSettled, project.data]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      const id = useMapStore.getState().projectId;
      if (restoredFor.current !== id) return;
      const now = viewState(map);
      const prefs = usePreferences.getState().prefs;
      const stored = initialView(readMapPrefs(prefs, id));
      if (same(stored.center.lat, now.lat, 6) && same(stored.center.lng, now.lng, 6) && same(stored.zoom, now.zoom, 2))
        return;
      saveMapPrefs(id, { center: { lat: round(now.lat, 6), lng: round(now.lng, 6) }, zoom: round(now.zoom, 2) });
    };
    const onMoveEnd = () => {
      clearTimeout(timer);
      timer = setTimeout(save, IDLE_MS);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.un('moveend', onMoveEnd);
      clearTimeout(timer);
    };
  }, [map]);

  return null;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
