import { FOLDER_TYPES } from '@fieldbook/domain';
import { allFolders, type Folder, type Layer, type Project } from '../../../api/projects';
import type { Choice } from './StepperDialog';

/**
 * Targets of the move dialogs (spec 3 §5): which projects, folders and layers are offered and which
 * are disabled. Pure, so the rules are unit-tested; the server refuses the same moves.
 */

/** Folders that take moved layers; special, forms and external-service folders are left out. */
const MOVABLE: string[] = [FOLDER_TYPES.normal, FOLDER_TYPES.features];
/** The "top level" choice of the folder-move step. */
export const TOP_LEVEL = 'top-level';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Projects a move may go to (spec 3 §6): administered ones with the same data dictionary. */
export function targetProjects(projects: Project[], dictionaryId: string | undefined): Choice[] {
  return projects
    .filter((p) => p.abilities.admin && p.dataDictionaryId === dictionaryId)
    .map((p) => ({ id: p.id, label: p.name }));
}

/** Folders of a project that take moved or shared layers, sub-folders indented; `exclude` ones disabled. */
export function targetFolders(project: Project | undefined, exclude: (f: Folder) => boolean = () => false): Choice[] {
  return allFolders(project)
    .filter((f) => MOVABLE.includes(f.folderType))
    .map((f) => ({ id: f.id, label: f.name, indent: f.level === 2, disabled: exclude(f) }));
}

/**
 * Folders a layer may move to: its own folder and folders holding a layer of the same name
 * (case-insensitive) are disabled.
 */
export function layerTargetFolders(
  project: Project | undefined,
  layer: Pick<Layer, 'id' | 'name' | 'folderId'>,
): Choice[] {
  return targetFolders(
    project,
    (f) => f.id === layer.folderId || f.layers.some((l) => l.id !== layer.id && sameName(l.name, layer.name)),
  );
}

/** Layers of a folder and of its sub-folders. */
const layersUnder = (folder: Folder): Layer[] => [
  ...folder.layers,
  ...(folder.folders as Folder[]).flatMap((f) => f.layers),
];

/** A folder holding raster layers (itself or a sub-folder) cannot be moved (spec 3 §5, app.folder.move.error.raster). */
export const folderHasRaster = (folder: Folder) => layersUnder(folder).some((l) => l.type === 'RASTER');

/**
 * Where a folder may go (spec 3 §5): the top level of the target project or under one of its
 * top-level normal folders. Disabled: a sub-folder (only two levels), every parent when the moved
 * folder has sub-folders, a name clash among the new siblings, the folder itself and its current
 * parent, and feature folders (special type); everything when the folder holds rasters. Special,
 * forms and external folders are left out.
 */
export function folderTargets(target: Project | undefined, folder: Folder, topLabel: string): Choice[] {
  if (!target) return [];
  const raster = folderHasRaster(folder);
  const clash = (siblings: Folder[]) => siblings.some((s) => s.id !== folder.id && sameName(s.name, folder.name));
  const hasChildren = folder.folders.length > 0;
  // Staying at the top level of its own project is no move.
  const top: Choice = {
    id: TOP_LEVEL,
    label: topLabel,
    disabled: raster || (target.id === folder.projectId && !folder.parentId) || clash(target.folders),
  };
  const parents = targetFolders(
    target,
    (f) =>
      raster ||
      f.level === 2 ||
      hasChildren ||
      f.id === folder.id ||
      f.id === folder.parentId ||
      f.folderType !== FOLDER_TYPES.normal ||
      clash(f.folders as Folder[]),
  );
  return [top, ...parents];
}

/**
 * Layers features may move to, grouped under their folders: writable vector layers of the target
 * project's normal and feature folders other than the source, a feature folder's layer only for
 * features of its geometry.
 */
export function featureTargetLayers(project: Project | undefined, sourceLayerId: string, kinds: string[]): Choice[] {
  const kindSet = new Set(kinds);
  const takes = (l: Layer) =>
    !['point', 'line', 'polygon'].includes(l.serverName ?? '') || (kindSet.size === 1 && kindSet.has(l.serverName!));
  return allFolders(project)
    .filter((f) => MOVABLE.includes(f.folderType))
    .flatMap((f) => {
      const layers = f.layers.filter(
        (l) => l.type === 'VECTOR' && !l.readOnly && !l.referenceId && l.id !== sourceLayerId && takes(l),
      );
      if (!layers.length) return [];
      return [
        { id: `folder:${f.id}`, label: f.name, disabled: true },
        ...layers.map((l) => ({ id: l.id, label: l.name, indent: true })),
      ];
    });
}
