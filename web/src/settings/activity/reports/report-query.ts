import type { ReportBarFilter } from '@fieldbook/domain';
import { normalizeFilters, type LogFilterState } from '../log-filters';
import type { RangeTimes } from './report-range';

/** What the report narrows every bar to: its date range, and the users and projects picked. */
export interface ReportFilters extends RangeTimes {
  userIds?: string[];
  projectIds?: string[];
}

/**
 * A bar's log filter within the report's filters: what its count counts (sent as logFilterQuery gives
 * it) and what a click on it opens in the Activity logs tab.
 */
export function barLogFilters(bar: ReportBarFilter, report: ReportFilters): LogFilterState {
  return normalizeFilters({
    activityTypes: bar.activityTypes,
    categories: bar.categories,
    messages: bar.messages,
    partialArtifacts: bar.partialArtifacts,
    userIds: report.userIds,
    projectIds: report.projectIds,
    startTime: report.startTime,
    endTime: report.endTime,
  });
}
