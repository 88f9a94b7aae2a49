import type { ActivityRecord } from '../activities/record.js';

/**
 * The activity entries of projects, folders and layers (issue #14, spec 3 §3): "<Category> '<name>'
 * added/edited/deleted" with an artifact naming the thing by id and name, so an entry stays readable
 * after the thing is renamed or gone. Moves, shares, imports and exports use the fixed ACTIVITY_TEXTS.
 */
type Verb = 'Add' | 'Edit' | 'Delete';
const PAST: Record<Verb, string> = { Add: 'added', Edit: 'edited', Delete: 'deleted' };

export const projectActivity = (
  type: Verb,
  project: { id: string; name: string },
  extra: Record<string, unknown> = {},
): ActivityRecord => ({
  type,
  category: 'Project',
  message: `Project '${project.name}' ${PAST[type]}`,
  projectId: project.id,
  artifact: { projectId: project.id, name: project.name, ...extra },
});

export const folderActivity = (
  type: Verb,
  folder: { id: string; name: string; project_id: string; parent_id: string | null },
  extra: Record<string, unknown> = {},
): ActivityRecord => ({
  type,
  category: 'Folder',
  message: `Folder '${folder.name}' ${PAST[type]}`,
  projectId: folder.project_id,
  artifact: { folderId: folder.id, name: folder.name, parentId: folder.parent_id, ...extra },
});

export const layerActivity = (
  type: Verb,
  layer: { id: string; name: string; project_id: string; folder_id: string; type: string },
  extra: Record<string, unknown> = {},
): ActivityRecord => ({
  type,
  category: 'Layer',
  message: `Layer '${layer.name}' ${PAST[type]}`,
  projectId: layer.project_id,
  artifact: { layerId: layer.id, name: layer.name, folderId: layer.folder_id, type: layer.type, ...extra },
});

/**
 * What an edit changed, for its entry's artifact: the names of the columns whose value differs, and the
 * name before when it was renamed (the entry's message names the new one).
 */
export function editedArtifact<T extends { name: string }>(
  before: T,
  after: T,
  columns: readonly (keyof T & string)[],
) {
  const changes = columns.filter((c) => JSON.stringify(before[c]) !== JSON.stringify(after[c]));
  return before.name === after.name ? { changes } : { changes, previousName: before.name };
}
