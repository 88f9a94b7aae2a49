import { beforeEach, describe, expect, it, vi } from 'vitest';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import type OlMap from 'ol/Map';
import { useMapStore } from '../../state/map-store';
import { closeFeaturePanel } from '../panel/FeaturePanel';
import type { Hit } from './hit';
import { mapClickHandler } from './useMapClick';

// The drawn layers hold nothing at the click; the tile layer's answer comes when the test lets it.
let answer: (hit: Hit | null) => void = () => {};
vi.mock('./hit', () => ({
  featureAt: () => null,
  tileFeatureAt: () => new Promise<Hit | null>((resolve) => (answer = resolve)),
}));

const pole: Hit = { featureId: 'point.1', layerId: 'l1', leader: false };
const click = { pixel: [10, 10] } as unknown as MapBrowserEvent;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a map click on a tile layer', () => {
  beforeEach(() => {
    useMapStore.setState({ projectId: 'p1', selection: null, mode: { type: 'idle' } });
  });

  it('selects the feature the server finds under the click', async () => {
    mapClickHandler({} as OlMap)(click);
    answer(pole);
    await settle();
    expect(useMapStore.getState().selection).toEqual({ featureId: 'point.1', layerId: 'l1' });
  });

  it('does not reopen the feature panel when the answer comes after the user closed it', async () => {
    mapClickHandler({} as OlMap)(click);
    closeFeaturePanel();
    answer(pole);
    await settle();
    expect(useMapStore.getState().selection).toBeNull();
  });

  it('lets the later of two clicks win over a slower answer to the first', async () => {
    const onClick = mapClickHandler({} as OlMap);
    onClick(click);
    const first = answer;
    onClick(click);
    answer({ ...pole, featureId: 'point.2' });
    await settle();
    first(pole);
    await settle();
    expect(useMapStore.getState().selection?.featureId).toBe('point.2');
  });
});
