import type { ReportBar, ReportGroup, ReportMetric } from '@fieldbook/domain';

/**
 * Message ids of the report's names. Metric and group names are the spec's English names, so their ids
 * are made from them ('System (Dictionary)' → app.reports.metric.system-dictionary); a bar's label is
 * an action type (app.reports.bar.add) or already a message id.
 */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A metric's key in the tree, the select and test ids: its name in lower case words ('layer', 'system-dictionary'). */
export const metricKey = (metric: Pick<ReportMetric, 'name'>) => slug(metric.name);
export const metricLabelId = (metric: Pick<ReportMetric, 'name'>) => `app.reports.metric.${metricKey(metric)}`;
export const groupLabelId = (group: ReportGroup) => `app.reports.group.${slug(group)}`;
export const barLabelId = (bar: Pick<ReportBar, 'label'>) =>
  bar.label.startsWith('app.') ? bar.label : `app.reports.bar.${slug(bar.label)}`;
/** A bar's key for test ids: the last word of its message id ('add', 'layer-moved'). */
export const barKey = (bar: Pick<ReportBar, 'label'>) => barLabelId(bar).split('.').pop()!;
