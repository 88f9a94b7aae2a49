import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@fieldbook/domain';
import { logFilterQuery, type LogFilterState, type LogOrder } from '../settings/activity/log-filters';
import { apiFetch } from './client';
import { useSession } from './session';

/** The activity log calls of spec 3 §7: keyset pages, the CSV export as a job, and feature restores. */

export type LogPageKey = { Timestamp: number; Seq: number };

/** POST /rest/features/restore answers "success", or a message id to show as a warning. */
export const RESTORED = 'success';
export interface RestoreAnswer {
  data: string;
  featureId?: string;
}

export const activityKeys = {
  all: (orgId: string | null) => ['activities', orgId] as const,
  log: (orgId: string | null, filters: LogFilterState, order: LogOrder, pageSize: number) =>
    ['activities', orgId, 'log', filters, order, pageSize] as const,
};

export const activitiesApi = {
  page: (filters: LogFilterState, order: LogOrder, pageSize: number, after: LogPageKey | null) =>
    apiFetch<ActivityPage>('/rest/activities', {
      query: {
        ...logFilterQuery(filters),
        orderDirection: order,
        pageSize,
        lastTimestamp: after?.Timestamp,
        lastSeq: after?.Seq,
      },
    }),
  exportLog: (filters: LogFilterState, projectMapping: Record<string, string>, timezone: string) =>
    apiFetch<{ jobId: string }>('/rest/activities/export', {
      method: 'POST',
      query: logFilterQuery(filters),
      body: { projectMapping, timezone },
    }),
  restoreDeletion: (entryId: string) =>
    apiFetch<{ data: string; layerIds: string[]; featuresRestored: number }>(`/rest/activities/${entryId}/restore`, {
      method: 'POST',
      body: {},
    }),
  restoreFeature: (featureId: string, restoreFromTime?: number) =>
    apiFetch<RestoreAnswer>(`/rest/features/restore/${featureId}`, {
      method: 'POST',
      body: restoreFromTime === undefined ? {} : { restoreFromTime },
    }),
};

/** The log for the filters, one keyset page after another (spec 3 §4 logs list: loading, loaded, error, has-more). */
export function useActivityLog(filters: LogFilterState, order: LogOrder, pageSize: number, enabled = true) {
  const orgId = useSession((s) => s.orgId);
  return useInfiniteQuery({
    queryKey: activityKeys.log(orgId, filters, order, pageSize),
    queryFn: ({ pageParam }) => activitiesApi.page(filters, order, pageSize, pageParam),
    initialPageParam: null as LogPageKey | null,
    getNextPageParam: (last) => last.LastEvaluatedKey,
    enabled,
    retry: false,
  });
}
