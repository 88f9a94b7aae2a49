import { describe, expect, it } from 'vitest';
import { ACTIVITY_MSG } from '@fieldbook/domain';
import { DATE_BOUNDS_MSG } from '../log-filters';
import { addDays, customRangeBounds, customRangeError, rangeDays, rangeTimes } from './report-range';

const local = (y: number, m: number, d: number, h = 0, mi = 0) => new Date(y, m - 1, d, h, mi).getTime();
const NOW = local(2024, 3, 15, 14, 30);

describe('report date range', () => {
  it('defaults to the last week: today and the six days before, to the end of today', () => {
    expect(rangeTimes({ kind: 'quick', id: 'week' }, NOW)).toEqual({
      startTime: local(2024, 3, 9),
      endTime: local(2024, 3, 16) - 1,
    });
  });

  it('covers 14 and 30 days for the two weeks and month buttons; all time is open', () => {
    expect(rangeTimes({ kind: 'quick', id: 'twoWeeks' }, NOW)?.startTime).toBe(local(2024, 3, 2));
    expect(rangeTimes({ kind: 'quick', id: 'month' }, NOW)?.startTime).toBe(local(2024, 2, 15));
    expect(rangeTimes({ kind: 'quick', id: 'all' }, NOW)).toEqual({});
  });

  it('runs a custom range from the start of its first day to the end of its last', () => {
    expect(rangeTimes({ kind: 'custom', start: '2024-01-01', end: '2024-01-31' }, NOW)).toEqual({
      startTime: local(2024, 1, 1),
      endTime: local(2024, 2, 1) - 1,
    });
    expect(rangeTimes({ kind: 'custom', start: '2024-01-01', end: '' }, NOW)).toEqual({
      startTime: local(2024, 1, 1),
      endTime: undefined,
    });
  });

  it('refuses a start after the end and days outside 2020-01-01..2100-01-01', () => {
    expect(customRangeError({ start: '2024-02-01', end: '2024-01-31' })).toBe(ACTIVITY_MSG.dateRange);
    expect(customRangeError({ start: '2019-12-31', end: '' })).toBe(DATE_BOUNDS_MSG);
    expect(customRangeError({ start: '', end: '2100-01-02' })).toBe(DATE_BOUNDS_MSG);
    expect(customRangeError({ start: '2020-01-01', end: '2100-01-01' })).toBeNull();
    expect(customRangeError({ start: '2024-01-31', end: '2024-01-31' })).toBeNull();
    expect(rangeTimes({ kind: 'custom', start: '2024-02-01', end: '2024-01-31' }, NOW)).toBeNull();
  });

  it('bounds the pickers by each other, else by 2020-01-01 and 2100-01-01', () => {
    expect(customRangeBounds({ start: '', end: '' })).toEqual({
      startMin: '2020-01-01',
      startMax: '2100-01-01',
      endMin: '2020-01-01',
      endMax: '2100-01-01',
    });
    expect(customRangeBounds({ start: '2024-01-05', end: '2024-02-01' })).toMatchObject({
      startMax: '2024-02-01',
      endMin: '2024-01-05',
    });
  });

  it('counts days across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('spans the collection table to today at most; an open start begins at the first day with data', () => {
    expect(rangeDays({ startTime: local(2024, 3, 9), endTime: local(2100, 1, 1) }, NOW)).toEqual({
      from: '2024-03-09',
      to: '2024-03-15',
    });
    expect(rangeDays({}, NOW, '2024-01-20')).toEqual({ from: '2024-01-20', to: '2024-03-15' });
    expect(rangeDays({}, NOW)).toEqual({ from: '2024-03-15', to: '2024-03-15' });
  });
});
