import { FOLDER_TYPES } from '@fieldbook/domain';
import { allFolders, type Project } from '../../../api/projects';
import type { Choice } from './StepperDialog';

const MOVABLE: string[] = [FOLDER_TYPES.normal, FOLDER_TYPES.features];

/** Projects a move may go to (spec 3 §6): administered ones with the same data dictionary. */
export function targetProjects(projects: Project[], dictionaryId: string | undefined): Choice[] {
  return projects
    .filter((p) => p.abilities.admin && p.dataDictionaryId === dictionaryId)
    .map((p) => ({ id: p.id, label: p.name }));
}

/** Folders of a project that take moved layers, sub-folders indented; special folders are left out. */
export function targetFolders(project: Project | undefined, exclude: string[] = []): Choice[] {
  return allFolders(project)
    .filter((f) => MOVABLE.includes(f.folderType))
    .map((f) => ({ id: f.id, label: f.name, indent: f.level === 2, disabled: exclude.includes(f.id) }));
}
