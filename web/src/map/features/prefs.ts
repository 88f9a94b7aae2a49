import { usePreferences } from '../../app/preferences-store';

export interface DictionaryPrefs {
  dictionaryId?: string;
  lastSystemId?: string;
  lastComponentId?: string;
}

/** The dictionary choices remembered for a project (spec 3 §3 dictionary preference). */
export function readDictionaryPrefs(projectId: string | null): DictionaryPrefs {
  const entry = usePreferences.getState().prefs.projectPrefs?.find((p) => p.id === projectId);
  return (entry?.dictionaryPrefs ?? {}) as DictionaryPrefs;
}

/** Merges into this project's dictionaryPrefs, keeping what other areas keep there (selected layers, map view). */
export function saveDictionaryPrefs(projectId: string, patch: DictionaryPrefs) {
  const { prefs, update } = usePreferences.getState();
  const list = prefs.projectPrefs ?? [];
  const current = list.find((p) => p.id === projectId);
  const next = {
    ...(current ?? { id: projectId }),
    dictionaryPrefs: { ...(current?.dictionaryPrefs ?? {}), ...patch },
  };
  update({ projectPrefs: current ? list.map((p) => (p.id === projectId ? next : p)) : [...list, next] });
}
