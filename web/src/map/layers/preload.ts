import type { QueryClient } from '@tanstack/react-query';
import type BaseLayer from 'ol/layer/Base';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import { dictionariesApi, dictionaryKeys } from '../../api/dictionaries';
import { projectKeys, projectsApi, type Layer } from '../../api/projects';
import { useSession } from '../../api/session';
import { usePreferences } from '../../app/preferences-store';
import { useMapStore } from '../state/map-store';
import { applyColours, buildLayer, disposeLayer } from './build-layer';
import { shownLayers } from './layer-kind';
import { NO_SYSTEM_COLOURS, systemColours, type SystemColours } from './layer-style';
import { selectedLayerIds } from './selected-layers';
import { dropWorkerPreloads, preloadInWorker } from './wfs-data';

interface Preload {
  layer: Promise<BaseLayer>;
  abort: AbortController;
  timer: ReturnType<typeof setTimeout>;
  /** On the map already (shown before a project layer took it over), and drawn. */
  shown: BaseLayer | null;
  drawn: boolean;
  /** Ends the preload's count in the loading indicator. */
  end: () => void;
}

/** Preloads nobody took are dropped after this long (the user chose another project, or none). */
const KEEP_MS = 30_000;

const preloads = new Map<string, Preload>();
/** Builds a mounted project layer has started or taken over (never preloaded again). */
const claimed = new Set<string>();

/** What a layer's OL layer depends on: its identity, method, style and map-store revision. */
const buildKey = (layer: Layer, revision: number) =>
  [
    layer.id,
    layer.type,
    layer.preferredMethod,
    layer.zIndex,
    (layer.styles ?? []).map((s) => s.id).join(','),
    revision,
  ].join('|');

function drop(map: OlMap, key: string) {
  const p = preloads.get(key);
  if (!p) return;
  preloads.delete(key);
  clearTimeout(p.timer);
  p.abort.abort();
  p.end();
  void p.layer.then(
    (l) => {
      map.removeLayer(l);
      disposeLayer(l);
    },
    () => undefined,
  );
}

/**
 * Builds a layer ahead of its project layer and shows it as soon as its data and colours are there,
 * counting as a load in the loading indicator until drawn.
 */
function preloadLayer(map: OlMap, layer: Layer, revision: number, colours: Promise<SystemColours>) {
  const key = buildKey(layer, revision);
  if (preloads.has(key) || claimed.has(key)) return;
  useMapStore.getState().loadStarted();
  let ended = false;
  const abort = new AbortController();
  const p: Preload = {
    layer: buildLayer(layer, abort.signal),
    abort,
    timer: setTimeout(() => drop(map, key), KEEP_MS),
    shown: null,
    drawn: false,
    end: () => {
      if (!ended) useMapStore.getState().loadEnded();
      ended = true;
    },
  };
  preloads.set(key, p);
  p.layer
    .then(async (olLayer) => {
      const c = await colours;
      // Taken over by its project layer meanwhile (which shows it), or dropped.
      if (preloads.get(key) !== p) return;
      applyColours(olLayer, c);
      map.addLayer(olLayer);
      p.shown = olLayer;
      afterRender(map, () => {
        p.drawn = true;
        p.end();
      });
    })
    .catch(() => p.end());
}

/**
 * A mounted project layer's build: the preloaded one when there is one (the caller then owns it and
 * aborts it with `signal`; it may be on the map already, `drawn()` tells whether it has been drawn),
 * else a new one. Call `release` when the build is abandoned or replaced.
 */
export function claimBuild(
  layer: Layer,
  revision: number,
  signal: AbortSignal,
): { layer: Promise<BaseLayer>; drawn: () => boolean; release: () => void } {
  const key = buildKey(layer, revision);
  claimed.add(key);
  const release = () => claimed.delete(key);
  const p = preloads.get(key);
  if (!p) return { layer: buildLayer(layer, signal), drawn: () => false, release };
  preloads.delete(key);
  clearTimeout(p.timer);
  // Not shown yet: the project layer counts the rest of the load itself.
  if (!p.shown) p.end();
  signal.addEventListener('abort', () => p.abort.abort());
  return { layer: p.layer, drawn: () => p.drawn, release };
}

/** Drops the preloads nobody took. */
export function dropPreloads(map: OlMap) {
  for (const key of [...preloads.keys()]) drop(map, key);
  dropWorkerPreloads();
}

/**
 * Starts loading the likely project's switched-on layers, and its dictionary, the moment its details
 * come — before the project panel has chosen it (that waits for the project list and for React to
 * render) — and shows them as soon as they are there. Returns a cancel.
 */
export function preloadProject(queryClient: QueryClient, map: OlMap, projectId: string): () => void {
  const orgId = useSession.getState().orgId;
  let cancelled = false;
  // The worker reads the details too and starts on the layers at once (the main thread may be busy).
  preloadInWorker(projectId, selectedLayerIds(usePreferences.getState().prefs, projectId));
  queryClient
    .ensureQueryData({ queryKey: projectKeys.one(orgId, projectId), queryFn: () => projectsApi.get(projectId) })
    .then((project) => {
      // Once a project is chosen, its project layers load themselves.
      if (cancelled || useMapStore.getState().projectId) return;
      const dictionaryId = project.dataDictionaryId;
      const colours = dictionaryId
        ? queryClient
            .ensureQueryData({
              queryKey: dictionaryKeys.one(orgId, dictionaryId),
              queryFn: () => dictionariesApi.get(dictionaryId),
              retry: false,
            })
            .then(
              (d) => systemColours(d.systems),
              () => NO_SYSTEM_COLOURS,
            )
        : Promise.resolve(NO_SYSTEM_COLOURS);
      const selected = selectedLayerIds(usePreferences.getState().prefs, projectId);
      const revisions = useMapStore.getState().layerRevision;
      for (const l of shownLayers(project, selected)) preloadLayer(map, l, revisions[l.id] ?? 0, colours);
    })
    .catch(() => undefined);
  return () => {
    cancelled = true;
  };
}

/** Calls `done` once the map has drawn (or after a few seconds, whatever happens first). */
export function afterRender(map: OlMap, done: () => void) {
  const timer = setTimeout(finish, 5000);
  const key = map.once('rendercomplete', finish);
  function finish() {
    clearTimeout(timer);
    unByKey(key);
    done();
  }
}
