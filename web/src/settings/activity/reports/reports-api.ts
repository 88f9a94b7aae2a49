import { useQueries, useQuery } from '@tanstack/react-query';
import type { ActivityPage, CollectionPeriod, DailyCollectionRow } from '@fieldbook/domain';
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
  period: CollectionPeriod;
  userIds?: string[];
  projectIds?: string[];
}

const listed = (ids?: string[]) => (ids?.length ? ids.join(',') : undefined);

/** The collection sums per column (`period`): a row's date is the first day of its column. */
export function useDailyCollection(q: CollectionQuery | null) {
  const orgId = useSession((s) => s.orgId);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = q && {
    fromDate: q.fromDate,
    toDate: q.toDate,
    featureType: q.featureType,
    period: q.period,
    timezone,
    userIds: listed(q.userIds),
    projectIds: listed(q.projectIds),
  };
  return useQuery({
    queryKey: ['stats', orgId, 'daily', query],
    queryFn: () => apiFetch<DailyCollectionRow[]>('/rest/stats/user/daily', { query: query! }),
    enabled: !!query,
  });
}

/**
 * When the first feature of a type was collected (epoch ms; null when none), for a report over "All
 * time": the table's first column starts that day. Asked of the log as its oldest matching entry.
 */
export function useFirstCollected(
  q: Pick<CollectionQuery, 'featureType' | 'userIds' | 'projectIds'>,
  enabled: boolean,
) {
  const orgId = useSession((s) => s.orgId);
  const query = {
    ...logFilterQuery({
      activityTypes: ['Add'],
      categories: ['Feature'],
      partialArtifacts: { kind: q.featureType },
      userIds: q.userIds,
      projectIds: q.projectIds,
    }),
    orderDirection: 'ASC',
    pageSize: '1',
  };
  return useQuery({
    queryKey: ['activities', orgId, 'first', query],
    queryFn: async () => (await apiFetch<ActivityPage>('/rest/activities', { query })).Items[0]?.Timestamp ?? null,
    enabled,
  });
}
