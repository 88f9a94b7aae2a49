import { describe, expect, it } from 'vitest';
import { REPORT_METRICS } from '@fieldbook/domain';
import { logFilterQuery } from '../log-filters';
import { barLogFilters } from './report-query';

const metric = (name: string) => REPORT_METRICS.find((m) => m.name === name)!;
const bar = (name: string, label: string) => metric(name).bars!.find((b) => b.label === label)!.filter;

describe('report bar → log filter and count query', () => {
  it('adds the report range, users and projects to the bar filter', () => {
    const filters = barLogFilters(bar('Layer', 'Add'), {
      startTime: 1_700_000_000_000,
      endTime: 1_700_600_000_000,
      userIds: ['u1', 'u2'],
      projectIds: ['p1'],
    });
    expect(filters).toEqual({
      activityTypes: ['Add'],
      categories: ['Layer'],
      userIds: ['u1', 'u2'],
      projectIds: ['p1'],
      startTime: 1_700_000_000_000,
      endTime: 1_700_600_000_000,
    });
    expect(logFilterQuery(filters)).toEqual({
      activityTypes: 'Add',
      categories: 'Layer',
      userIds: 'u1,u2',
      projectIds: 'p1',
      startTime: '1700000000000',
      endTime: '1700600000000',
    });
  });

  it('leaves out empty user and project lists and open bounds (all time)', () => {
    const filters = barLogFilters(bar('Login', 'Login'), { userIds: [], projectIds: [] });
    expect(filters).toEqual({ activityTypes: ['Login'] });
    expect(new URLSearchParams(logFilterQuery(filters)).toString()).toBe('activityTypes=Login');
  });

  it('sends a feature kind as partialArtifacts JSON and a known text as messages', () => {
    const line = logFilterQuery(barLogFilters(bar('Line', 'Delete'), {}));
    expect(line).toEqual({ activityTypes: 'Delete', categories: 'Feature', partialArtifacts: '{"kind":"line"}' });
    const moved = logFilterQuery(barLogFilters(bar('Data Organization', 'app.reports.bar.layer-moved'), {}));
    expect(moved).toEqual({ messages: 'Layer moved' });
    expect(new URLSearchParams(line).toString()).toBe(
      'activityTypes=Delete&categories=Feature&partialArtifacts=%7B%22kind%22%3A%22line%22%7D',
    );
  });
});
