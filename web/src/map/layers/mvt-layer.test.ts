import { afterEach, describe, expect, it, vi } from 'vitest';
import MVT from 'ol/format/MVT';
import LayerGroup from 'ol/layer/Group';
import TileLayer from 'ol/layer/Tile';
import VectorTileLayer from 'ol/layer/VectorTile';
import { get as getProjection } from 'ol/proj';
import RenderFeature from 'ol/render/Feature';
import type VectorTileSource from 'ol/source/VectorTile';
import TileState from 'ol/TileState';
import VectorTile from 'ol/VectorTile';
import type { Layer } from '../../api/projects';
import { applyColours, buildLayer } from './build-layer';
import { MVT_LOWEST_ZOOM, mvtFeatureId, mvtMinZoom, vectorTilesOf } from './mvt-layer';

const large = {
  id: 'l1',
  projectId: 'p1',
  folderId: 'f1',
  type: 'VECTOR',
  serverName: 'point',
  preferredMethod: 'WFS',
  styles: [],
  zIndex: 1,
} as unknown as Layer;

/** A tile of one layer "l" holding point 42 at (25, 17), written byte by byte (vector_tile.proto). */
const ONE_POINT = Uint8Array.from([
  0x1a, 19, 0x78, 2, 0x0a, 1, 0x6c, 0x12, 9, 0x08, 42, 0x18, 1, 0x22, 3, 9, 50, 34, 0x28, 0x80, 0x20,
]);

/** The continental US, as the benchmark's layer. */
const US = { minx: -124.7, miny: 24.5, maxx: -66.9, maxy: 49.4 };

/** A large layer built: the first WFS page says it is past the limit, layerExtents gives count and extent. */
async function build(extent: object | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('layerExtents')
        ? new Response(JSON.stringify({ l1: extent }), { headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ numberMatched: 1_000_000, features: [] })),
    ),
  );
  return buildLayer(large, new AbortController().signal);
}

async function largeGroup() {
  const olLayer = await build({ ...US, count: 1_000_000 });
  expect(olLayer).toBeInstanceOf(LayerGroup);
  return olLayer as LayerGroup;
}

describe('vector tiles of a large layer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('take over from the PNG tiles at the zoom where a tile holds about MVT_TILE_BUDGET features', () => {
    // The benchmark's million points over the US: 280 in a zoom-9 tile, so from map zoom 10.
    expect(mvtMinZoom(1_000_000, US)).toBe(MVT_LOWEST_ZOOM);
    expect(mvtMinZoom(60_000, US)).toBe(MVT_LOWEST_ZOOM);
    // 60,000 in a town of 10 km: zoom-15 tiles (1.2 km) hold about 1,000 of them.
    const town = { minx: -105.06, miny: 39.7, maxx: -104.94, maxy: 39.79 };
    expect(mvtMinZoom(60_000, town)).toBe(16);
    // A million on one spot: no zoom has light enough tiles; PNG tiles only.
    expect(mvtMinZoom(1_000_000, town)).toBeNull();
    expect(mvtMinZoom(60_000, { minx: -105, miny: 39.7, maxx: -105, maxy: 39.7 })).toBeNull();
  });

  it('are drawn above that zoom and the PNG tiles up to it, both selectable as this layer', async () => {
    const group = await largeGroup();
    const [png, vector] = group.getLayers().getArray();
    expect(png).toBeInstanceOf(TileLayer);
    expect(png.get('fieldbookMethod')).toBe('WMS-TILE');
    expect(png.getMaxZoom()).toBe(MVT_LOWEST_ZOOM);
    expect(vector).toBeInstanceOf(VectorTileLayer);
    expect(vector.get('fieldbookMethod')).toBe('MVT');
    expect(vector.get('fieldbookLayerId')).toBe('l1');
    expect(vector.getMinZoom()).toBe(MVT_LOWEST_ZOOM);
    expect(vectorTilesOf(group)).toBe(vector);
    applyColours(group, { byId: new Map(), byName: new Map([['Electric', '#ff0000']]) });
    expect((vector as VectorTileLayer).getStyleFunction()).toBeTypeOf('function');
  });

  it('are left out when the extent cannot be read or the layer is too dense: PNG tiles at every zoom', async () => {
    for (const extent of [null, { minx: -105, miny: 39.7, maxx: -105, maxy: 39.7, count: 1_000_000 }]) {
      const olLayer = await build(extent);
      expect(olLayer).toBeInstanceOf(TileLayer);
      expect(olLayer.getMaxZoom()).toBe(Infinity);
    }
  });

  it('load their tiles with the session token; 204 is a tile without features', async () => {
    const vector = vectorTilesOf(await largeGroup())!;
    const source = vector.getSource() as VectorTileSource;
    expect(source.getUrls()).toEqual(['/rest/projects/p1/folders/f1/layers/l1/tiles/{z}/{x}/{y}.mvt']);
    vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
    const load = async (response: Response) => {
      const fetch = vi.fn(async (_url: URL | string) => response);
      vi.stubGlobal('fetch', fetch);
      const tile = new VectorTile(
        [14, 3413, 6232],
        TileState.IDLE,
        '/t/14/3413/6232.mvt',
        new MVT(),
        source.getTileLoadFunction(),
      );
      tile.extent = [0, 0, 4096, 4096];
      tile.projection = getProjection('EPSG:3857')!;
      await new Promise<void>((resolve) => {
        tile.addEventListener('change', () => tile.getState() !== TileState.LOADING && resolve());
        tile.load();
      });
      expect(String(fetch.mock.calls[0][0])).toBe('http://localhost/t/14/3413/6232.mvt');
      return tile;
    };
    const full = await load(new Response(ONE_POINT, { status: 200 }));
    expect(full.getState()).toBe(TileState.LOADED);
    const [point] = full.getFeatures() ?? [];
    expect(point.getId()).toBe(42);
    expect(point.getFlatCoordinates()).toEqual([25, 4096 - 17]);
    const empty = await load(new Response(null, { status: 204 }));
    expect(empty.getState()).toBe(TileState.LOADED);
    expect(empty.getFeatures()).toEqual([]);
  });

  it('name their features as the app does: "<kind>.<id>"', () => {
    const point = new RenderFeature('Point', [1, 2], [], 2, {}, 42);
    const polygon = new RenderFeature('Polygon', [0, 0, 1, 0, 1, 1, 0, 0], [8], 2, {}, 7);
    expect(mvtFeatureId(point, 'point')).toBe('point.42');
    expect(mvtFeatureId(polygon, 'polygon')).toBe('polygon.7');
    // A generic (imported) layer: the kind its geometry names.
    expect(mvtFeatureId(polygon, 'survey')).toBe('polygon.7');
    expect(mvtFeatureId(new RenderFeature('LineString', [0, 0, 1, 1], [4], 2, {}, 3), null)).toBe('line.3');
  });
});
