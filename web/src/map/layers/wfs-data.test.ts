import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Layer } from '../../api/projects';
import { loadFeatures } from './wfs-data';

const layer = { id: 'l1', projectId: 'p1', folderId: 'f1', type: 'VECTOR' } as unknown as Layer;
const point = (id: number) => ({
  type: 'Feature',
  id: `point.${id}`,
  geometry: { type: 'Point', coordinates: [-97, 38] },
  properties: { system: 'Gas' },
});

/** A WFS server of `total` points answering GeoJSON pages. */
function serve(total: number) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      urls.push(url);
      const start = Number(url.searchParams.get('startIndex'));
      const count = Number(url.searchParams.get('count'));
      const ids = Array.from({ length: Math.max(0, Math.min(count, total - start)) }, (_, i) => start + i + 1);
      return new Response(
        JSON.stringify({ type: 'FeatureCollection', numberMatched: total, features: ids.map(point) }),
        { status: 200 },
      );
    }),
  );
  return urls;
}

describe('loading a layer over WFS', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads every page of 3000 with just the drawn properties', async () => {
    const urls = serve(7000);
    const data = await loadFeatures(layer, 50_000, new AbortController().signal);
    if (data === 'tooMany') throw new Error('a layer of 7000 is drawn from its features');
    expect(data.points.ids).toHaveLength(7000);
    expect(data.points.ids[0]).toBe('point.1');
    expect(data.points.ids[6999]).toBe('point.7000');
    expect(urls.map((u) => u.searchParams.get('startIndex'))).toEqual(['0', '3000', '6000']);
    expect(urls.every((u) => u.searchParams.get('propertyName') === 'geometry,system')).toBe(true);
  });

  it('tells a layer over the limit after the first page, to be drawn from tiles', async () => {
    const urls = serve(50_001);
    expect(await loadFeatures(layer, 50_000, new AbortController().signal)).toBe('tooMany');
    expect(urls).toHaveLength(1);
  });
});
