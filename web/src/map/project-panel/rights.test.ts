import { describe, expect, it } from 'vitest';
import type { Folder, Layer, Project } from '../../api/projects';
import { canMoveFeature, folderActions, layerAbilities, layerActions, panelFlags, type MovableFeature } from './rights';
import { clampWidth } from './use-panel-width';

const layer = (over: Partial<Layer> = {}): Layer => ({
  id: 'l1',
  name: 'Mains',
  description: null,
  type: 'VECTOR',
  serverName: null,
  referenceId: null,
  folderId: 'f1',
  projectId: 'p1',
  isActive: true,
  readOnly: false,
  preferredMethod: 'WFS',
  mobilePreferredMethod: null,
  wfsStrategy: 'bbox',
  styles: [],
  zIndex: 0,
  sharedFolders: [],
  fields: [],
  ...over,
});
const folder = (over: Partial<Folder> = {}): Folder => ({
  id: 'f1',
  name: 'Utilities',
  description: null,
  parentId: null,
  projectId: 'p1',
  folderType: '0',
  leadersEnabled: false,
  level: 1,
  layers: [],
  folders: [],
  ...over,
});
const project = (admin: boolean, edit = admin): Project => ({
  id: 'p1',
  name: 'P',
  description: null,
  dataDictionaryId: 'd',
  organizationId: 'o',
  ownerId: null,
  createdDate: '',
  proj: null,
  geoidId: null,
  coordinate: null,
  zoomLevel: null,
  folders: [],
  abilities: { admin, edit, createFolder: edit },
});
const allOn = panelFlags({ dataOrganization: true, sharedLayers: { enabled: true }, geoserver: true });

describe('project panel rights (spec 3 §6)', () => {
  it('enables every layer action for a project admin on a normal layer', () => {
    expect(layerActions(project(true), folder(), layer(), allOn)).toEqual({
      addFeature: true,
      edit: true,
      move: true,
      share: true,
      remove: true,
    });
  });

  it('blocks move, delete and new features on read-only layers and delete on referenced or shared ones', () => {
    expect(layerActions(project(true), folder(), layer({ readOnly: true }), allOn)).toMatchObject({
      move: false,
      remove: false,
      addFeature: false,
    });
    expect(layerActions(project(true), folder(), layer({ referenceId: 'leader' }), allOn)).toMatchObject({
      remove: false,
      move: false,
    });
    expect(layerActions(project(true), folder(), layer({ sharedFolders: ['x'] }), allOn).remove).toBe(false);
  });

  it('lets a layer admin edit a read-only layer (to make it writable again), not a mere editor', () => {
    expect(layerActions(project(true), folder(), layer({ readOnly: true }), allOn).edit).toBe(true);
    expect(layerActions(project(false, true), folder(), layer({ readOnly: true }), allOn).edit).toBe(false);
    expect(layerActions(project(false, true), folder(), layer(), allOn).edit).toBe(true);
  });

  it('goes by the rights on the layer itself for edit and delete (a layer admin need not be a project admin)', () => {
    const layerAdmin = layer({ abilities: { edit: true, admin: true } });
    expect(layerActions(project(false, false), folder(), layerAdmin, allOn)).toMatchObject({
      edit: true,
      remove: true,
      move: false,
      share: false,
    });
    expect(layerAbilities(project(false, false), layerAdmin)).toEqual({ edit: true, admin: true });
    // A layer's own rights count over the project's (the server walks layer → folder → project).
    const viewOnly = layer({ abilities: { edit: false, admin: false } });
    expect(layerActions(project(false, true), folder(), viewOnly, allOn)).toMatchObject({ edit: false, remove: false });
  });

  it('never moves a raster layer (spec 3 §5)', () => {
    expect(layerActions(project(true), folder(), layer({ type: 'RASTER' }), allOn)).toMatchObject({
      move: false,
      share: true,
    });
  });

  it('needs the flags for move and share, and project admin for both', () => {
    const off = panelFlags({});
    expect(layerActions(project(true), folder(), layer(), off)).toMatchObject({ move: false, share: false });
    expect(layerActions(project(false, true), folder(), layer(), allOn)).toMatchObject({
      move: false,
      share: false,
      remove: false,
      edit: true,
    });
  });

  it('offers new subfolders on level 1 only and keeps special folders in place', () => {
    expect(folderActions(project(true), folder(), allOn).newSubfolder).toBe(true);
    expect(folderActions(project(true), folder({ level: 2 }), allOn).newSubfolder).toBe(false);
    expect(folderActions(project(true), folder({ folderType: '2' }), allOn)).toMatchObject({
      move: false,
      remove: false,
      edit: false,
    });
    expect(folderActions(project(true), folder({ folderType: '3' }), allOn)).toMatchObject({
      move: false,
      remove: true,
    });
  });

  it('moves a feature only with the flag, project and feature admin, a dictionary and a writable layer (spec 3 §6)', () => {
    const feature = (admin = true, dictionary: string | null = 'd'): MovableFeature => ({
      abilities: { admin },
      properties: { dictionary_id: dictionary },
    });
    expect(canMoveFeature(allOn, project(true), feature(), layer())).toBe(true);
    expect(canMoveFeature(panelFlags({}), project(true), feature(), layer())).toBe(false);
    expect(canMoveFeature(allOn, project(false, true), feature(), layer())).toBe(false);
    expect(canMoveFeature(allOn, project(true), feature(false), layer())).toBe(false);
    expect(canMoveFeature(allOn, project(true), feature(true, null), layer())).toBe(false);
    expect(canMoveFeature(allOn, project(true), feature(), layer({ readOnly: true }))).toBe(false);
    expect(canMoveFeature(allOn, project(true), feature(), undefined)).toBe(false);
  });

  it('keeps the panel wider than 150 px and at least 100 px narrower than the page', () => {
    expect(clampWidth(100, 1280)).toBe(151);
    expect(clampWidth(1250, 1280)).toBe(1180);
    expect(clampWidth(400, 1280)).toBe(400);
  });
});
