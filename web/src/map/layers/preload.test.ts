import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type OlMap from 'ol/Map';
import Feature from 'ol/Feature';
import { Point } from 'ol/geom';
import type BaseLayer from 'ol/layer/Base';
import type { Style } from 'ol/style';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { DEFAULT_PREFERENCES } from '@fieldbook/domain';
import { dictionaryKeys } from '../../api/dictionaries';
import { projectKeys, type Layer, type Project } from '../../api/projects';
import { useSession } from '../../api/session';
import { usePreferences } from '../../app/preferences-store';
import { useMapStore } from '../state/map-store';
import { claimBuild, dropPreloads, preloadProject } from './preload';

const built: VectorLayer[] = [];
vi.mock('./build-layer', async (original) => ({
  ...(await original<typeof import('./build-layer')>()),
  buildLayer: vi.fn(async () => {
    const l = new VectorLayer({ source: new VectorSource() });
    built.push(l);
    return l;
  }),
}));

const layer = (id: string) =>
  ({
    id,
    projectId: 'p1',
    folderId: 'f1',
    type: 'VECTOR',
    preferredMethod: 'WFS',
    styles: [],
    zIndex: 1,
    serverName: 'point',
  }) as unknown as Layer;
const project = {
  id: 'p1',
  dataDictionaryId: 'd1',
  folders: [{ layers: [layer('a'), layer('b')], folders: [] }],
} as unknown as Project;
const settle = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(projectKeys.one('o1', 'p1'), project);
  queryClient.setQueryData(dictionaryKeys.one('o1', 'd1'), {
    systems: [{ id: 's1', name: 'Water', color: '#0000ff' }],
  });
  return { queryClient, map: fakeMap() };
}

/** The part of an OL map the preloads use (a real one needs a DOM). */
function fakeMap() {
  const layers: BaseLayer[] = [];
  const map = {
    addLayer: (l: BaseLayer) => layers.push(l),
    removeLayer: (l: BaseLayer) => layers.includes(l) && layers.splice(layers.indexOf(l), 1),
    getLayers: () => ({ getArray: () => layers, getLength: () => layers.length }),
    once: (type: string, listener: () => void) => ({
      target: { removeEventListener: () => undefined },
      type,
      listener,
    }),
  };
  return map as unknown as OlMap;
}

describe('preloading the last project while the app starts', () => {
  beforeEach(() => {
    built.length = 0;
    useSession.setState({ orgId: 'o1' });
    usePreferences.setState({
      loaded: true,
      prefs: { ...DEFAULT_PREFERENCES, lastProject: 'p1', projectPrefs: [{ id: 'p1', selectedLayers: ['a'] }] },
    });
    useMapStore.setState({ projectId: null, layerRevision: {}, loading: 0 });
  });
  afterEach(() => dropPreloads(fakeMap()));

  it('builds the switched-on layers and shows them in the dictionary colours, counting as loads', async () => {
    const { queryClient, map } = setup();
    preloadProject(queryClient, map, 'p1');
    await settle();
    expect(built).toHaveLength(1);
    expect(map.getLayers().getArray()).toEqual(built);
    const [style] = built[0].getStyleFunction()!(
      new Feature({ geometry: new Point([0, 0]), system: 'Water' }),
      1,
    ) as Style[];
    expect((style.getImage() as unknown as { getFill(): { getColor(): unknown } }).getFill().getColor()).toBe(
      '#0000ff',
    );
    expect(useMapStore.getState().loading).toBe(1); // until the map has drawn it
    dropPreloads(map);
  });

  it('hands the preloaded layer to its project layer instead of building it again', async () => {
    const { queryClient, map } = setup();
    preloadProject(queryClient, map, 'p1');
    await settle();
    const claim = claimBuild(layer('a'), 0, new AbortController().signal);
    expect(await claim.layer).toBe(built[0]);
    expect(built).toHaveLength(1);
    // Dropping the others leaves the taken layer on the map.
    dropPreloads(map);
    await settle();
    expect(map.getLayers().getArray()).toEqual([built[0]]);
    claim.release();
  });

  it('removes preloads nobody took when they are dropped, and preloads nothing once a project is chosen', async () => {
    const { queryClient, map } = setup();
    preloadProject(queryClient, map, 'p1');
    await settle();
    dropPreloads(map);
    await settle();
    expect(map.getLayers().getLength()).toBe(0);
    expect(useMapStore.getState().loading).toBe(0);

    useMapStore.setState({ projectId: 'p1' });
    preloadProject(queryClient, map, 'p1');
    await settle();
    expect(built).toHaveLength(1);
  });
});
