import { searchFilterSchema, type SearchFilter } from '@fieldbook/domain';
import { usePreferences } from '../../app/preferences-store';
import type { SortPrefs } from './search-store';

/** What a layer's table remembers per project (spec 3 §3 saved search prefs): columns, filters, sort. */
export interface LayerSearchPrefs {
  headers?: string[];
  appliedFilters?: SearchFilter[];
  sortPrefs?: SortPrefs | null;
}

const projectEntry = (projectId: string) =>
  (usePreferences.getState().prefs.projectPrefs ?? []).find((p) => p.id === projectId);

/** The saved search of a layer; filters that no longer read as filters are dropped. */
export function savedLayerSearch(projectId: string | null, layerId: string): LayerSearchPrefs {
  const saved = projectId ? projectEntry(projectId)?.searchPrefs?.[layerId] : undefined;
  if (!saved) return {};
  const headers = Array.isArray(saved.headers)
    ? saved.headers.filter((h): h is string => typeof h === 'string')
    : undefined;
  const appliedFilters = (saved.appliedFilters ?? []).flatMap((f) => {
    const parsed = searchFilterSchema.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
  const sort = saved.sortPrefs as SortPrefs | null | undefined;
  const sortPrefs =
    sort && typeof sort.field === 'string' && (sort.direction === 'asc' || sort.direction === 'desc') ? sort : null;
  return { headers: headers?.length ? headers : undefined, appliedFilters, sortPrefs };
}

/** Saves a layer's search with the other preferences (written 5 s after the last change). */
export function saveLayerSearch(projectId: string, layerId: string, prefs: LayerSearchPrefs) {
  const { prefs: all, update } = usePreferences.getState();
  const list = all.projectPrefs ?? [];
  const entry = list.find((p) => p.id === projectId);
  const searchPrefs = { ...entry?.searchPrefs, [layerId]: prefs };
  const next = entry
    ? list.map((p) => (p.id === projectId ? { ...p, searchPrefs } : p))
    : [...list, { id: projectId, searchPrefs }];
  update({ projectPrefs: next });
}
