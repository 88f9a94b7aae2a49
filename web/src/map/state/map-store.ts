import { create } from 'zustand';

/** What the map is doing; one mode at a time (spec 3 §4 map selection and drawing states). */
export type MapMode =
  | { type: 'idle' }
  /** Drawing a new feature on a layer; `tool` is the chosen drawing tool. */
  | { type: 'draw'; layerId: string; tool: 'marker' | 'circle' | 'polygon' | 'polyline' | 'rectangle' }
  /** Editing the geometry of the selected feature. */
  | { type: 'edit'; featureId: string }
  | { type: 'measure' }
  /** Line functions: choosing points to join, or a second line to join with. */
  | { type: 'join-points'; featureIds: string[] }
  | { type: 'join-line'; featureId: string; withId?: string }
  /** Drawing a leader on a folder's leader layer. */
  | { type: 'leader'; folderId: string };

export interface SelectedFeature {
  /** "<kind>.<id>", e.g. "point.42" (spec 3 §3). */
  featureId: string;
  layerId: string;
}

interface MapState {
  /** The project shown on the map (restored from preferences.lastProject by the project panel). */
  projectId: string | null;
  selection: SelectedFeature | null;
  /** Bumped by every select call, even null → null: a slow answer to an older click checks it is still current. */
  selectionSeq: number;
  mode: MapMode;
  /** Bumped to make a layer reload its data (after a save, delete or move). */
  layerRevision: Record<string, number>;
  /** Number of layer loads in flight, for the loading indicator. */
  loading: number;
  /** Layers being loaded or that failed to draw, for the project tree's per-layer state (absent: drawn or off). */
  layerStatus: Record<string, 'loading' | 'error'>;
  setLayerStatus: (layerId: string, status: 'loading' | 'error' | null) => void;
  setProject: (id: string | null) => void;
  select: (selection: SelectedFeature | null) => void;
  setMode: (mode: MapMode) => void;
  refreshLayers: (...layerIds: string[]) => void;
  loadStarted: () => void;
  loadEnded: () => void;
}

export const useMapStore = create<MapState>((set, get) => ({
  projectId: null,
  selection: null,
  selectionSeq: 0,
  mode: { type: 'idle' },
  layerRevision: {},
  loading: 0,
  layerStatus: {},
  setLayerStatus: (layerId, status) =>
    set((s) => {
      if ((s.layerStatus[layerId] ?? null) === status) return s;
      const next = { ...s.layerStatus };
      if (status) next[layerId] = status;
      else delete next[layerId];
      return { layerStatus: next };
    }),
  // A project change resets selection and any drawing (spec 3 §4: layers reset on project change).
  setProject: (projectId) =>
    set((s) => ({ projectId, selection: null, selectionSeq: s.selectionSeq + 1, mode: { type: 'idle' } })),
  // Selecting a feature clears any edit (spec 3 §4); a selection is ignored while editing.
  select: (selection) => {
    if (get().mode.type === 'edit' && selection) return;
    set((s) => ({ selection, selectionSeq: s.selectionSeq + 1 }));
  },
  setMode: (mode) => set({ mode }),
  refreshLayers: (...ids) =>
    set((s) => ({
      layerRevision: {
        ...s.layerRevision,
        ...Object.fromEntries(ids.map((id) => [id, (s.layerRevision[id] ?? 0) + 1])),
      },
    })),
  loadStarted: () => set((s) => ({ loading: s.loading + 1 })),
  loadEnded: () => set((s) => ({ loading: Math.max(0, s.loading - 1) })),
}));
