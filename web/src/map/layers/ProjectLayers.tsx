import { useEffect, useMemo, useRef } from 'react';
import type BaseLayer from 'ol/layer/Base';
import { unByKey } from 'ol/Observable';
import { useShallow } from 'zustand/react/shallow';
import { useDictionary } from '../../api/dictionaries';
import { allLayers, useProject, type Layer } from '../../api/projects';
import { usePreferences } from '../../app/preferences-store';
import { useMap } from '../ol/MapContext';
import { useMapStore } from '../state/map-store';
import { buildLayer, disposeLayer, isDrawable } from './build-layer';
import { systemColours, type SystemColours } from './layer-style';
import { selectedLayerIds } from './selected-layers';

/**
 * Draws the current project's switched-on layers (projectPrefs selectedLayers): WFS vectors, or
 * server tiles past 50,000 features. A layer reloads when its map-store revision changes and is
 * dropped when switched off or when the project changes.
 */
export function ProjectLayers() {
  const projectId = useMapStore((s) => s.projectId);
  const project = useProject(projectId);
  const selected = usePreferences(useShallow((s) => selectedLayerIds(s.prefs, projectId)));
  const revisions = useMapStore((s) => s.layerRevision);
  const dictionary = useDictionary(project.data?.dataDictionaryId);
  const colours = useMemo(() => systemColours(dictionary.data?.systems), [dictionary.data]);

  // Wait for the dictionary (or its failure) so layers are not drawn twice, once without colours; the
  // loading indicator stays on meanwhile, so "indicator gone" means the switched-on layers are drawn.
  const dictionarySettled = !project.data?.dataDictionaryId || !dictionary.isLoading;
  if (!project.data || project.data.id !== projectId || !dictionarySettled) {
    return projectId && selected.length > 0 && !project.isError ? <PendingLoad /> : null;
  }
  const shown = allLayers(project.data).filter((l) => selected.includes(l.id) && isDrawable(l) && l.isActive !== false);
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

/** A load ends once the map has drawn the new layer (or after a few seconds, whatever happens first). */
function afterRender(map: ReturnType<typeof useMap>, done: () => void) {
  const timer = setTimeout(finish, 5000);
  const key = map.once('rendercomplete', finish);
  function finish() {
    clearTimeout(timer);
    unByKey(key);
    done();
  }
}

/** The layer's own styles, as a dependency: assigning or changing one redraws the layer. */
const styleKey = (layer: Layer) => (layer.styles ?? []).map((s) => s.id).join(',');

/** One project layer on the map; a reload swaps the new OL layer in once its data is there (no flicker). */
function ProjectLayer({ layer, revision, colours }: { layer: Layer; revision: number; colours: SystemColours }) {
  const map = useMap();
  const current = useRef<BaseLayer | null>(null);

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
    let ended = false;
    const end = () => {
      if (!ended) useMapStore.getState().loadEnded();
      ended = true;
    };
    useMapStore.getState().loadStarted();
    buildLayer(layer, colours, abort.signal)
      .then((olLayer) => {
        if (abort.signal.aborted) {
          disposeLayer(olLayer);
          end();
          return;
        }
        const previous = current.current;
        map.addLayer(olLayer);
        current.current = olLayer;
        if (previous) {
          map.removeLayer(previous);
          disposeLayer(previous);
        }
        afterRender(map, end);
      })
      .catch((err: unknown) => {
        // Layer errors are only logged (spec 3 §8); an abandoned load is no error.
        if (!abort.signal.aborted) console.error(`layer ${layer.name} could not be drawn`, err);
        end();
      });
    return () => {
      abort.abort();
      end();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the layer's identity, method and style decide; its name does not
  }, [map, layer.id, layer.type, layer.preferredMethod, layer.zIndex, styleKey(layer), revision, colours]);

  return null;
}
