import { describe, expect, it } from 'vitest';
import { REPORT_GROUPS, REPORT_METRICS, REPORT_QUICK_RANGES } from '@fieldbook/domain';
import { CATALOGS, LOCALES } from '../../../i18n/locale';
import { barLabelId, groupLabelId, metricKey, metricLabelId } from './metric-labels';

describe('report names', () => {
  const ids = [
    ...REPORT_GROUPS.map(groupLabelId),
    ...REPORT_METRICS.map(metricLabelId),
    ...REPORT_METRICS.flatMap((m) => (m.bars ?? []).map(barLabelId)),
    ...REPORT_QUICK_RANGES.map((r) => r.labelId),
    ...['length', 'features', 'vertices'].map((m) => `app.reports.collection.measure.${m}`),
    ...['point', 'line', 'polygon'].map((t) => `app.reports.collection.type.${t}`),
    ...['daily', 'weekly', 'monthly'].map((p) => `app.reports.collection.period.${p}`),
  ];

  it.each(LOCALES)('every group, metric, bar and range has a %s text', (locale) => {
    expect(ids.filter((id) => !CATALOGS[locale][id])).toEqual([]);
  });

  it('keys metrics by their name', () => {
    expect(REPORT_METRICS.map(metricKey)).toContain('system-dictionary');
    expect(new Set(REPORT_METRICS.map(metricKey)).size).toBe(REPORT_METRICS.length);
    expect(CATALOGS.en[metricLabelId({ name: 'User Feature Collection' })]).toBe('User Feature Collection');
  });
});
