import { useEffect } from 'react';
import { useProjects, type Project } from '../../api/projects';
import { usePreferences } from '../../app/preferences-store';
import { useMapStore } from '../state/map-store';

/** Makes `id` the project on the map and remembers it (prefs.lastProject). */
export function chooseProject(id: string | null) {
  if (useMapStore.getState().projectId !== id) useMapStore.getState().setProject(id);
  const { prefs, update } = usePreferences.getState();
  if (id && prefs.lastProject !== id) update({ lastProject: id });
}

/**
 * Keeps a current project (spec 3 §4): the last one when it still exists, else the first by name.
 * A deleted project or another organization's list falls back the same way, so deleting the current
 * project selects the first remaining and switching organization resets the project.
 */
export function useCurrentProject(): {
  projects: Project[] | undefined;
  current: Project | undefined;
  loading: boolean;
} {
  const query = useProjects();
  const projects = query.data;
  const projectId = useMapStore((s) => s.projectId);
  const prefsLoaded = usePreferences((s) => s.loaded);
  const lastProject = usePreferences((s) => s.prefs.lastProject);

  useEffect(() => {
    if (!projects || !prefsLoaded) return;
    if (projectId && projects.some((p) => p.id === projectId)) return;
    const restored = projects.find((p) => p.id === lastProject) ?? projects[0];
    chooseProject(restored?.id ?? null);
  }, [projects, prefsLoaded, projectId, lastProject]);

  return { projects, current: projects?.find((p) => p.id === projectId), loading: query.isLoading };
}
