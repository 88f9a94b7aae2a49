import { create } from 'zustand';
import { normalizeFilters, type LogFilterState, type LogOrder } from './log-filters';

export type LogTab = 'logs' | 'reports';

interface LogScreenState {
  /** The organization the filters were chosen in. */
  orgId: string | null;
  tab: LogTab;
  filters: LogFilterState;
  order: LogOrder;
  setTab: (tab: LogTab) => void;
  setFilters: (filters: LogFilterState) => void;
  setOrder: (order: LogOrder) => void;
  /** A report bar's click: the log tab with exactly that bar's filters. */
  openLog: (filters: LogFilterState) => void;
  /** Another organization's log starts with no filters (they name its users and projects). */
  resetFor: (orgId: string | null) => void;
}

/**
 * The activity logs screen's tab, filters and order, kept for the session so leaving the screen (e.g. to
 * see a restored feature on the map) and coming back finds the log as it was. Newest first by default.
 */
export const useLogScreen = create<LogScreenState>((set, get) => ({
  orgId: null,
  tab: 'logs',
  filters: {},
  order: 'DESC',
  setTab: (tab) => set({ tab }),
  setFilters: (filters) => set({ filters: normalizeFilters(filters) }),
  setOrder: (order) => set({ order }),
  openLog: (filters) => set({ tab: 'logs', filters: normalizeFilters(filters) }),
  resetFor: (orgId) => {
    if (get().orgId !== orgId) set({ orgId, filters: {}, tab: 'logs' });
  },
}));
