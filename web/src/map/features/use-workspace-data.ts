import { allFolders, allLayers, useProject } from '../../api/projects';
import { useDictionary } from '../../api/dictionaries';
import { useMapStore } from '../state/map-store';

/** The current project, its layers and folders, and its dictionary (read-only here, spec 3 §3). */
export function useWorkspaceData() {
  const projectId = useMapStore((s) => s.projectId);
  const project = useProject(projectId).data;
  const dictionary = useDictionary(project?.dataDictionaryId).data;
  const layers = allLayers(project);
  const folders = allFolders(project);
  return {
    projectId,
    project,
    dictionary,
    layer: (id: string | undefined | null) => layers.find((l) => l.id === id),
    folder: (id: string | undefined | null) => folders.find((f) => f.id === id),
  };
}
