import { FOLDER_TYPES, isDeletableFolderType } from '@fieldbook/domain';
import { orgFlag, type Folder, type Layer, type Project } from '../../api/projects';

/** Organization gates of the panel (spec 3 §6). */
export interface PanelFlags {
  dataOrganization: boolean;
  sharedLayers: boolean;
  geoserver: boolean;
  /** Project details: the site calibration and geoid selects (spec 3 §2). */
  siteCalibration: boolean;
  projectGeoid: boolean;
}

export const panelFlags = (functionalityFlags: unknown): PanelFlags => ({
  dataOrganization: orgFlag(functionalityFlags, 'dataOrganization'),
  sharedLayers: orgFlag(functionalityFlags, 'sharedLayers'),
  geoserver: orgFlag(functionalityFlags, 'geoserver'),
  siteCalibration: orgFlag(functionalityFlags, 'siteCalibration'),
  projectGeoid: orgFlag(functionalityFlags, 'projectGeoid'),
});

const MOVABLE_FOLDERS: string[] = [FOLDER_TYPES.normal, FOLDER_TYPES.features];
const isShared = (layer: Layer) => 'shared' in layer && layer.shared === true;

/**
 * The caller's rights on one layer: the tree's per-layer abilities (a permission on the layer or its
 * folder counts, as on the server), else the project's.
 */
export const layerAbilities = (project: Project, layer: Layer) => layer.abilities ?? project.abilities;

/**
 * Which layer row actions are enabled (spec 3 §5, §6); the server checks the same rules. Read-only
 * blocks feature edits, delete and move, not the layer's own edit: a layer admin can make it writable again.
 * Edit and delete go by the rights on the layer; move and share need a project admin.
 */
export function layerActions(project: Project, folder: Folder, layer: Layer, flags: PanelFlags) {
  const { edit, admin: layerAdmin } = layerAbilities(project, layer);
  const { admin } = project.abilities;
  const sharedIn = isShared(layer);
  const external =
    layer.type === 'WMS' &&
    !!layer.referenceId &&
    (folder.folderType === FOLDER_TYPES.wms || folder.folderType === FOLDER_TYPES.wmts);
  return {
    addFeature:
      !sharedIn &&
      !layer.readOnly &&
      layer.type === 'VECTOR' &&
      !layer.referenceId &&
      layer.isActive &&
      (edit || !!layer.serverName),
    edit: (layer.readOnly ? layerAdmin : edit) && !sharedIn && !external,
    move:
      flags.dataOrganization &&
      admin &&
      !sharedIn &&
      !layer.readOnly &&
      !layer.referenceId &&
      layer.type !== 'RASTER' &&
      MOVABLE_FOLDERS.includes(folder.folderType),
    share:
      flags.sharedLayers &&
      admin &&
      !sharedIn &&
      !layer.referenceId &&
      (layer.type === 'VECTOR' || layer.type === 'RASTER'),
    remove: layerAdmin && !sharedIn && !layer.readOnly && !layer.referenceId && !layer.sharedFolders?.length,
  };
}

export function folderActions(project: Project, folder: Folder, flags: PanelFlags) {
  const { edit, admin, createFolder } = project.abilities;
  const movable = MOVABLE_FOLDERS.includes(folder.folderType);
  return {
    edit: edit && movable,
    move: flags.dataOrganization && admin && movable,
    remove: admin && isDeletableFolderType(folder.folderType),
    newSubfolder: createFolder && folder.level === 1 && folder.folderType === FOLDER_TYPES.normal,
    newLayer: createFolder && movable,
  };
}

/** What the feature panel needs to know of a feature to decide its move action. */
export interface MovableFeature {
  abilities?: { admin: boolean };
  properties: { dictionary_id: string | null };
}

/**
 * Move features (spec 3 §6): the data-organization flag, project admin, feature admin, a feature
 * classified with a dictionary, on a layer that is not read-only (shared layers are read-only here).
 */
export function canMoveFeature(
  flags: Pick<PanelFlags, 'dataOrganization'>,
  project: Project | undefined,
  feature: MovableFeature,
  layer: Layer | undefined,
): boolean {
  return (
    flags.dataOrganization &&
    !!project?.abilities.admin &&
    !!feature.abilities?.admin &&
    !!feature.properties.dictionary_id &&
    !!layer &&
    !layer.readOnly &&
    !isShared(layer)
  );
}
