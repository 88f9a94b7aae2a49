import { describe, expect, it } from 'vitest';
import { allLayers, type Project } from '../../api/projects';
import { shownLayers, wfsLayers } from './layer-kind';

const layer = (id: string, more: object = {}) => ({
  id,
  projectId: 'p1',
  folderId: 'f1',
  type: 'VECTOR',
  preferredMethod: 'WFS',
  styles: [],
  serverName: 'point',
  ...more,
});
const project = {
  folders: [
    {
      layers: [layer('a'), layer('b', { preferredMethod: 'WMS-TILE' }), layer('lead', { serverName: 'leader' })],
      sharedLayers: [layer('s', { projectId: 'p2' })],
      folders: [{ layers: [layer('c'), layer('off', { isActive: false })], sharedLayers: null }],
    },
    { layers: [layer('d', { styles: [{ id: 'st' }] }), layer('e', { type: 'WMS-TILE' })], folders: [] },
  ],
} as unknown as Project;

describe('layers the map draws and the worker preloads over WFS', () => {
  it('walks both levels of the tree with the shared layers', () => {
    const everything = allLayers(project).map((l) => l.id);
    expect(wfsLayers(project, everything).map((l) => l.id)).toEqual(['a', 's', 'c']);
    expect(everything).toEqual(['a', 'b', 'lead', 's', 'c', 'off', 'd', 'e']);
  });

  it('draws the switched-on, active layers that are not leaders, from features or from server tiles', () => {
    const everything = allLayers(project).map((l) => l.id);
    expect(shownLayers(project, everything).map((l) => l.id)).toEqual(['a', 'b', 's', 'c', 'd', 'e']);
    expect(shownLayers(undefined, everything)).toEqual([]);
  });

  it('takes only the switched-on vector layers drawn from their features', () => {
    expect(wfsLayers(project, ['c', 'b', 'e', 'd', 'lead']).map((l) => l.id)).toEqual(['c']);
  });

  it('draws a raster layer from server tiles, never over WFS', () => {
    const rasters = {
      folders: [{ layers: [layer('r', { type: 'RASTER', serverName: null })], folders: [] }],
    } as unknown as Project;
    expect(shownLayers(rasters, ['r']).map((l) => l.id)).toEqual(['r']);
    expect(wfsLayers(rasters, ['r'])).toEqual([]);
  });
});
