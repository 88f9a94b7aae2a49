import { create } from 'zustand';
import type { JobType } from '@fieldbook/domain';
import { useWindowStack } from '../floating/window-stack';

/** An upload whose job the map waits for: when it ends, the project is read again and its new layers shown. */
export interface WatchedImport {
  jobId: string;
  projectId: string;
  folderId: string;
  /** Layers the folder held before the upload: the others, once the job ends, are the imported ones. */
  knownLayerIds: string[];
}

interface JobsState {
  open: boolean;
  tab: JobType;
  watched: WatchedImport[];
  toggle: () => void;
  close: () => void;
  /** Opens the panel on a tab (after an upload: Imports; after an export: Exports). */
  show: (tab: JobType) => void;
  setTab: (tab: JobType) => void;
  watch: (entry: WatchedImport) => void;
  unwatch: (jobId: string) => void;
}

/** The jobs panel (spec 3 §2): whether it is open, its tab, and the imports the map waits for. */
export const useJobsPanel = create<JobsState>((set) => ({
  open: false,
  tab: 'IMPORT',
  watched: [],
  toggle: () =>
    set((s) => {
      if (!s.open) useWindowStack.getState().raise('jobs');
      return { open: !s.open };
    }),
  close: () => set({ open: false }),
  show: (tab) => {
    useWindowStack.getState().raise('jobs');
    set({ open: true, tab });
  },
  setTab: (tab) => set({ tab }),
  watch: (entry) => set((s) => ({ watched: [...s.watched.filter((w) => w.jobId !== entry.jobId), entry] })),
  unwatch: (jobId) => set((s) => ({ watched: s.watched.filter((w) => w.jobId !== jobId) })),
}));
