import { afterEach, describe, expect, it, vi } from 'vitest';
import TileLayer from 'ol/layer/Tile';
import type { Layer } from '../../api/projects';
import { buildLayer } from './build-layer';

const vector = {
  id: 'l1',
  projectId: 'p1',
  folderId: 'f1',
  type: 'VECTOR',
  preferredMethod: 'WFS',
  styles: [],
  zIndex: 1,
} as unknown as Layer;

describe('how a project layer is drawn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a layer with its own SLD/CSS style from server tiles, without loading its features', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const olLayer = await buildLayer({ ...vector, styles: [{ id: 's1' }] }, new AbortController().signal);
    expect(olLayer).toBeInstanceOf(TileLayer);
    expect(olLayer.get('fieldbookMethod')).toBe('WMS-TILE');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('draws a layer preferring WMS-TILE from server tiles', async () => {
    const olLayer = await buildLayer({ ...vector, preferredMethod: 'WMS-TILE' }, new AbortController().signal);
    expect(olLayer.get('fieldbookMethod')).toBe('WMS-TILE');
  });

  it('draws a raster layer from server tiles, which feature selection leaves out', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const olLayer = await buildLayer({ ...vector, type: 'RASTER' }, new AbortController().signal);
    expect(olLayer).toBeInstanceOf(TileLayer);
    expect(olLayer.get('fieldbookMethod')).toBe('RASTER');
    expect(fetch).not.toHaveBeenCalled();
  });
});
