import { collectedLength, collectionPeriod, type CollectionPeriod, type DailyCollectionRow } from '@fieldbook/domain';
import { addDays, rangeDays, type RangeTimes } from './report-range';

/**
 * The User Feature Collection table (spec 3 §2, §9): the daily rows of GET /rest/stats/user/daily summed
 * per user into columns of days, weeks or months of the report's range.
 */
export interface CollectionColumn {
  /** First and last day of the column, inclusive ('YYYY-MM-DD'). */
  from: string;
  to: string;
}

export interface CollectionAmounts {
  meters: number;
  features: number;
  vertices: number;
}

export interface CollectionUserRow {
  key: string;
  email: string;
  cells: CollectionAmounts[];
  total: CollectionAmounts;
}

export type CollectionMeasure = 'length' | 'features' | 'vertices';

const lastDayOfMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The columns from `from` to `to`: each day, runs of 7 days from the first, or calendar months. */
export function collectionColumns(from: string, to: string, period: CollectionPeriod): CollectionColumn[] {
  const columns: CollectionColumn[] = [];
  for (let start = from; start <= to;) {
    const end =
      period === 'daily'
        ? start
        : period === 'weekly'
          ? earlier(addDays(start, 6), to)
          : earlier(lastDayOfMonth(start), to);
    columns.push({ from: start, to: end });
    start = addDays(end, 1);
  }
  return columns;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * The table's days, period and columns for a report range (see rangeDays). The period follows the
 * number of calendar days, so a daylight-saving change cannot turn a week into eight days.
 */
export function collectionSpan(times: RangeTimes, now: number, firstDataDay?: string) {
  const { from, to } = rangeDays(times, now, firstDataDay);
  const days = dayNumber(to) - dayNumber(from) + 1;
  const period = collectionPeriod(0, Math.max(days, 1) * DAY_MS);
  return { from, to, period, columns: days > 0 ? collectionColumns(from, to, period) : [] };
}

const zero = (): CollectionAmounts => ({ meters: 0, features: 0, vertices: 0 });
const addInto = (sum: CollectionAmounts, row: DailyCollectionRow) => {
  sum.meters += row.meters_collected;
  sum.features += row.features_collected;
  sum.vertices += row.vertices_collected;
};

/** One row per user (by e-mail), their projects summed; days outside the columns are left out. */
export function collectionTable(rows: DailyCollectionRow[], columns: CollectionColumn[]): CollectionUserRow[] {
  const users = new Map<string, CollectionUserRow>();
  for (const row of rows) {
    const at = columns.findIndex((c) => c.from <= row.date && row.date <= c.to);
    if (at < 0) continue;
    const key = row.account_id ?? row.email ?? '';
    let user = users.get(key);
    if (!user) {
      user = { key, email: row.email ?? '', cells: columns.map(zero), total: zero() };
      users.set(key, user);
    }
    addInto(user.cells[at], row);
    addInto(user.total, row);
  }
  return [...users.values()].sort((a, b) => a.email.localeCompare(b.email));
}

/** A cell as the table shows it: length in feet (whole) or metres by the metric preference, or a count. */
export function measureOf(amounts: CollectionAmounts, measure: CollectionMeasure, metric: boolean): number {
  if (measure === 'length') return collectedLength(amounts.meters, metric);
  return measure === 'features' ? amounts.features : amounts.vertices;
}
