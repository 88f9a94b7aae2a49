import { describe, expect, it } from 'vitest';
import type { DailyCollectionRow } from '@fieldbook/domain';
import { collectionColumns, collectionSpan, collectionTable, measureOf } from './collection-table';

const row = (date: string, email: string, meters: number, features = 1, vertices = 2, project = 'p1') =>
  ({
    date,
    email,
    account_id: `id-${email}`,
    project_id: project,
    meters_collected: meters,
    features_collected: features,
    vertices_collected: vertices,
  }) satisfies DailyCollectionRow;

const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

describe('collection table columns', () => {
  it('makes one column per day', () => {
    expect(collectionColumns('2024-03-09', '2024-03-11', 'daily')).toEqual([
      { from: '2024-03-09', to: '2024-03-09' },
      { from: '2024-03-10', to: '2024-03-10' },
      { from: '2024-03-11', to: '2024-03-11' },
    ]);
  });

  it('makes runs of seven days from the first day, the last one cut at the range end', () => {
    expect(collectionColumns('2024-03-01', '2024-03-20', 'weekly')).toEqual([
      { from: '2024-03-01', to: '2024-03-07' },
      { from: '2024-03-08', to: '2024-03-14' },
      { from: '2024-03-15', to: '2024-03-20' },
    ]);
  });

  it('makes calendar months, the first and last cut at the range', () => {
    expect(collectionColumns('2024-01-15', '2024-03-10', 'monthly')).toEqual([
      { from: '2024-01-15', to: '2024-01-31' },
      { from: '2024-02-01', to: '2024-02-29' },
      { from: '2024-03-01', to: '2024-03-10' },
    ]);
  });

  it('groups daily up to 7 days, weekly up to 28, monthly beyond (spec 3 §9)', () => {
    const now = local(2024, 3, 15, 12);
    const week = collectionSpan({ startTime: local(2024, 3, 9), endTime: local(2024, 3, 16) - 1 }, now);
    expect([week.period, week.columns.length]).toEqual(['daily', 7]);
    const twoWeeks = collectionSpan({ startTime: local(2024, 3, 2), endTime: local(2024, 3, 16) - 1 }, now);
    expect([twoWeeks.period, twoWeeks.columns.length]).toEqual(['weekly', 2]);
    const month = collectionSpan({ startTime: local(2024, 2, 15), endTime: local(2024, 3, 16) - 1 }, now);
    expect([month.period, month.columns.map((c) => c.from)]).toEqual(['monthly', ['2024-02-15', '2024-03-01']]);
    expect(collectionSpan({}, now, '2024-03-14').period).toBe('daily');
  });

  it('has no columns for a range that starts after today', () => {
    const span = collectionSpan({ startTime: local(2024, 4, 1) }, local(2024, 3, 15, 12));
    expect(span.columns).toEqual([]);
  });
});

describe('collection table rows', () => {
  const columns = collectionColumns('2024-03-01', '2024-03-14', 'weekly');

  it('sums each user per period over projects, with a total, sorted by e-mail', () => {
    const rows = [
      row('2024-03-01', 'zoe@x.test', 10),
      row('2024-03-02', 'zoe@x.test', 5, 2, 8, 'p2'),
      row('2024-03-09', 'zoe@x.test', 1),
      row('2024-03-14', 'amy@x.test', 100, 3, 9),
      row('2024-04-01', 'amy@x.test', 999),
    ];
    const table = collectionTable(rows, columns);
    expect(table.map((u) => u.email)).toEqual(['amy@x.test', 'zoe@x.test']);
    expect(table[1].cells).toEqual([
      { meters: 15, features: 3, vertices: 10 },
      { meters: 1, features: 1, vertices: 2 },
    ]);
    expect(table[1].total).toEqual({ meters: 16, features: 4, vertices: 12 });
    // A day outside the columns is not counted.
    expect(table[0].total).toEqual({ meters: 100, features: 3, vertices: 9 });
  });

  it('shows length in whole feet, or metres by the metric preference; counts as they are', () => {
    const amounts = { meters: 100.12345, features: 3, vertices: 9 };
    expect(measureOf(amounts, 'length', false)).toBe(328);
    expect(measureOf(amounts, 'length', true)).toBe(100.123);
    expect(measureOf(amounts, 'features', false)).toBe(3);
    expect(measureOf(amounts, 'vertices', true)).toBe(9);
  });
});
