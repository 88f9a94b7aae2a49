import { create } from 'zustand';
import { SEARCH_DEFAULT_PAGE_SIZE, type SearchFilter } from '@fieldbook/domain';
import type { SearchBody } from '../../api/search';
import { useWindowStack } from '../floating/window-stack';
import { useMapStore } from '../state/map-store';
import { savedLayerSearch } from './search-prefs';

export type QuickFilter = 'hasPhotos' | 'hasFiles' | 'hasForms';
export const QUICK_FILTERS: QuickFilter[] = ['hasPhotos', 'hasFiles', 'hasForms'];

export interface SortPrefs {
  field: string;
  direction: 'asc' | 'desc';
}

/**
 * The search panel (spec 3 §2, §4): open or closed, collapsed, maximized, the aggregate list of layers or
 * one layer's table, its text, filters, quick filters, sort and page. Changing the text or the filters
 * goes back to the first page (spec 3 §4: changing filters resets the list).
 */
interface SearchState {
  open: boolean;
  collapsed: boolean;
  maximized: boolean;
  text: string;
  /** The layer whose result table is shown; null for the list of layers. */
  layerId: string | null;
  filters: SearchFilter[];
  quick: Record<QuickFilter, boolean>;
  page: number;
  pageSize: number;
  sort: SortPrefs | null;
  /** Columns chosen per layer (absent: the layer's default columns). */
  columns: Record<string, string[]>;
  toggle: () => void;
  close: () => void;
  setCollapsed: (collapsed: boolean) => void;
  setMaximized: (maximized: boolean) => void;
  setText: (text: string) => void;
  /** Opens one layer's table: from the layer list, or as the layer's attribute table (no text, no filters). */
  openLayer: (layerId: string, asAttributeTable?: boolean) => void;
  back: () => void;
  setFilter: (filter: SearchFilter, replacing?: number) => void;
  removeFilter: (index: number) => void;
  setQuick: (flag: QuickFilter, on: boolean) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: SortPrefs | null) => void;
  setColumns: (layerId: string, columns: string[]) => void;
}

const FIRST_PAGE = { page: 0 };

export const useSearchPanel = create<SearchState>((set) => ({
  open: false,
  collapsed: false,
  maximized: false,
  text: '',
  layerId: null,
  filters: [],
  quick: { hasPhotos: false, hasFiles: false, hasForms: false },
  page: 0,
  pageSize: SEARCH_DEFAULT_PAGE_SIZE,
  sort: null,
  columns: {},
  toggle: () =>
    set((s) => {
      if (!s.open) useWindowStack.getState().raise('search');
      return { open: !s.open, collapsed: false };
    }),
  close: () => set({ open: false }),
  setCollapsed: (collapsed) => set({ collapsed }),
  setMaximized: (maximized) => set({ maximized }),
  setText: (text) => set({ text, ...FIRST_PAGE }),
  openLayer: (layerId, asAttributeTable = false) =>
    set((s) => {
      useWindowStack.getState().raise('search');
      // The layer's saved columns, filters and sort (spec 3 §3); a map area is this session's only.
      const saved = savedLayerSearch(useMapStore.getState().projectId, layerId);
      const kept = asAttributeTable ? [] : s.filters.filter((f) => f.type === 'bb');
      return {
        open: true,
        collapsed: false,
        layerId,
        ...FIRST_PAGE,
        ...(asAttributeTable ? { text: '', quick: { hasPhotos: false, hasFiles: false, hasForms: false } } : {}),
        filters: [...kept, ...(saved.appliedFilters ?? []).filter((f) => f.type !== 'bb')],
        sort: saved.sortPrefs ?? null,
        columns: saved.headers ? { ...s.columns, [layerId]: saved.headers } : s.columns,
      };
    }),
  back: () => set({ layerId: null, ...FIRST_PAGE }),
  setFilter: (filter, replacing) =>
    set((s) => ({
      filters:
        replacing === undefined ? [...s.filters, filter] : s.filters.map((f, i) => (i === replacing ? filter : f)),
      ...FIRST_PAGE,
    })),
  removeFilter: (index) => set((s) => ({ filters: s.filters.filter((_, i) => i !== index), ...FIRST_PAGE })),
  setQuick: (flag, on) => set((s) => ({ quick: { ...s.quick, [flag]: on }, ...FIRST_PAGE })),
  setPage: (page) => set({ page }),
  setPageSize: (pageSize) => set({ pageSize, ...FIRST_PAGE }),
  setSort: (sort) => set({ sort, ...FIRST_PAGE }),
  setColumns: (layerId, columns) => set((s) => ({ columns: { ...s.columns, [layerId]: columns } })),
}));

/** The request of the panel's current search: in the project, or in one layer with its page and sort. */
export function searchBody(
  s: Pick<SearchState, 'text' | 'filters' | 'quick' | 'page' | 'pageSize' | 'sort'>,
  projectId: string | null,
  layerId: string | null,
): SearchBody {
  const quick = Object.fromEntries(QUICK_FILTERS.filter((f) => s.quick[f]).map((f) => [f, true]));
  const common = { search: s.text || undefined, ...quick };
  if (!layerId)
    return { ...common, projectId: projectId ?? undefined, filters: s.filters.filter((f) => f.type === 'bb') };
  return {
    ...common,
    layerId,
    filters: s.filters,
    page: s.page,
    pageSize: s.pageSize,
    orderBy: s.sort?.field,
    orderDirection: s.sort?.direction,
  };
}
