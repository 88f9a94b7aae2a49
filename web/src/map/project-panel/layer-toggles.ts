import { useMemo } from 'react';
import { usePreferences } from '../../app/preferences-store';
import type { Folder, Layer } from '../../api/projects';

type ProjectPrefs = NonNullable<ReturnType<typeof usePreferences.getState>['prefs']['projectPrefs']>[number];

/** Layer ids turned on in a project (prefs.projectPrefs[].selectedLayers, spec 3 §4); the map draws exactly these. */
export function selectedLayersOf(projectPrefs: ProjectPrefs[] | undefined, projectId: string | null): string[] {
  const entry = projectPrefs?.find((p) => p.id === projectId);
  return (entry?.selectedLayers ?? []).filter((id): id is string => typeof id === 'string');
}

const NONE: string[] = [];

/** Selectors return the stored arrays themselves: a fresh array per call would re-render forever. */
export function useSelectedLayers(projectId: string | null): string[] {
  const projectPrefs = usePreferences((s) => s.prefs.projectPrefs);
  return useMemo(() => selectedLayersOf(projectPrefs, projectId), [projectPrefs, projectId]);
}

export function setSelectedLayers(projectId: string, ids: string[]) {
  const { prefs, update } = usePreferences.getState();
  const list = prefs.projectPrefs ?? [];
  const entry = list.find((p) => p.id === projectId);
  const next = entry
    ? list.map((p) => (p.id === projectId ? { ...p, selectedLayers: ids } : p))
    : [...list, { id: projectId, selectedLayers: ids }];
  update({ projectPrefs: next });
}

/**
 * Switches layers on without switching any off: a layer the user creates, draws into, moves a feature
 * to or imports into is shown, so what was just made is on the map (issue #12 defect 1).
 */
export function showLayers(projectId: string, layerIds: string[]) {
  const current = selectedLayersOf(usePreferences.getState().prefs.projectPrefs, projectId);
  if (layerIds.every((id) => current.includes(id))) return;
  setSelectedLayers(projectId, [...new Set([...current, ...layerIds])]);
}

export function toggleLayer(projectId: string, layerId: string) {
  const current = selectedLayersOf(usePreferences.getState().prefs.projectPrefs, projectId);
  setSelectedLayers(
    projectId,
    current.includes(layerId) ? current.filter((id) => id !== layerId) : [...current, layerId],
  );
}

/** Active layers of a folder and its sub-folders, shared ones included. */
export function folderLayers(folder: Folder): Layer[] {
  const own = [...folder.layers, ...(folder.sharedLayers ?? [])];
  return [...own, ...(folder.folders as Folder[]).flatMap(folderLayers)].filter((l) => l.isActive);
}

/** Folder toggle (spec 3 §4): turns all its active layers on, or off when all are already on. */
export function toggleFolder(projectId: string, folder: Folder) {
  const ids = folderLayers(folder).map((l) => l.id);
  const current = selectedLayersOf(usePreferences.getState().prefs.projectPrefs, projectId);
  const allOn = ids.length > 0 && ids.every((id) => current.includes(id));
  setSelectedLayers(projectId, allOn ? current.filter((id) => !ids.includes(id)) : [...new Set([...current, ...ids])]);
}

/** Tree expansion (prefs.expansionList): ids of expanded folders. */
export function useExpanded(): string[] {
  return usePreferences((s) => s.prefs.expansionList ?? NONE);
}

export function setExpanded(folderId: string, expanded: boolean) {
  const { prefs, update } = usePreferences.getState();
  const list = prefs.expansionList ?? [];
  update({ expansionList: expanded ? [...new Set([...list, folderId])] : list.filter((id) => id !== folderId) });
}
