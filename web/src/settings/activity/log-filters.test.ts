import { describe, expect, it } from 'vitest';
import { ACTIVITY_MSG, activityFiltersSchema } from '@fieldbook/domain';
import {
  DATE_BOUNDS_MSG,
  cancelGroup,
  clearGroup,
  dateInputBounds,
  dateRangeError,
  fromDateInput,
  isGroupSet,
  logFilterQuery,
  toDateInput,
  withGroup,
  type LogFilterState,
} from './log-filters';

const projectA = '11111111-1111-4111-8111-111111111111';
const projectB = '22222222-2222-4222-8222-222222222222';

describe('logFilterQuery', () => {
  it('joins lists with commas, writes artifacts as JSON and times as epoch ms', () => {
    const query = logFilterQuery({
      projectIds: [projectA, projectB],
      activityTypes: ['Add', 'Delete'],
      categories: ['System (Dictionary)'],
      messages: ['Layer moved'],
      partialArtifacts: { featureId: 'point.12' },
      startTime: 1_700_000_000_000,
      endTime: 1_700_000_360_000,
    });
    expect(query).toEqual({
      projectIds: `${projectA},${projectB}`,
      activityTypes: 'Add,Delete',
      categories: 'System (Dictionary)',
      messages: 'Layer moved',
      partialArtifacts: '{"featureId":"point.12"}',
      startTime: '1700000000000',
      endTime: '1700000360000',
    });
    // The server reads it back as the same filters.
    expect(activityFiltersSchema.parse(query)).toMatchObject({
      projectIds: [projectA, projectB],
      activityTypes: ['Add', 'Delete'],
      categories: ['System (Dictionary)'],
      partialArtifacts: { featureId: 'point.12' },
      startTime: 1_700_000_000_000,
    });
  });

  it('leaves out empty lists, empty artifacts and unset times', () => {
    expect(logFilterQuery({ userIds: [], partialArtifacts: {}, categories: undefined })).toEqual({});
  });

  it('keeps a start time of 0', () => {
    expect(logFilterQuery({ startTime: 0 })).toEqual({ startTime: '0' });
  });
});

describe('filter groups', () => {
  const saved: LogFilterState = { activityTypes: ['Delete'], categories: ['Feature'], startTime: 5, endTime: 9 };

  it('replaces one group and leaves the others', () => {
    expect(withGroup(saved, 'actions', { activityTypes: ['Add', 'Edit'], categories: ['Layer'] })).toEqual({
      activityTypes: ['Add', 'Edit'],
      categories: ['Feature'],
      startTime: 5,
      endTime: 9,
    });
  });

  it('clear resets only that group', () => {
    expect(clearGroup(saved, 'date')).toEqual({ activityTypes: ['Delete'], categories: ['Feature'] });
    expect(isGroupSet(clearGroup(saved, 'categories'), 'categories')).toBe(false);
  });

  it('cancel with nothing selected clears the group; with a selection keeps what was saved', () => {
    expect(cancelGroup(saved, 'actions', {})).toEqual({ categories: ['Feature'], startTime: 5, endTime: 9 });
    expect(cancelGroup(saved, 'actions', { activityTypes: ['Add'] })).toBe(saved);
  });

  it('the report group holds messages and artifact contents', () => {
    const fromReport = { messages: ['Layer moved'], partialArtifacts: { kind: 'line' }, categories: ['Layer'] };
    expect(isGroupSet(fromReport, 'report')).toBe(true);
    expect(clearGroup(fromReport, 'report')).toEqual({ categories: ['Layer'] });
  });
});

describe('date range rule', () => {
  it('bounds the start by the end and the end by the start, else 2020-01-01..2100-01-01', () => {
    expect(dateInputBounds('', '')).toEqual({
      startMin: '2020-01-01T00:00',
      startMax: '2100-01-01T00:00',
      endMin: '2020-01-01T00:00',
      endMax: '2100-01-01T00:00',
    });
    expect(dateInputBounds('2024-03-01T08:00', '2024-04-01T17:30')).toMatchObject({
      startMax: '2024-04-01T17:30',
      endMin: '2024-03-01T08:00',
    });
  });

  it('refuses a start after the end and dates outside the bounds', () => {
    expect(dateRangeError('2024-03-01T08:00', '2024-04-01T17:30')).toBeNull();
    expect(dateRangeError('2024-03-01T08:00', '2024-03-01T08:00')).toBeNull();
    expect(dateRangeError('', '2024-04-01T17:30')).toBeNull();
    expect(dateRangeError('2024-04-02T00:00', '2024-04-01T17:30')).toBe(ACTIVITY_MSG.dateRange);
    expect(dateRangeError('2019-12-31T23:59', '')).toBe(DATE_BOUNDS_MSG);
    expect(dateRangeError('', '2100-01-01T00:01')).toBe(DATE_BOUNDS_MSG);
    expect(dateRangeError('garbage', '')).toBe(DATE_BOUNDS_MSG);
  });

  it('reads and writes datetime-local values in local time', () => {
    const ms = new Date(2024, 2, 5, 7, 9).getTime();
    expect(toDateInput(ms)).toBe('2024-03-05T07:09');
    expect(fromDateInput('2024-03-05T07:09')).toBe(ms);
    expect(fromDateInput('')).toBeUndefined();
    expect(toDateInput(undefined)).toBe('');
  });
});
