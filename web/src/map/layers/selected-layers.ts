import type { Preferences } from '@fieldbook/domain';

/**
 * Ids of the layers switched on in a project (projectPrefs[i].selectedLayers, written by the project
 * panel; spec 3 §4). Entries may be ids or objects with an id; an absent list means none.
 */
export function selectedLayerIds(prefs: Preferences, projectId: string | null): string[] {
  if (!projectId) return [];
  const list = prefs.projectPrefs?.find((p) => p.id === projectId)?.selectedLayers ?? [];
  return list
    .map((entry) =>
      typeof entry === 'string'
        ? entry
        : typeof entry === 'object' && entry && 'id' in entry
          ? String((entry as { id: unknown }).id)
          : null,
    )
    .filter((id): id is string => !!id);
}
