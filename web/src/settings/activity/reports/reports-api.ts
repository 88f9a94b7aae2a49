import { useQueries, useQuery } from '@tanstack/react-query';
import type { DailyCollectionRow } from '@fieldbook/domain';
import { apiFetch } from '../../../api/client';
import { useSession } from '../../../api/session';
import { logFilterQuery, type LogFilterState } from '../log-filters';

/** The reports' calls (spec 3 §7): a count per bar and the daily collection stats. */

/** One bar's height; a failed count is logged to the console only (spec 3 §8) and shows as nothing. */
async function countOf(filters: LogFilterState): Promise<number | null> {
  try {
    return (await apiFetch<{ count: number }>('/rest/activities/count', { query: logFilterQuery(filters) })).count;
  } catch (error) {
    console.error('report count failed', error);
    return null;
  }
}

/** The counts of a metric's bars, in bar order (undefined while loading, null when failed). */
export function useBarCounts(bars: LogFilterState[]): Array<number | null | undefined> {
  const orgId = useSession((s) => s.orgId);
  return useQueries({
    queries: bars.map((filters) => ({
      queryKey: ['activities', orgId, 'count', logFilterQuery(filters)],
      queryFn: () => countOf(filters),
    })),
  }).map((q) => q.data);
}

export interface CollectionQuery {
  fromDate: number;
  toDate: number;
  featureType: 'point' | 'line' | 'polygon';
  userIds?: string[];
  projectIds?: string[];
}

export function useDailyCollection(q: CollectionQuery | null) {
  const orgId = useSession((s) => s.orgId);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = q && {
    fromDate: q.fromDate,
    toDate: q.toDate,
    featureType: q.featureType,
    timezone,
    userIds: q.userIds?.length ? q.userIds.join(',') : undefined,
    projectIds: q.projectIds?.length ? q.projectIds.join(',') : undefined,
  };
  return useQuery({
    queryKey: ['stats', orgId, 'daily', query],
    queryFn: () => apiFetch<DailyCollectionRow[]>('/rest/stats/user/daily', { query: query! }),
    enabled: !!query,
  });
}
