import { useCallback } from 'react';
import { usePreferences } from '../../app/preferences-store';
import { useMapStore } from '../state/map-store';
import { mapPrefsPatch, readMapPrefs, readProvider, type MapPrefs, type MapProvider } from './map-prefs';
import { useMapKeys } from './map-config';
import { effectiveProvider, type MapKeys } from './providers';

export interface MapSettings extends MapPrefs {
  /** The provider shown: the chosen one, or OSM when its key is not configured. */
  provider: MapProvider;
  keys: MapKeys;
  /** Saves type/theme (or the view) into the current project's map preferences. */
  save: (patch: Partial<MapPrefs>) => void;
  setProvider: (provider: MapProvider) => void;
}

/** The map type, theme and provider of the current project and user, and their setters. */
export function useMapSettings(): MapSettings {
  const projectId = useMapStore((s) => s.projectId);
  const prefs = usePreferences((s) => s.prefs);
  const keys = useMapKeys();
  const save = useCallback((patch: Partial<MapPrefs>) => saveMapPrefs(useMapStore.getState().projectId, patch), []);
  const setProvider = useCallback(
    (provider: MapProvider) => usePreferences.getState().update({ provider } as never),
    [],
  );
  return {
    ...readMapPrefs(prefs, projectId),
    provider: effectiveProvider(readProvider(prefs), keys),
    keys,
    save,
    setProvider,
  };
}

/** Writes map preferences of a project (saved by the preferences store 5 s later). */
export function saveMapPrefs(projectId: string | null, patch: Partial<MapPrefs>) {
  const store = usePreferences.getState();
  store.update(mapPrefsPatch(store.prefs, projectId, patch));
}
