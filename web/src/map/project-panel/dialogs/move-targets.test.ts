import { describe, expect, it } from 'vitest';
import type { Folder, Layer, Project } from '../../../api/projects';
import {
  TOP_LEVEL,
  featureTargetLayers,
  folderHasRaster,
  folderTargets,
  layerTargetFolders,
  targetProjects,
} from './move-targets';

const layer = (id: string, name: string, folderId: string, over: Partial<Layer> = {}): Layer => ({
  id,
  name,
  description: null,
  type: 'VECTOR',
  serverName: null,
  referenceId: null,
  folderId,
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
const folder = (id: string, name: string, over: Partial<Folder> = {}): Folder => ({
  id,
  name,
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
const project = (id: string, folders: Folder[], over: Partial<Project> = {}): Project => ({
  id,
  name: id,
  description: null,
  dataDictionaryId: 'd',
  organizationId: 'o',
  ownerId: null,
  createdDate: '',
  proj: null,
  geoidId: null,
  coordinate: null,
  zoomLevel: null,
  folders,
  abilities: { admin: true, edit: true, createFolder: true },
  ...over,
});
const disabled = (choices: Array<{ id: string; disabled?: boolean }>) =>
  choices.filter((c) => c.disabled).map((c) => c.id);

// Project p1: Utilities (with sub-folder Poles and a layer "Mains"), Archive (with a sub-folder "poles"), Features, and a forms folder.
const poles = folder('poles', 'Poles', { parentId: 'utilities', level: 2, layers: [layer('l2', 'Poles', 'poles')] });
const utilities = folder('utilities', 'Utilities', {
  layers: [layer('l1', 'Mains', 'utilities')],
  folders: [poles] as never[],
});
const archivePoles = folder('archive-poles', 'POLES ', { parentId: 'archive', level: 2 });
const archive = folder('archive', 'Archive', {
  layers: [layer('l3', 'mains', 'archive')],
  folders: [archivePoles] as never[],
});
const features = folder('features', 'Drawn', {
  folderType: 'features',
  layers: ['point', 'line', 'polygon'].map((k) => layer(`f-${k}`, k, 'features', { serverName: k })),
});
const forms = folder('forms', 'Forms', { folderType: '2', layers: [layer('form', 'Form', 'forms')] });
const p1 = project('p1', [utilities, archive, features, forms]);

describe('move targets (spec 3 §5)', () => {
  it('offers administered projects with the same dictionary', () => {
    const other = project('p2', [], { dataDictionaryId: 'x' });
    const viewer = project('p3', [], { abilities: { admin: false, edit: true, createFolder: true } });
    expect(targetProjects([p1, other, viewer], 'd').map((c) => c.id)).toEqual(['p1']);
  });

  it("disables the layer's own folder and folders holding a same-named layer, case-insensitively", () => {
    const choices = layerTargetFolders(p1, utilities.layers[0]);
    expect(choices.map((c) => c.id)).toEqual(['utilities', 'poles', 'archive', 'archive-poles', 'features']);
    expect(disabled(choices)).toEqual(['utilities', 'archive']);
  });

  it('disables folder targets that are sub-folders, clash by name, the folder itself or its parent, or a special type', () => {
    const choices = folderTargets(p1, poles, 'Top');
    expect(choices.map((c) => c.id)).toEqual([TOP_LEVEL, 'utilities', 'poles', 'archive', 'archive-poles', 'features']);
    // Utilities is its parent, Archive already has a "POLES " sub-folder, sub-folders are too deep, the feature folder is special.
    expect(disabled(choices)).toEqual(['utilities', 'poles', 'archive', 'archive-poles', 'features']);
    expect(choices[0].disabled).toBe(false);
  });

  it('lets a folder with sub-folders go only to the top level, never where it already is', () => {
    const elsewhere = project('p2', [
      folder('x', 'Other', { projectId: 'p2' }),
      folder('y', 'archive', { projectId: 'p2' }),
    ]);
    // Utilities may go to p2's top level only; Archive clashes there with "archive" by name.
    expect(disabled(folderTargets(elsewhere, utilities, 'Top'))).toEqual(['x', 'y']);
    expect(disabled(folderTargets(elsewhere, archive, 'Top'))).toEqual([TOP_LEVEL, 'x', 'y']);
    // In its own project a top-level folder is already at the top level.
    expect(folderTargets(p1, utilities, 'Top')[0].disabled).toBe(true);
  });

  it('refuses every target for a folder holding raster layers, in a sub-folder too', () => {
    const withRaster = folder('r', 'Imagery', {
      folders: [
        folder('r2', 'Tiles', { level: 2, parentId: 'r', layers: [layer('ras', 'Ortho', 'r2', { type: 'RASTER' })] }),
      ] as never[],
    });
    expect(folderHasRaster(withRaster)).toBe(true);
    expect(folderHasRaster(utilities)).toBe(false);
    expect(folderTargets(project('p2', [folder('x', 'Other')]), withRaster, 'Top').every((c) => c.disabled)).toBe(true);
  });

  it("offers writable vector layers of the features' geometry, grouped by folder, never the source", () => {
    const choices = featureTargetLayers(p1, 'f-point', ['point']);
    expect(choices.map((c) => c.id)).toEqual(['folder:utilities', 'l1', 'folder:poles', 'l2', 'folder:archive', 'l3']);
    expect(disabled(choices)).toEqual(['folder:utilities', 'folder:poles', 'folder:archive']);
    expect(featureTargetLayers(p1, 'l1', ['line']).map((c) => c.id)).toContain('f-line');
    expect(featureTargetLayers(p1, 'l1', ['line']).map((c) => c.id)).not.toContain('f-point');
    const readOnly = project('p1', [
      folder('a', 'A', {
        layers: [layer('ro', 'RO', 'a', { readOnly: true }), layer('ras', 'R', 'a', { type: 'RASTER' })],
      }),
    ]);
    expect(featureTargetLayers(readOnly, 'x', ['point'])).toEqual([]);
  });
});
