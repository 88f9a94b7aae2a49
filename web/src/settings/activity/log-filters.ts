import { ACTIVITY_MSG } from '@fieldbook/domain';

/** A date typed outside the pickers' bounds (2020-01-01 to 2100-01-01). */
export const DATE_BOUNDS_MSG = 'app.as.logs.error.date-bounds';

/**
 * The activity log's filters as the screen holds them (the Reports tab opens the log with one of these).
 * Times are epoch milliseconds; lists are sent comma-joined (see logFilterQuery).
 */
export interface LogFilterState {
  userIds?: string[];
  projectIds?: string[];
  activityTypes?: string[];
  categories?: string[];
  messages?: string[];
  partialArtifacts?: Record<string, unknown>;
  startTime?: number;
  endTime?: number;
}

export type LogOrder = 'DESC' | 'ASC';

/**
 * The filter bar's groups (spec 3 §2, §4: "filters are saved per group; clear resets the group").
 * `report` holds what only a report bar sets (exact messages, artifact contents).
 */
export const FILTER_GROUPS = ['date', 'users', 'actions', 'categories', 'projects', 'report'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

const GROUP_KEYS: Record<FilterGroup, Array<keyof LogFilterState>> = {
  date: ['startTime', 'endTime'],
  users: ['userIds'],
  actions: ['activityTypes'],
  categories: ['categories'],
  projects: ['projectIds'],
  report: ['messages', 'partialArtifacts'],
};

const LIST_KEYS = ['userIds', 'projectIds', 'activityTypes', 'categories', 'messages'] as const;

/** The state without empty lists, empty objects or unset times, so "no filter" has one shape. */
export function normalizeFilters(filters: LogFilterState): LogFilterState {
  const out: LogFilterState = {};
  for (const key of LIST_KEYS) if (filters[key]?.length) out[key] = [...filters[key]];
  if (filters.partialArtifacts && Object.keys(filters.partialArtifacts).length) {
    out.partialArtifacts = filters.partialArtifacts;
  }
  if (filters.startTime !== undefined) out.startTime = filters.startTime;
  if (filters.endTime !== undefined) out.endTime = filters.endTime;
  return out;
}

/** The part of the filters one group holds. */
export function groupValue(filters: LogFilterState, group: FilterGroup): LogFilterState {
  return normalizeFilters(Object.fromEntries(GROUP_KEYS[group].map((k) => [k, filters[k]])) as LogFilterState);
}

export const isGroupSet = (filters: LogFilterState, group: FilterGroup) =>
  Object.keys(groupValue(filters, group)).length > 0;

/** The filters with one group replaced by `value` (only that group's keys of it are taken). */
export function withGroup(filters: LogFilterState, group: FilterGroup, value: LogFilterState): LogFilterState {
  const next: LogFilterState = { ...filters };
  for (const key of GROUP_KEYS[group]) {
    if (value[key] === undefined) delete next[key];
    else (next as Record<string, unknown>)[key] = value[key];
  }
  return normalizeFilters(next);
}

export const clearGroup = (filters: LogFilterState, group: FilterGroup) => withGroup(filters, group, {});

/**
 * Closing a group's editor without applying (spec 3 §4): with nothing selected in the editor the group's
 * filter is cleared; otherwise the saved filter stays as it was.
 */
export function cancelGroup(filters: LogFilterState, group: FilterGroup, draft: LogFilterState): LogFilterState {
  return Object.keys(groupValue(draft, group)).length ? filters : clearGroup(filters, group);
}

/**
 * The query parameters of GET /rest/activities, /count and /export for the filters (spec 3 §3 log query
 * filters): lists comma-joined, partialArtifacts as JSON text, times as epoch milliseconds.
 */
export function logFilterQuery(filters: LogFilterState): Record<string, string> {
  const f = normalizeFilters(filters);
  const query: Record<string, string> = {};
  for (const key of LIST_KEYS) if (f[key]) query[key] = f[key].join(',');
  if (f.partialArtifacts) query.partialArtifacts = JSON.stringify(f.partialArtifacts);
  if (f.startTime !== undefined) query.startTime = String(f.startTime);
  if (f.endTime !== undefined) query.endTime = String(f.endTime);
  return query;
}

// ---- Date filter (spec 3 §5: start ≤ end; start max is the end, else 2100-01-01; end min is the start, else 2020-01-01)

/** The picker bounds, as datetime-local input values. */
export const DATE_INPUT_MIN = '2020-01-01T00:00';
export const DATE_INPUT_MAX = '2100-01-01T00:00';

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms → a datetime-local value in the browser's zone ('' for none). */
export function toDateInput(ms: number | undefined): string {
  if (ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) → epoch ms; undefined for an empty or unreadable value. */
export function fromDateInput(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  return new Date(y, mo - 1, d, h, mi).getTime();
}

/** The min/max of the start and end inputs for the values chosen so far. */
export function dateInputBounds(start: string, end: string) {
  return {
    startMin: DATE_INPUT_MIN,
    startMax: end || DATE_INPUT_MAX,
    endMin: start || DATE_INPUT_MIN,
    endMax: DATE_INPUT_MAX,
  };
}

/** What is wrong with a chosen range (a message id), or null when it may be applied. */
export function dateRangeError(start: string, end: string): string | null {
  for (const value of [start, end]) {
    if (value && (fromDateInput(value) === undefined || value < DATE_INPUT_MIN || value > DATE_INPUT_MAX)) {
      return DATE_BOUNDS_MSG;
    }
  }
  if (start && end && start > end) return ACTIVITY_MSG.dateRange;
  return null;
}
