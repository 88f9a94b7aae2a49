import { describe, expect, it } from 'vitest';
import { allLayers, type Project } from '../../api/projects';
import { wfsLayers } from './layer-kind';

const layer = (id: string, more: object = {}) => ({ id, projectId: 'p1', folderId: 'f1', type: 'VECTOR', preferredMethod: 'WFS', styles: [], serverName: 'point', ...more });
const project = {
  folders: [
    { layers: [layer('a'), layer('b', { preferredMethod: 'WMS-TILE' }), layer('lead', { serverName: 'leader' })], sharedLayers: [layer('s', { projectId: 'p2' })], folders: [{ layers: [layer('c'), layer('off', { isActive: false })], sharedLayers: null }] },
    { layers: [layer('d', { styles: [{ id: 'st' }] }), layer('e', { type: 'WMS-TILE' })], folders: [] },
  ],
} as unknown as Project;

describe('layers the worker preloads over WFS', () => {
  it('walks the tree as allLayers does', () => {
    const everything = allLayers(project).map((l) => l.id);
    expect(wfsLayers(project, everything).map((l) => l.id)).toEqual(['a', 's', 'c']);
    expect(everything).toEqual(['a', 'b', 'lead', 's', 'c', 'off', 'd', 'e']);
  });

  it('takes only the switched-on vector layers drawn from their features', () => {
    expect(wfsLayers(project, ['c', 'b', 'e', 'd', 'lead']).map((l) => l.id)).toEqual(['c']);
  });
});
