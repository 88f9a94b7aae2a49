import { useEffect, useMemo, useRef } from 'react';
import type BaseLayer from 'ol/layer/Base';
import { useQueryClient } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { useDictionary } from '../../api/dictionaries';
import { useProject, type Layer } from '../../api/projects';
import { usePreferences } from '../../app/preferences-store';
import { useMap } from '../ol/MapContext';
import { useMapStore } from '../state/map-store';
import { applyColours, disposeLayer } from './build-layer';
import { shownLayers } from './layer-kind';
import { systemColours, type SystemColours } from './layer-style';
import { afterRender, claimBuild, dropPreloads, preloadProject } from './preload';
import { selectedLayerIds } from './selected-layers';

/**
 * Draws the current project's switched-on layers (projectPrefs selectedLayers): WFS vectors, or
 * server tiles past 50,000 features. A layer reloads when its map-store revision changes and is
 * dropped when switched off or when the project changes.
 */
export function ProjectLayers() {
  const projectId = useMapStore((s) => s.projectId);
  // Until the project panel has chosen the project (once the project list has come), the last one
  // is the likely choice: its details and switched-on layers start loading at once.
  const lastProject = usePreferences((s) => (s.loaded ? (s.prefs.lastProject ?? null) : null));
  const likely = projectId ?? lastProject;
  const project = useProject(likely);
  const selected = usePreferences(useShallow((s) => selectedLayerIds(s.prefs, likely)));
  const revisions = useMapStore((s) => s.layerRevision);
  const dictionary = useDictionary(project.data?.dataDictionaryId);
  // The layers load while the dictionary does; they are shown once it has come (or failed), so
  // features are not drawn twice, once without colours. The loading indicator stays on meanwhile, so
  // "indicator gone" means the switched-on layers are drawn.
  const dictionarySettled = !project.data?.dataDictionaryId || !dictionary.isLoading;
  const colours = useMemo(
    () => (dictionarySettled ? systemColours(dictionary.data?.systems) : null),
    [dictionarySettled, dictionary.data],
  );
  const shown = shownLayers(project.data, selected);

  const queryClient = useQueryClient();
  const map = useMap();
  useEffect(() => {
    if (!projectId && lastProject) return preloadProject(queryClient, map, lastProject);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only while the app starts: a chosen project loads its layers itself
  }, [lastProject]);
  // Once the chosen project's layers are mounted (they have taken their preloads), the others are dropped.
  const mounted = !!projectId && project.data?.id === projectId;
  useEffect(() => {
    if (mounted) dropPreloads(map);
  }, [map, mounted]);
  useEffect(() => () => dropPreloads(map), [map]);

  if (!projectId || !project.data || project.data.id !== projectId) {
    return projectId && selected.length > 0 && !project.isError ? <PendingLoad /> : null;
  }
  return (
    <>
      {shown.map((layer) => (
        <ProjectLayer key={layer.id} layer={layer} revision={revisions[layer.id] ?? 0} colours={colours} />
      ))}
    </>
  );
}

/** Counts as one load in flight while mounted. */
function PendingLoad() {
  useEffect(() => {
    useMapStore.getState().loadStarted();
    return () => useMapStore.getState().loadEnded();
  }, []);
  return null;
}

/** The layer's own styles, as a dependency: assigning or changing one redraws the layer. */
const styleKey = (layer: Layer) => (layer.styles ?? []).map((s) => s.id).join(',');

/** The latest value of something that may not have come yet, for async code to wait on. */
class Awaited<T> {
  private value: T | null = null;
  private waiting: Array<(v: T) => void> = [];
  set(value: T) {
    this.value = value;
    for (const resolve of this.waiting.splice(0)) resolve(value);
  }
  get(): Promise<T> {
    return this.value !== null ? Promise.resolve(this.value) : new Promise((resolve) => this.waiting.push(resolve));
  }
}

/**
 * One project layer on the map; a reload swaps the new OL layer in once its data is there (no
 * flicker). Its data loads at once; it is shown once the colours are known (`colours` null until the
 * dictionary has come), and a later change of colours recolours the shown layer without a reload.
 */
function ProjectLayer({ layer, revision, colours }: { layer: Layer; revision: number; colours: SystemColours | null }) {
  const map = useMap();
  const current = useRef<BaseLayer | null>(null);
  const latestColours = useRef(new Awaited<SystemColours>());

  useEffect(() => {
    if (!colours) return;
    latestColours.current.set(colours);
    if (current.current) applyColours(current.current, colours);
  }, [colours]);

  useEffect(
    () => () => {
      if (!current.current) return;
      map.removeLayer(current.current);
      disposeLayer(current.current);
      current.current = null;
    },
    [map],
  );

  useEffect(() => {
    const abort = new AbortController();
    const build = claimBuild(layer, revision, abort.signal);
    // A preloaded layer drawn already is no load (the indicator would flash).
    let ended = build.drawn();
    const { setLayerStatus } = useMapStore.getState();
    const end = (failed = false) => {
      if (!ended) useMapStore.getState().loadEnded();
      ended = true;
      setLayerStatus(layer.id, failed ? 'error' : null);
    };
    if (!ended) {
      useMapStore.getState().loadStarted();
      setLayerStatus(layer.id, 'loading');
    }
    build.layer
      .then(async (olLayer) => {
        const settled = await latestColours.current.get();
        // A preloaded layer may be on the map already (shown before this project layer mounted).
        const shown = map.getLayers().getArray().includes(olLayer);
        if (abort.signal.aborted) {
          if (shown) map.removeLayer(olLayer);
          disposeLayer(olLayer);
          end();
          return;
        }
        applyColours(olLayer, settled);
        const previous = current.current;
        if (!shown) map.addLayer(olLayer);
        current.current = olLayer;
        if (previous && previous !== olLayer) {
          map.removeLayer(previous);
          disposeLayer(previous);
        }
        if (shown && build.drawn()) end();
        else afterRender(map, () => end());
      })
      .catch((err: unknown) => {
        // Layer errors are only logged (spec 3 §8); an abandoned load is no error.
        if (!abort.signal.aborted) console.error(`layer ${layer.name} could not be drawn`, err);
        end(!abort.signal.aborted);
      });
    return () => {
      abort.abort();
      build.release();
      end();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the layer's identity, method and style decide; its name does not
  }, [map, layer.id, layer.type, layer.preferredMethod, layer.zIndex, styleKey(layer), revision]);

  return null;
}
