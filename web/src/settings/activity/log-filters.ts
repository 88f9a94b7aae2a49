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
