import { ACTIVITY_TEXTS, type ActivityCategory, type ActivityType, type CollectionPeriod } from './activities.js';

/**
 * The Reports tab (spec 3 §2, §3 metric names, §9 report defaults). A metric is a set of bars; a bar is a
 * log filter, so its height is GET /rest/activities/count of that filter and a click on it opens the log
 * with the same filter.
 */
export interface ReportBarFilter {
  activityTypes?: ActivityType[];
  categories?: ActivityCategory[];
  messages?: string[];
  partialArtifacts?: Record<string, unknown>;
}

export interface ReportBar {
  /** The bar's label: an action type, or a message id for bars that are not one type. */
  label: string;
  filter: ReportBarFilter;
}

export const REPORT_GROUPS = [
  'Feature Metrics',
  'Layer Metrics',
  'Project Metrics',
  'Dictionary Metrics',
  'User Metrics',
  'Payment Metrics',
  'Data Organization Metrics',
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportMetric {
  /** The spec's metric name (spec 3 §3). */
  name: string;
  group: ReportGroup;
  /** Bars of counts; absent for the User Feature Collection table. */
  bars?: ReportBar[];
}

const ADD_EDIT_DELETE: ActivityType[] = ['Add', 'Edit', 'Delete'];
const perType = (category: ActivityCategory, types: ActivityType[] = ADD_EDIT_DELETE, extra?: ReportBarFilter) =>
  types.map((t) => ({ label: t, filter: { activityTypes: [t], categories: [category], ...extra } }));
const featureKind = (kind: string) =>
  perType('Feature', [...ADD_EDIT_DELETE, 'Restore'], { partialArtifacts: { kind } });
const byText = (label: string, text: string): ReportBar => ({ label, filter: { messages: [text] } });

export const REPORT_METRICS: ReportMetric[] = [
  { name: 'Pointman Feature', group: 'Feature Metrics', bars: perType('Feature', [...ADD_EDIT_DELETE, 'Restore']) },
  { name: 'Point', group: 'Feature Metrics', bars: featureKind('point') },
  { name: 'Line', group: 'Feature Metrics', bars: featureKind('line') },
  { name: 'Polygon', group: 'Feature Metrics', bars: featureKind('polygon') },
  { name: 'Leader', group: 'Feature Metrics', bars: featureKind('leader') },
  { name: 'HTMLForm Feature', group: 'Feature Metrics', bars: featureKind('htmlform_feature') },
  {
    name: 'Restore',
    group: 'Feature Metrics',
    bars: [{ label: 'Restore', filter: { activityTypes: ['Restore'] } }],
  },
  { name: 'Layer', group: 'Layer Metrics', bars: perType('Layer') },
  {
    name: 'Import',
    group: 'Layer Metrics',
    bars: [byText('app.reports.bar.imported', ACTIVITY_TEXTS.layerImported)],
  },
  {
    name: 'Export',
    group: 'Layer Metrics',
    bars: [{ label: 'Export', filter: { activityTypes: ['Export'] } }],
  },
  {
    name: 'Shared Layers',
    group: 'Layer Metrics',
    bars: [
      byText('app.reports.bar.shared', ACTIVITY_TEXTS.layerShared),
      byText('app.reports.bar.unshared', ACTIVITY_TEXTS.layerUnshared),
    ],
  },
  { name: 'Project', group: 'Project Metrics', bars: perType('Project') },
  { name: 'Folder', group: 'Project Metrics', bars: perType('Folder') },
  { name: 'Dictionary', group: 'Dictionary Metrics', bars: perType('Dictionary') },
  { name: 'System (Dictionary)', group: 'Dictionary Metrics', bars: perType('System (Dictionary)') },
  { name: 'Component (Dictionary)', group: 'Dictionary Metrics', bars: perType('Component (Dictionary)') },
  { name: 'Login', group: 'User Metrics', bars: [{ label: 'Login', filter: { activityTypes: ['Login'] } }] },
  { name: 'User Feature Collection', group: 'User Metrics' },
  {
    name: 'License',
    group: 'Payment Metrics',
    bars: perType('Payment and Subscription'),
  },
  {
    name: 'Data Organization',
    group: 'Data Organization Metrics',
    bars: [
      byText('app.reports.bar.layer-moved', ACTIVITY_TEXTS.layerMoved),
      byText('app.reports.bar.folder-moved', ACTIVITY_TEXTS.folderMoved),
      byText('app.reports.bar.features-moved', ACTIVITY_TEXTS.featuresMoved),
    ],
  },
];

/** Quick date ranges of the reports (spec 3 §9); the default is the last week. */
export const REPORT_QUICK_RANGES = [
  { id: 'week', labelId: 'app.reports.range.week', days: 7 },
  { id: 'twoWeeks', labelId: 'app.reports.range.two-weeks', days: 14 },
  { id: 'month', labelId: 'app.reports.range.month', days: 30 },
  { id: 'all', labelId: 'app.reports.range.all', days: null },
] as const;
export const DEFAULT_REPORT_RANGE = 'week';

const DAY_MS = 86_400_000;

/** User Feature Collection columns (spec 3 §9): up to 7 days daily, up to 28 days weekly, more monthly. */
export function collectionPeriod(fromMs: number, toMs: number): CollectionPeriod {
  const days = Math.ceil((toMs - fromMs) / DAY_MS);
  if (days <= 7) return 'daily';
  if (days <= 28) return 'weekly';
  return 'monthly';
}

export const METERS_TO_FEET = 3.2808399;

/** A collected length as the report shows it: feet rounded to whole numbers, or metres to 3 decimals. */
export function collectedLength(meters: number, metric: boolean): number {
  return metric ? Math.round(meters * 1000) / 1000 : Math.round(meters * METERS_TO_FEET);
}
